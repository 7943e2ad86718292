// The MCP annotations toMcpTool derives from a tool's declared access mode
// and danger level. The contract (no read-only claim for an undeclared access
// mode) is in test/spec/s14-hardening-mcp.test.ts.
import { AccessMode, DangerLevel } from '@victor-tools/core';
import { toMcpTool } from '@victor-tools/providers';
import { TestTool } from '../../../test/support/tools';

describe('MCP annotations', () => {
  const annotations = (metadata?: ConstructorParameters<typeof TestTool>[0]['metadata']) =>
    toMcpTool(new TestTool({ name: 'delete_everything', metadata })).schema.annotations;

  it('should advertise a write tool without a danger level as destructive, and follow a declared danger level', () => {
    expect(annotations({ accessMode: AccessMode.WRITE })).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(annotations({ accessMode: AccessMode.WRITE, dangerLevel: DangerLevel.LOW })).toMatchObject({ destructiveHint: false });
    expect(annotations({ accessMode: AccessMode.WRITE, dangerLevel: DangerLevel.HIGH })).toMatchObject({ destructiveHint: true });
  });

  it('should advertise a declared READONLY tool as read-only and not destructive', () => {
    expect(annotations({ accessMode: AccessMode.READONLY })).toMatchObject({ readOnlyHint: true, destructiveHint: false });
  });
});
