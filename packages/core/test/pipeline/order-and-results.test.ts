// The order of the execute steps and the one result rule, in depth: enabled
// and available before the mode, after-hooks on a timed-out call, a result
// from another copy of core, an after-hook's answer. The contract itself is
// in test/spec/s15-pipeline.test.ts.
import {
  AccessMode,
  ToolRegistry,
  ToolResult,
} from '@victor-tools/core';
import { TestTool } from '../../../../test/support/tools';
import { RawTool } from '../support/pipeline';

describe('the order of the steps', () => {
  it('should check enabled before the mode, and available before the mode', async () => {
    const registry = new ToolRegistry();
    registry.register(new TestTool({ name: 'off', metadata: { accessMode: AccessMode.WRITE } }), { enabled: false });
    registry.register(new TestTool({ name: 'gone', available: () => false, metadata: { accessMode: AccessMode.WRITE } }));
    expect((await registry.execute('off', {}, { mode: 'plan' })).error).toBe("Tool 'off' is disabled");
    expect((await registry.execute('gone', {}, { mode: 'plan' })).error).toBe("Tool 'gone' is not available");
  });

  it('should let the after-hooks see a timed-out call, as they see every call that reached the tool', async () => {
    const registry = new ToolRegistry();
    registry.register(new TestTool({ name: 'hang', timeoutMs: 20, run: () => new Promise(() => undefined) }));
    const seen: Array<string | undefined> = [];
    registry.registerAfterHook((result) => {
      seen.push(result.error);
    });
    const result = await registry.execute('hang', {});
    expect(result.error).toBe("Tool 'hang' timed out after 20 ms");
    expect(seen).toEqual(["Tool 'hang' timed out after 20 ms"]);
  });
});

describe('the one result rule', () => {
  async function run(answer: (args: Record<string, unknown>) => unknown): Promise<ToolResult> {
    const registry = new ToolRegistry();
    registry.register(new RawTool(answer));
    return registry.execute('raw', {});
  }

  it('should take a result of another copy of core (or its JSON) as that result', async () => {
    const foreign = JSON.parse(JSON.stringify(ToolResult.ok({ rows: 3 }, { took: 5 })));
    const result = await run(() => foreign);
    expect(result).toBeInstanceOf(ToolResult);
    expect(result).toEqual(ToolResult.ok({ rows: 3 }, { took: 5 }));
  });

  it('should apply the same rule to what an after-hook returns', async () => {
    const registry = new ToolRegistry();
    registry.register(new TestTool({ name: 't' }));
    registry.registerAfterHook(() => ({ success: false, error: 'redacted' }));
    const result = await registry.execute('t', {});
    expect(result).toBeInstanceOf(ToolResult);
    expect(result).toMatchObject({ success: false, error: 'redacted' });
  });
});
