// SPEC section 11 (providers): { schema, dropped } exports and MCP annotations.
import { AccessMode, BaseTool, DangerLevel, ToolRegistry, ToolResult } from '@victor-tools/core';
import { tool } from '@victor-tools/decorators';
import { toAnthropicTool, toGeminiFunction, toMcpTool, toOpenAITool } from '@victor-tools/providers';
import { normalizeStrictArguments } from '@victor-tools/providers/framework';
import { TestTool } from './helpers';

const parameters = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'Where.' },
    limit: { type: 'integer', default: 10 },
    opts: { type: 'object', properties: { deep: { type: 'boolean' } } },
    tags: { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' } },
  },
  required: ['path'],
};
const t = new TestTool({ name: 'read_file', description: 'Read a file.', parameters });

describe('toOpenAITool', () => {
  it('should return { schema, dropped } in the chat shape by default', () => {
    const out = toOpenAITool(t);
    expect(Object.keys(out).sort()).toEqual(['dropped', 'schema']);
    expect(Array.isArray(out.dropped)).toBe(true);
    expect(out.schema).toMatchObject({ type: 'function', function: { name: 'read_file', description: 'Read a file.' } });
    expect((out.schema as { function: { parameters: unknown } }).function.parameters).toEqual(parameters);
  });

  it('should not send a top-level anyOf, which OpenAI refuses, and report it in dropped', () => {
    const either = new TestTool({ name: 'either', parameters: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, anyOf: [{ required: ['a'] }, { required: ['b'] }] } });
    for (const strict of [false, true]) {
      const out = toOpenAITool(either, { strict });
      expect((out.schema as { function: { parameters: Record<string, unknown> } }).function.parameters.anyOf).toBeUndefined();
      expect(out.dropped).toContainEqual(expect.objectContaining({ keyword: 'anyOf', path: '', action: 'removed' }));
    }
  });

  it('should give the responses shape with api: responses', () => {
    const out = toOpenAITool(t, { api: 'responses' });
    expect(out.schema).toMatchObject({ type: 'function', name: 'read_file', description: 'Read a file.' });
  });

  it('should make every property required, optional ones nullable, and close every object in strict mode', () => {
    const out = toOpenAITool(t, { strict: true });
    const p = (out.schema as { function: { parameters: Record<string, unknown> } }).function.parameters as {
      properties: Record<string, Record<string, unknown>>;
      required: string[];
      additionalProperties: unknown;
    };
    expect([...p.required].sort()).toEqual(['limit', 'opts', 'path', 'tags']);
    expect(p.additionalProperties).toBe(false);
    expect(p.properties.path.type).toBe('string');
    const nullable = (s: Record<string, unknown>) =>
      (Array.isArray(s.type) && s.type.includes('null')) || (Array.isArray(s.anyOf) && s.anyOf.some((x: { type?: unknown }) => x.type === 'null'));
    expect(nullable(p.properties.limit)).toBe(true);
    expect(nullable(p.properties.path)).toBe(false);
    const opts = p.properties.opts as Record<string, unknown>;
    const optsObject = (Array.isArray(opts.anyOf) ? (opts.anyOf as Array<Record<string, unknown>>).find((s) => s.type === 'object') : opts) as Record<string, unknown>;
    expect(optsObject.additionalProperties).toBe(false);
    expect(optsObject.required).toEqual(['deep']);
  });

  it('should list what strict mode dropped', () => {
    const out = toOpenAITool(t, { strict: true });
    expect(out.dropped.map((d) => d.keyword)).toContain('default');
  });
});

describe('toAnthropicTool', () => {
  it('should return { schema: { name, description, input_schema }, dropped }', () => {
    const out = toAnthropicTool(t);
    expect(out.schema).toMatchObject({ name: 'read_file', description: 'Read a file.', input_schema: { type: 'object' } });
    expect(Array.isArray(out.dropped)).toBe(true);
  });
});

describe('toGeminiFunction', () => {
  it('should return { schema, dropped } listing every keyword Gemini cannot carry', () => {
    const withExtras = new TestTool({
      name: 'g',
      parameters: {
        type: 'object',
        properties: { a: { type: 'string', pattern: '^x', examples: ['x'] }, b: { type: 'object', properties: {}, additionalProperties: false } },
        additionalProperties: false,
      },
    });
    const out = toGeminiFunction(withExtras);
    expect(out.schema).toMatchObject({ name: 'g' });
    const serialized = JSON.stringify(out.schema);
    for (const d of out.dropped) expect(typeof d.keyword).toBe('string');
    const droppedKeywords = out.dropped.map((d) => d.keyword);
    for (const k of ['additionalProperties', 'examples']) {
      if (!serialized.includes(`"${k}"`)) expect(droppedKeywords).toContain(k);
    }
  });
});

describe('toMcpTool', () => {
  function annotations(metadata: Record<string, unknown> | undefined, idempotent = false) {
    return toMcpTool(new TestTool({ name: 'm', metadata: metadata as never, idempotent })).schema.annotations;
  }

  it('should return { schema: { name, description, inputSchema, annotations }, dropped }', () => {
    const out = toMcpTool(t);
    expect(out.schema).toMatchObject({ name: 'read_file', description: 'Read a file.', inputSchema: { type: 'object' } });
    expect(Array.isArray(out.dropped)).toBe(true);
  });

  it('should set readOnlyHint for READONLY only', () => {
    expect(annotations({ accessMode: AccessMode.READONLY }).readOnlyHint).toBe(true);
    expect(annotations({ accessMode: AccessMode.WRITE }).readOnlyHint).toBe(false);
    expect(annotations({ accessMode: 'network' }).readOnlyHint).toBe(false);
  });

  // Newer than SPEC 11's line, and it wins): a hint never says more
  // than the tool declared; undeclared, MCP's own defaults stand.
  it('should not claim read-only or non-destructive for a tool that declares no access mode or danger level', () => {
    expect(annotations(undefined)).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(annotations({ accessMode: AccessMode.WRITE })).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(annotations({ accessMode: AccessMode.READONLY })).toMatchObject({ readOnlyHint: true, destructiveHint: false });
  });

  it('should set destructiveHint from danger MEDIUM up', () => {
    expect(annotations({ dangerLevel: DangerLevel.LOW }).destructiveHint).toBe(false);
    expect(annotations({ dangerLevel: DangerLevel.MEDIUM }).destructiveHint).toBe(true);
    expect(annotations({ dangerLevel: 'critical' }).destructiveHint).toBe(true);
  });

  it('should set idempotentHint from isIdempotent', () => {
    expect(annotations(undefined, true).idempotentHint).toBe(true);
    expect(annotations(undefined, false).idempotentHint).toBe(false);
    expect(toMcpTool(tool({ name: 'i', description: 'Idem.', isIdempotent: true } as never, () => 1)).schema.annotations.idempotentHint).toBe(true);
  });

  it('should set openWorldHint for NETWORK and MIXED', () => {
    expect(annotations({ accessMode: AccessMode.NETWORK }).openWorldHint).toBe(true);
    expect(annotations({ accessMode: AccessMode.MIXED }).openWorldHint).toBe(true);
    expect(annotations({ accessMode: AccessMode.EXECUTE }).openWorldHint).toBe(false);
  });
});

describe('exporters', () => {
  it('should accept a BaseTool, a function tool and a @Tool-like tool', () => {
    const fn = tool({ name: 'fn', description: 'Fn.' }, () => 1);
    for (const exp of [toOpenAITool, toAnthropicTool, toGeminiFunction, toMcpTool]) {
      expect(exp(fn as BaseTool).schema).toBeDefined();
    }
  });
});

describe('OpenAI strict null for an optional parameter', () => {
  it('should be taken as absent before validation, with normalizeStrictArguments', async () => {
    const registry = new ToolRegistry();
    const tl = new TestTool({ name: 'read_file', parameters });
    registry.register(tl);
    const args = normalizeStrictArguments(tl, { path: 'p', limit: null });
    const res = await registry.execute('read_file', args);
    expect(res).toBeInstanceOf(ToolResult);
    expect(res.success).toBe(true);
    expect(tl.calls[0].args).toEqual({ path: 'p', limit: 10 });
  });

  it('should be taken as absent before validation by registry.execute itself', async () => {
    const registry = new ToolRegistry();
    const tl = new TestTool({ name: 'read_file', parameters });
    registry.register(tl);
    const args = { path: 'p', limit: null, opts: { deep: null }, tags: null };
    const res = await registry.execute('read_file', args);
    expect(res).toBeInstanceOf(ToolResult);
    expect(res.error).toBeUndefined();
    expect(res.success).toBe(true);
    expect(tl.calls[0].args).toEqual({ path: 'p', limit: 10, opts: {} });
    expect(args).toEqual({ path: 'p', limit: null, opts: { deep: null }, tags: null });
  });

  it('should be taken as absent inside a union branch and an allOf member, where strict mode made it nullable too', async () => {
    const registry = new ToolRegistry();
    const union = new TestTool({
      name: 'draw',
      parameters: {
        type: 'object',
        properties: {
          s: {
            oneOf: [
              { type: 'object', properties: { kind: { const: 'c' }, label: { type: 'string' } }, required: ['kind'], additionalProperties: false },
              { type: 'object', properties: { kind: { const: 'q' }, side: { type: 'number' } }, required: ['kind', 'side'], additionalProperties: false },
            ],
          },
        },
        required: ['s'],
      },
    });
    const merged = new TestTool({
      name: 'merged',
      parameters: { type: 'object', allOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { type: 'object', properties: { b: { type: 'string' } } }] },
    });
    registry.register(union);
    registry.register(merged);
    expect((await registry.execute('draw', { s: { kind: 'c', label: null } })).success).toBe(true);
    expect(union.calls[0].args).toEqual({ s: { kind: 'c' } });
    expect((await registry.execute('merged', { a: 'x', b: null })).success).toBe(true);
    expect(merged.calls[0].args).toEqual({ a: 'x' });
  });

  it('should still fail a null for a required parameter as a wrong type', async () => {
    const registry = new ToolRegistry();
    registry.register(new TestTool({ name: 'read_file', parameters }));
    const res = await registry.execute('read_file', { path: null, limit: null });
    expect(res.success).toBe(false);
    expect(res.error).toBe("Invalid parameters for tool 'read_file': Parameter 'path' has wrong type: expected string, got null");
  });
});
