import { ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { toAnthropicTool, toGeminiFunction, toMcpTool, toOpenAITool } from '@victor-tools/providers';
import { MCP_SCHEMA_DIALECT, mcpAnnotations } from '@victor-tools/providers/framework';
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

  it('should keep the dialect a tool declares: JSON Schema 2020-12 with its $defs (SEP-1613)', () => {
    const parameters = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } } },
      properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
      additionalProperties: false,
    };
    const { schema, dropped } = toMcpTool(schemaTool(parameters));
    expect(schema.inputSchema).toEqual(parameters);
    expect(Object.keys(schema.inputSchema)[0]).toBe('$schema');
    expect(dropped).toEqual([]);
  });

  it('should advertise a declared output schema with its dialect, and none otherwise', () => {
    const outputSchema = { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] };
    const { schema, dropped } = toMcpTool(schemaTool({ type: 'object' }, { outputSchema }));
    expect(schema.outputSchema).toEqual({ $schema: MCP_SCHEMA_DIALECT, ...outputSchema });
    expect(schema.outputSchema).not.toBe(outputSchema);
    expect(dropped).toEqual([]);
    const declared = { $schema: 'https://json-schema.org/draft/2020-12/schema', ...outputSchema };
    expect(toMcpTool(schemaTool({ type: 'object' }, { outputSchema: declared })).schema.outputSchema).toEqual(declared);
    expect('outputSchema' in toMcpTool(new ReadFileTool()).schema).toBe(false);
  });
});

describe('formats without an output schema', () => {
  const tool = schemaTool({ type: 'object', properties: {} }, { outputSchema: { type: 'object', properties: { n: { type: 'number' } } } });

  it.each([
    ['OpenAI', () => toOpenAITool(tool).dropped, 'OpenAI function tools'],
    ['OpenAI strict', () => toOpenAITool(tool, { strict: true, api: 'responses' }).dropped, 'OpenAI function tools'],
    ['Anthropic', () => toAnthropicTool(tool).dropped, 'Anthropic tools'],
    ['Gemini', () => toGeminiFunction(tool).dropped, 'Gemini tools'],
  ])('%s should leave it out and list it in dropped', (_format, dropped, who) => {
    expect(dropped()).toContainEqual({
      keyword: 'outputSchema',
      path: '',
      action: 'removed',
      reason: `${who} have no output schema; the tool's outputs are still checked against it, but the model is not told their shape`,
    });
  });

  it('should report nothing for a tool that declares none', () => {
    expect(toOpenAITool(new ReadFileTool()).dropped).toEqual([]);
    expect(toAnthropicTool(new ReadFileTool()).dropped).toEqual([]);
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

describe('boolean property schemas', () => {
  const tool = schemaTool({ type: 'object', properties: { t: true, f: false, u: { type: 'string' } } as never });

  it('should write them as the object schemas meaning the same for MCP, which the official SDK takes', () => {
    const { schema } = toMcpTool(tool);
    expect(schema.inputSchema.properties).toEqual({ t: {}, f: { not: {} }, u: { type: 'string' } });
    expect(ToolSchema.safeParse(schema).success).toBe(true);
  });

  it('should write them so in a declared output schema too, at any depth', () => {
    const outputSchema = { type: 'object', properties: { ok: true, detail: { type: 'object', properties: { gone: false } } } } as never;
    const { schema } = toMcpTool(schemaTool({ type: 'object', properties: {} }, { outputSchema }));
    expect(schema.outputSchema?.properties).toEqual({ ok: {}, detail: { type: 'object', properties: { gone: { not: {} } } } });
    expect(ToolSchema.safeParse(schema).success).toBe(true);
  });

  it('should report them as left out of OpenAI strict and Gemini exports, never lose them in silence', () => {
    const strict = toOpenAITool(tool, { strict: true });
    expect(Object.keys(strict.schema.function.parameters.properties ?? {})).toEqual(['u']);
    expect(strict.dropped.filter((d) => d.keyword === 't' || d.keyword === 'f')).toEqual([
      expect.objectContaining({ keyword: 't', path: 'properties', action: 'removed' }),
      expect.objectContaining({ keyword: 'f', path: 'properties', action: 'removed' }),
    ]);
    const gemini = toGeminiFunction(tool);
    expect(Object.keys(gemini.schema.parameters?.properties ?? {})).toEqual(['u']);
    expect(gemini.dropped.map((d) => d.keyword)).toEqual(['t', 'f']);
  });
});
