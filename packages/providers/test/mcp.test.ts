import { MCP_SCHEMA_DIALECT, mcpAnnotations, toMcpTool } from '@victor-tools/providers';
import { HttpGetTool, ReadFileTool, WriteFileTool } from './fixtures/example-tools';
import { schemaTool } from './fixtures/schema-tool';

describe('toMcpTool', () => {
  it('should state the Draft 7 dialect first in the input schema and keep the rest unchanged', () => {
    const tool = new ReadFileTool();
    const { schema, dropped } = toMcpTool(tool);
    expect(Object.keys(schema.inputSchema)[0]).toBe('$schema');
    expect(schema.inputSchema).toEqual({ $schema: MCP_SCHEMA_DIALECT, ...tool.parameters });
    expect(MCP_SCHEMA_DIALECT).toBe('http://json-schema.org/draft-07/schema#');
    expect(dropped).toEqual([]);
  });

  it('should report a different dialect the tool declared, since it is validated as Draft 7', () => {
    const { schema, dropped } = toMcpTool(schemaTool({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' }));
    expect(schema.inputSchema.$schema).toBe(MCP_SCHEMA_DIALECT);
    expect(dropped).toEqual([expect.objectContaining({ keyword: '$schema', path: '', action: 'rewritten' })]);
  });
});

describe('mcpAnnotations', () => {
  it('should mark a READONLY idempotent tool read-only, not destructive, idempotent and closed-world', () => {
    expect(mcpAnnotations(new ReadFileTool())).toEqual({
      title: 'Read file',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
  });

  it('should mark a WRITE tool with danger MEDIUM destructive and not read-only', () => {
    expect(mcpAnnotations(new WriteFileTool())).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
  });

  it('should mark NETWORK and MIXED tools open-world', () => {
    expect(mcpAnnotations(new HttpGetTool())).toMatchObject({ readOnlyHint: false, openWorldHint: true, destructiveHint: false });
    expect(mcpAnnotations(schemaTool({ type: 'object' }, { metadata: { accessMode: 'mixed' } }))).toMatchObject({ openWorldHint: true });
  });

  it('should count a declared danger LOW as not destructive and HIGH as destructive', () => {
    expect(mcpAnnotations(schemaTool({}, { metadata: { accessMode: 'execute', dangerLevel: 'low' } })).destructiveHint).toBe(false);
    expect(mcpAnnotations(schemaTool({}, { metadata: { accessMode: 'execute', dangerLevel: 'high' } })).destructiveHint).toBe(true);
  });

  it("should keep MCP's defaults (not read-only, destructive, open-world) for a tool that declares nothing, whatever its name", () => {
    expect(mcpAnnotations(schemaTool({ type: 'object' }, { name: 'delete_everything' }))).toEqual({
      title: 'Delete everything',
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
  });

  it('should count a WRITE tool without a declared danger level as destructive', () => {
    expect(mcpAnnotations(schemaTool({}, { metadata: { accessMode: 'write' } }))).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it('should count a declared READONLY tool as not destructive, even without a danger level', () => {
    expect(mcpAnnotations(schemaTool({}, { metadata: { accessMode: 'readonly' } }))).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      openWorldHint: false,
    });
  });

  it('should not claim read-only for a tool that declares only a danger level', () => {
    expect(mcpAnnotations(schemaTool({}, { metadata: { dangerLevel: 'safe' } }))).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      openWorldHint: true,
    });
  });

  it('should be what toMcpTool puts in annotations', () => {
    const tool = new WriteFileTool();
    expect(toMcpTool(tool).schema.annotations).toEqual(mcpAnnotations(tool));
  });
});
