import Ajv2020 from 'ajv/dist/2020';
import { Type } from '@sinclair/typebox';
import { z } from 'zod';
import type { JsonSchema } from '@victor-tools/core';
import { toAnthropicTool, toMcpTool, toOpenAITool } from '@victor-tools/providers';
import { InvalidPropertyKeyError } from '@victor-tools/providers/framework';
import { FindFilesTool } from './fixtures/example-tools';
import { schemaTool } from './fixtures/schema-tool';

describe('toAnthropicTool', () => {
  it('should give name, description and the parameters as input_schema, unchanged', () => {
    const tool = new FindFilesTool();
    expect(toAnthropicTool(tool)).toEqual({
      schema: { name: 'find_files', description: tool.description, input_schema: tool.parameters },
      dropped: [],
    });
  });

  it('should refuse a deferLoading that is not a boolean with a TypeError', () => {
    expect(() => toAnthropicTool(new FindFilesTool(), { deferLoading: 'no' } as never)).toThrow(
      new TypeError("toAnthropicTool: option 'deferLoading' must be true or false, got a string."),
    );
  });

  it('should state type object on an input schema that left it out', () => {
    const { schema, dropped } = toAnthropicTool(schemaTool({ properties: { a: { type: 'string' } } }));
    expect(schema.input_schema).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
    expect(dropped).toEqual([]);
  });

  it('should merge a top-level allOf of objects and remove a top-level anyOf, reporting both', () => {
    const { schema, dropped } = toAnthropicTool(
      schemaTool({
        type: 'object',
        allOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }],
        anyOf: [{ required: ['a'] }],
      }),
    );
    expect(schema.input_schema).toEqual({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] });
    expect(dropped.map(({ keyword, action }) => `${action} ${keyword}`)).toEqual(['removed anyOf', 'rewritten allOf']);
  });

  it("should keep additionalProperties: false when every member of a merged allOf says so, and report the members' other keywords", () => {
    const member = (key: string, extra: JsonSchema) => ({ type: 'object', properties: { [key]: { type: 'string' } }, additionalProperties: false, ...extra }) as JsonSchema;
    const closed = toAnthropicTool(schemaTool({ type: 'object', allOf: [member('a', { description: 'A.' }), member('b', { minProperties: 1 })] }));
    expect(closed.schema.input_schema).toEqual({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: [], additionalProperties: false });
    expect(closed.dropped.map(({ keyword, path, action }) => `${action} ${keyword} ${path}`)).toEqual([
      'removed description allOf.0',
      'removed minProperties allOf.1',
      'rewritten allOf ',
    ]);
    const open = toAnthropicTool(schemaTool({ type: 'object', allOf: [member('a', {}), { type: 'object', properties: { b: { type: 'number' } } }] }));
    expect(open.schema.input_schema.additionalProperties).toBeUndefined();
    expect(open.dropped.map(({ keyword, path }) => `${keyword} ${path}`)).toEqual(['additionalProperties allOf.0', 'allOf ']);
  });

  describe('property keys', () => {
    it.each([
      ['filter[id]', {}, '', 'filter_id_'],
      ['x'.repeat(65), {}, '', 'x'.repeat(64)],
      ['@odata.type', { nested: true }, 'properties.opts', '_odata.type'],
      ['user name', { items: true }, 'properties.list.items', 'user_name'],
    ])("should refuse '%s' at any depth with an error naming the key, the tool, the rule and a valid key", (key, where, path, suggestion) => {
      const inner = { type: 'object', properties: { [key]: { type: 'string' } } };
      const parameters: JsonSchema =
        'nested' in where
          ? { type: 'object', properties: { opts: inner } }
          : 'items' in where
            ? { type: 'object', properties: { list: { type: 'array', items: inner } } }
            : inner;
      const tool = schemaTool(parameters, { name: 'odata_list' });
      let error: unknown;
      try {
        toAnthropicTool(tool);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InvalidPropertyKeyError);
      expect(error).toMatchObject({ key, path, toolName: 'odata_list', provider: 'Anthropic', suggestion });
      expect((error as Error).message).toContain(`Property key '${key}'`);
      expect((error as Error).message).toContain("tool 'odata_list'");
      expect((error as Error).message).toContain("letters, digits, '_', '.' and '-' only, 1 to 64 characters");
      expect((error as Error).message).toContain(`e.g. '${suggestion}'`);
      // OpenAI and MCP take such keys: they are not a registration rule.
      expect(() => toOpenAITool(tool)).not.toThrow();
      expect(() => toMcpTool(tool)).not.toThrow();
    });

    it('should cut a huge key in its message, keeping it whole on the error', () => {
      const key = 'k '.repeat(50_000);
      const tool = schemaTool({ type: 'object', properties: { [key]: { type: 'string' } } });
      let error: unknown;
      try {
        toAnthropicTool(tool);
      } catch (e) {
        error = e;
      }
      expect((error as InvalidPropertyKeyError).key).toBe(key);
      expect((error as Error).message.length).toBeLessThan(2_000);
    });

    it('should take keys with letters, digits, _, . and - up to 64 characters', () => {
      const tool = schemaTool({ type: 'object', properties: { 'a.b-c_D9': { type: 'string' }, ['k'.repeat(64)]: { type: 'string' } } });
      expect(() => toAnthropicTool(tool)).not.toThrow();
    });
  });

  describe('tuples', () => {
    // Anthropic checks input_schema against draft 2020-12, where draft 7's items: [...] is invalid.
    const draft2020 = new Ajv2020({ strict: false });

    it("should write TypeBox's draft 7 tuple as prefixItems, with items: false for no more items", () => {
      const { schema, dropped } = toAnthropicTool(schemaTool(Type.Object({ pt: Type.Tuple([Type.Number(), Type.String()]) }) as unknown as JsonSchema));
      const pt = (schema.input_schema.properties as Record<string, JsonSchema>).pt;
      expect(pt).toEqual({ type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }], items: false, minItems: 2, maxItems: 2 });
      expect(dropped.map(({ keyword, path, action }) => ({ keyword, path, action }))).toEqual([{ keyword: 'items', path: 'properties.pt', action: 'rewritten' }]);
      const validate = draft2020.compile(schema.input_schema);
      expect(validate({ pt: [1, 'a'] })).toBe(true);
      expect(validate({ pt: ['a', 1] })).toBe(false);
    });

    it("should keep zod's rest items as items after the prefix", () => {
      const { schema } = toAnthropicTool(schemaTool(z.object({ r: z.tuple([z.number()], z.string()) }) as unknown as JsonSchema));
      const validate = draft2020.compile(schema.input_schema);
      expect(validate({ r: [1, 'a', 'b'] })).toBe(true);
      expect(validate({ r: [1, 2] })).toBe(false);
    });
  });
});
