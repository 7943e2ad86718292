import Ajv from 'ajv';
import { z } from 'zod';
import { SchemaLevel, ToolRegistry, type JsonSchema } from '@victor-tools/core';
import { dropNullOptionals } from '@victor-tools/core/framework';
import { TOOL_PROTOCOL } from '@victor-tools/core/internal';
import { toOpenAITool } from '@victor-tools/providers';
import { createStrictArgumentsNormalizer, normalizeStrictArguments } from '@victor-tools/providers/framework';
import { FindFilesTool, ReadFileTool } from './fixtures/example-tools';
import { schemaTool } from './fixtures/schema-tool';

// strict: false because OpenAI's strict schemas use keywords ajv's strict mode frowns on (type lists with enum).
const ajv = new Ajv({ strict: false, allErrors: true });
const accepts = (schema: JsonSchema, value: unknown): boolean => ajv.validate(schema, value) as boolean;

describe('toOpenAITool', () => {
  describe('without strict', () => {
    it('should pass the parameters through unchanged and report nothing', () => {
      const tool = new FindFilesTool();
      const { schema, dropped } = toOpenAITool(tool);
      expect(schema).toEqual({ type: 'function', function: { name: 'find_files', description: tool.description, parameters: tool.parameters } });
      expect(dropped).toEqual([]);
    });

    it('should give the Responses API shape with strict: false when api is responses', () => {
      const { schema } = toOpenAITool(new ReadFileTool(), { api: 'responses' });
      expect(schema).toEqual({
        type: 'function',
        name: 'read_file',
        description: new ReadFileTool().description,
        parameters: new ReadFileTool().parameters,
        strict: false,
      });
    });

    it.each([false, true])('should merge a top-level allOf and remove what else OpenAI refuses at the top level (strict: %p)', (strict) => {
      const tool = schemaTool({
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'string' } },
        anyOf: [{ required: ['a'] }, { required: ['b'] }],
        allOf: [{ type: 'object', properties: { c: { type: 'integer' } }, required: ['c'] }],
        not: { required: ['d'] },
      });
      const { schema, dropped } = toOpenAITool(tool, { strict });
      const params = schema.function.parameters;
      expect(Object.keys(params).filter((k) => ['anyOf', 'oneOf', 'allOf', 'enum', 'const', 'not'].includes(k))).toEqual([]);
      expect(Object.keys(params.properties ?? {})).toEqual(['a', 'b', 'c']);
      expect(params.required).toEqual(strict ? ['a', 'b', 'c'] : ['c']);
      expect(dropped.filter((d) => d.path === '').map(({ keyword, action }) => ({ keyword, action }))).toEqual([
        { keyword: 'anyOf', action: 'removed' },
        { keyword: 'allOf', action: 'rewritten' },
        { keyword: 'not', action: 'removed' },
      ]);
      expect(dropped[0].reason).toBe('OpenAI does not take anyOf at the top level of parameters');
    });

    it('should not share objects with the tool, so editing the export leaves the tool intact', () => {
      const tool = new FindFilesTool();
      const { schema } = toOpenAITool(tool);
      (schema.function.parameters.properties as Record<string, JsonSchema>).pattern.type = 'number';
      expect((tool.parameters.properties as Record<string, JsonSchema>).pattern.type).toBe('string');
    });

    it('should render the schema at the level asked for', () => {
      const tool = new ReadFileTool();
      const levels: unknown[] = [];
      tool.toSchema = (level) => {
        levels.push(level);
        return { type: 'function', function: { name: 'read_file', description: 'Read.', parameters: { type: 'object', properties: {} } } };
      };
      const { schema } = toOpenAITool(tool, { level: 'stub' });
      expect(levels).toEqual([SchemaLevel.STUB]);
      expect(schema.function.description).toBe('Read.');
    });

    it('should accept an object implementing the tool protocol', () => {
      const provider = { [TOOL_PROTOCOL]: () => new ReadFileTool() };
      expect(toOpenAITool(provider).schema.function.name).toBe('read_file');
    });

    it('should throw a TypeError naming what was passed when it is not a tool', () => {
      expect(() => toOpenAITool({ name: 'x' } as never)).toThrow(/Cannot export an object as a tool: pass a BaseTool/);
    });
  });

  describe('with strict', () => {
    it("should keep a property named '__proto__' as an own key, and require it", () => {
      // JSON.parse makes '__proto__' an own key, as a tool's schema read from JSON has it.
      const tool = schemaTool(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"a":{"type":"number"}},"required":["__proto__"]}') as JsonSchema);
      const params = toOpenAITool(tool, { strict: true }).schema.function.parameters;
      expect(Object.keys(params.properties!)).toEqual(['__proto__', 'a']);
      expect(Object.getOwnPropertyDescriptor(params.properties!, '__proto__')?.value).toEqual({ type: 'string' });
      expect(params.required).toEqual(['__proto__', 'a']);
    });

    it('should make an optional scalar parameter required with a type list including null', () => {
      const tool = schemaTool({ type: 'object', properties: { path: { type: 'string' }, limit: { type: 'integer' } }, required: ['path'] });
      const params = toOpenAITool(tool, { strict: true }).schema.function.parameters;
      expect(params).toEqual({
        type: 'object',
        properties: { path: { type: 'string' }, limit: { type: ['integer', 'null'] } },
        required: ['path', 'limit'],
        additionalProperties: false,
      });
    });

    it('should add null to the enum of an optional enum parameter', () => {
      const tool = schemaTool({ type: 'object', properties: { mode: { type: 'string', enum: ['a', 'b'] } } });
      const params = toOpenAITool(tool, { strict: true }).schema.function.parameters;
      expect(params.properties?.mode).toEqual({ type: ['string', 'null'], enum: ['a', 'b', null] });
    });

    it('should wrap an optional object or array parameter in anyOf with null, keeping its description outside', () => {
      const tool = schemaTool({
        type: 'object',
        properties: { tags: { type: 'array', items: { type: 'string' }, description: 'Tags.' } },
      });
      const params = toOpenAITool(tool, { strict: true }).schema.function.parameters;
      expect(params.properties?.tags).toEqual({ description: 'Tags.', anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] });
    });

    it('should close every nested object with additionalProperties: false and require all its properties', () => {
      const tool = schemaTool({
        type: 'object',
        properties: { o: { type: 'object', properties: { x: { type: 'string' } }, required: ['x'] } },
        required: ['o'],
      });
      const params = toOpenAITool(tool, { strict: true }).schema.function.parameters;
      expect(params.properties?.o).toEqual({ type: 'object', properties: { x: { type: 'string' } }, required: ['x'], additionalProperties: false });
    });

    it('should leave a parameter that already accepts null as it is', () => {
      const accept = { anyOf: [{ type: 'string' }, { type: 'null' }] };
      const { schema, dropped } = toOpenAITool(schemaTool({ type: 'object', properties: { accept } }), { strict: true });
      expect(schema.function.parameters.properties?.accept).toEqual(accept);
      expect(dropped).toEqual([]);
    });

    it('should report each rewrite and removal with its keyword, path and action', () => {
      const tool = schemaTool({
        type: 'object',
        properties: {
          opts: { type: 'object', properties: {}, additionalProperties: true },
          name: { type: 'string', minLength: 1, format: 'uri', default: 'x' },
          choice: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
        },
        required: ['opts', 'name', 'choice'],
      });
      const { dropped } = toOpenAITool(tool, { strict: true });
      expect(dropped.map(({ keyword, path, action }) => ({ keyword, path, action }))).toEqual([
        { keyword: 'additionalProperties', path: 'properties.opts', action: 'rewritten' },
        { keyword: 'minLength', path: 'properties.name', action: 'removed' },
        { keyword: 'format', path: 'properties.name', action: 'removed' },
        { keyword: 'default', path: 'properties.name', action: 'removed' },
        { keyword: 'oneOf', path: 'properties.choice', action: 'rewritten' },
      ]);
      expect(dropped.every((d) => d.reason.length > 0)).toBe(true);
    });

    it("should give a tuple's items an anyOf of its positions' schemas, keeping its length, and report the lost positions", () => {
      const tool = schemaTool({
        type: 'object',
        properties: {
          pt: { type: 'array', items: [{ type: 'number' }, { type: 'string' }, { type: 'number' }], additionalItems: false, minItems: 3, maxItems: 3 },
          pair: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'integer' }] },
        },
        required: ['pt', 'pair'],
      });
      const { schema, dropped } = toOpenAITool(tool, { strict: true });
      const props = schema.function.parameters.properties as Record<string, JsonSchema>;
      expect(props.pt).toEqual({ type: 'array', items: { anyOf: [{ type: 'number' }, { type: 'string' }] }, minItems: 3, maxItems: 3 });
      expect(props.pair).toEqual({ type: 'array', items: { type: 'integer' }, maxItems: 2 });
      const reasons = dropped.filter((d) => d.keyword === 'items').map(({ path, action, reason }) => ({ path, action, reason }));
      expect(reasons).toEqual([
        {
          path: 'properties.pt',
          action: 'rewritten',
          reason: 'strict mode has no tuple items; every item may be any of the 2 schemas of the positions, in any position (the registry still checks each position)',
        },
        {
          path: 'properties.pair',
          action: 'rewritten',
          reason: "strict mode has no tuple items; the one schema of all positions applies to every item; no more than the tuple's 2 items are offered",
        },
      ]);
    });

    it('should give an array without an item schema the scalars, saying so', () => {
      const { schema, dropped } = toOpenAITool(schemaTool({ type: 'object', properties: { ids: { type: 'array' } }, required: ['ids'] }), { strict: true });
      expect(schema.function.parameters.properties?.ids).toEqual({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] } });
      expect(dropped).toEqual([expect.objectContaining({ keyword: 'items', path: 'properties.ids', action: 'rewritten' })]);
      expect(dropped[0].reason).toMatch(/declare the item schema/);
    });

    it('should give a schema saying nothing of its type the scalars, as OpenAI requires a type, and say so', () => {
      const tool = schemaTool({
        type: 'object',
        properties: {
          v: { description: 'Any value.' },
          w: {},
          list: { type: 'array', items: {} },
          merged: { allOf: [{ $ref: '#/$defs/base' }, { type: 'object', properties: { n: { type: 'number' } } }] },
          zod: z.toJSONSchema(z.object({ a: z.any() })) as JsonSchema,
        },
        $defs: { base: { type: 'object', properties: { id: { type: 'string' } } } },
        required: ['v', 'list', 'merged', 'zod'],
      });
      const { schema, dropped } = toOpenAITool(tool, { strict: true });
      const params = schema.function.parameters;
      const scalars = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }];
      const props = params.properties as Record<string, JsonSchema>;
      expect(props.v).toEqual({ description: 'Any value.', anyOf: scalars });
      expect(props.w).toEqual({ anyOf: [...scalars, { type: 'null' }] });
      expect(props.list).toEqual({ type: 'array', items: { anyOf: scalars } });
      const typed = (node: unknown, path: string): string[] => {
        if (node === null || typeof node !== 'object') return [];
        const here = Array.isArray(node) || ['type', 'anyOf', '$ref', 'enum', 'const'].some((k) => k in node) ? [] : [path];
        return [...here, ...Object.entries(node).flatMap(([k, v]) => (k === 'properties' || k === '$defs' ? Object.entries(v as object).flatMap(([n, s]) => typed(s, `${path}.${n}`)) : k === 'items' || k === 'anyOf' ? typed(v, `${path}.${k}`) : []))];
      };
      expect(typed(params, '')).toEqual([]);
      const reported = dropped.filter((d) => d.keyword === 'type').map((d) => d.path);
      expect(reported).toEqual(['properties.v', 'properties.w', 'properties.list.items', 'properties.merged', 'properties.zod.properties.a']);
      expect(dropped.find((d) => d.keyword === 'type')?.reason).toMatch(/declare its type/);
    });

    it('should refuse a required name no property declares, naming it and the tool, since a strict model could never send it', () => {
      const top = schemaTool({ type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'zz'] }, { name: 'undeclared' });
      expect(() => toOpenAITool(top, { strict: true })).toThrow(
        "toOpenAITool: tool 'undeclared' requires 'zz', which its parameters do not declare in properties.",
      );
      expect(() => toOpenAITool(top, { strict: true })).toThrow(/Declare 'zz' in properties or remove it from required/);
      const nested = schemaTool({ type: 'object', properties: { o: { type: 'object', properties: {}, required: ['q'] } } });
      expect(() => toOpenAITool(nested, { strict: true })).toThrow(/requires 'q' in 'properties\.o'/);
      expect(() => toOpenAITool(top)).not.toThrow();
    });

    it('should remove alternatives that only add constraints to a stated type, rather than give them a type of their own', () => {
      const tool = schemaTool({
        type: 'object',
        properties: { o: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, anyOf: [{ required: ['a'] }, { required: ['b'] }] } },
        required: ['o'],
      });
      const { schema, dropped } = toOpenAITool(tool, { strict: true });
      expect(schema.function.parameters.properties?.o).toEqual({
        type: 'object',
        properties: { a: { type: ['string', 'null'] }, b: { type: ['string', 'null'] } },
        required: ['a', 'b'],
        additionalProperties: false,
      });
      expect(dropped).toContainEqual(expect.objectContaining({ keyword: 'anyOf', path: 'properties.o', action: 'removed' }));
    });

    it('should let an optional const accept null, as every optional parameter does', () => {
      const tool = schemaTool({ type: 'object', properties: { k: { type: 'string', const: 'x' }, u: { const: 3 } } });
      const params = toOpenAITool(tool, { strict: true }).schema.function.parameters;
      expect(params.properties?.k).toEqual({ type: ['string', 'null'], enum: ['x', null] });
      expect(params.properties?.u).toEqual({ anyOf: [{ const: 3 }, { type: 'null' }] });
      expect(accepts(params, { k: null, u: null })).toBe(true);
      expect(accepts(params, { k: 'y', u: null })).toBe(false);
    });

    it("should turn OpenAPI's nullable: true into null in the type, and report it", () => {
      const tool = schemaTool({ type: 'object', properties: { b: { type: 'string', nullable: true }, o: { type: 'object', properties: {}, nullable: true } } });
      const { schema, dropped } = toOpenAITool(tool, { strict: true });
      const props = schema.function.parameters.properties as Record<string, JsonSchema>;
      expect(props.b).toEqual({ type: ['string', 'null'] });
      expect(props.o).toEqual({ anyOf: [{ type: 'object', properties: {}, required: [], additionalProperties: false }, { type: 'null' }] });
      expect(dropped.map(({ keyword, path, action }) => `${action} ${keyword} ${path}`)).toEqual(['rewritten nullable properties.b', 'rewritten nullable properties.o']);
    });

    it('should inline a one-member allOf, such as one wrapping a $ref', () => {
      const tool = schemaTool({
        type: 'object',
        $defs: { base: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
        properties: { item: { allOf: [{ $ref: '#/$defs/base' }], description: 'The item.' } },
        required: ['item'],
      });
      const { schema, dropped } = toOpenAITool(tool, { strict: true });
      expect(schema.function.parameters.properties?.item).toEqual({ $ref: '#/$defs/base', description: 'The item.' });
      expect(dropped).toEqual([expect.objectContaining({ keyword: 'allOf', path: 'properties.item', action: 'rewritten' })]);
    });

    describe("OpenAI's limits", () => {
      const nested = (levels: number): JsonSchema => {
        let schema: JsonSchema = { type: 'string' };
        for (let i = 1; i < levels; i++) schema = { type: 'object', properties: { c: schema }, required: ['c'] };
        return { type: 'object', properties: { root: schema }, required: ['root'] };
      };

      it('should take objects nested 10 levels deep and refuse 11 with a RangeError saying where and what to do', () => {
        expect(() => toOpenAITool(schemaTool(nested(10)), { strict: true })).not.toThrow();
        expect(() => toOpenAITool(schemaTool(nested(11)), { strict: true })).toThrow(
          new RangeError(
            "toOpenAITool: the strict schema of tool 'test_tool' exceeds OpenAI's limit of 10 nesting levels (objects nest 11 deep at 'properties.root.properties.c.properties.c.properties.c.properties.c.properties.c.properties.c.properties.c.properties.c.properties.c'), so OpenAI would refuse it. Simplify the parameters (fewer or flatter properties, shorter enums, a string in place of a long enum) or export it without strict.",
          ),
        );
        expect(() => toOpenAITool(schemaTool(nested(11)))).not.toThrow();
      });

      it('should refuse more than 5,000 properties, 1,000 enum values or a long enum of over 15,000 characters', () => {
        const many = (n: number, make: (i: number) => JsonSchema): Record<string, JsonSchema> => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, make(i)]));
        const props = schemaTool({ type: 'object', properties: many(5_001, () => ({ type: 'integer' })) });
        expect(() => toOpenAITool(props, { strict: true })).toThrow(/limit of 5000 properties \(it has 5001\)/);
        const enums = schemaTool({ type: 'object', properties: many(11, () => ({ type: 'integer', enum: Array.from({ length: 100 }, (_, i) => i) })), required: Object.keys(many(11, () => ({}))) });
        expect(() => toOpenAITool(enums, { strict: true })).toThrow(/limit of 1000 enum values \(it has 1100\)/);
        const long = schemaTool({ type: 'object', properties: { e: { type: 'string', enum: Array.from({ length: 251 }, (_, i) => `${'x'.repeat(60)}${i}`) } }, required: ['e'] });
        expect(() => toOpenAITool(long, { strict: true })).toThrow(/limit of 15000 characters for the values of an enum of more than 250 \(\d+ at 'properties.e'\)/);
      });
    });

    it('should keep the formats strict mode supports', () => {
      const tool = schemaTool({ type: 'object', properties: { at: { type: 'string', format: 'date-time' } }, required: ['at'] });
      const { schema, dropped } = toOpenAITool(tool, { strict: true });
      expect(schema.function.parameters.properties?.at).toEqual({ type: 'string', format: 'date-time' });
      expect(dropped).toEqual([]);
    });

    it('should set strict: true in both API shapes', () => {
      expect(toOpenAITool(new ReadFileTool(), { strict: true }).schema.function.strict).toBe(true);
      expect(toOpenAITool(new ReadFileTool(), { strict: true, api: 'responses' }).schema.strict).toBe(true);
    });
  });

  it.each([
    [{ strict: 'yes' }, "toOpenAITool: option 'strict' must be true or false, got a string."],
    [{ api: 'response' }, "toOpenAITool: option 'api' must be 'chat' or 'responses', got a string."],
  ])('should refuse %p with a TypeError rather than export another shape', (options, message) => {
    expect(() => toOpenAITool(new ReadFileTool(), options as never)).toThrow(new TypeError(message));
  });
});

describe('normalizeStrictArguments', () => {
  it('should turn the nulls a strict model sends for optional parameters into absent ones, so the original schema accepts them', () => {
    const tool = new FindFilesTool();
    const strictSchema = toOpenAITool(tool, { strict: true }).schema.function.parameters;
    const fromModel = {
      pattern: '**/*.ts',
      root: null,
      kinds: null,
      options: { caseSensitive: true, maxDepth: null, exclude: ['dist'] },
      limit: 5,
    };
    expect(accepts(strictSchema, fromModel)).toBe(true);
    expect(accepts(tool.parameters, fromModel)).toBe(false);

    const normalized = normalizeStrictArguments(tool, fromModel);
    expect(normalized).toEqual({ pattern: '**/*.ts', options: { caseSensitive: true, exclude: ['dist'] }, limit: 5 });
    expect(accepts(tool.parameters, normalized)).toBe(true);
    expect(tool.validateParametersDetailed(normalized).valid).toBe(true);
  });

  it('should drop the nulls of a tool declared with a Standard Schema (zod), as its strict export invites', () => {
    const tool = schemaTool(z.object({ a: z.string(), opt: z.string().optional() }) as unknown as JsonSchema);
    const strictSchema = toOpenAITool(tool, { strict: true }).schema.function.parameters;
    expect(accepts(strictSchema, { a: 'x', opt: null })).toBe(true);
    expect(normalizeStrictArguments(tool, { a: 'x', opt: null })).toEqual({ a: 'x' });
  });

  it('should keep a null the tool declared it accepts', () => {
    const tool = schemaTool({ type: 'object', properties: { accept: { type: ['string', 'null'] } } });
    expect(normalizeStrictArguments(tool, { accept: null })).toEqual({ accept: null });
  });

  it('should keep a null for a required parameter, so validation reports it', () => {
    const tool = schemaTool({ type: 'object', properties: { path: { type: 'string' } }, required: ['path'] });
    expect(normalizeStrictArguments(tool, { path: null })).toEqual({ path: null });
  });

  it('should strip nulls inside array items of objects', () => {
    const tool = schemaTool({
      type: 'object',
      properties: { edits: { type: 'array', items: { type: 'object', properties: { text: { type: 'string' }, line: { type: 'integer' } }, required: ['text'] } } },
      required: ['edits'],
    });
    expect(normalizeStrictArguments(tool, { edits: [{ text: 'a', line: null }, { text: 'b', line: 3 }] })).toEqual({
      edits: [{ text: 'a' }, { text: 'b', line: 3 }],
    });
  });

  it('should agree with core, which takes the same nulls as absent in registry.execute', () => {
    const tool = new FindFilesTool();
    const fromModel = { pattern: '*', root: null, kinds: null, options: { caseSensitive: true, maxDepth: null }, limit: null };
    expect(normalizeStrictArguments(tool, fromModel)).toEqual(dropNullOptionals(tool.parameters, fromModel));
  });

  it('should keep a null for an untyped parameter, which accepts it', () => {
    const tool = schemaTool({ type: 'object', properties: { value: {}, note: { description: 'Any JSON.' } } });
    expect(normalizeStrictArguments(tool, { value: null, note: null })).toEqual({ value: null, note: null });
  });

  it('should never change the arguments it is given', () => {
    const args = { pattern: 'x', root: null };
    normalizeStrictArguments(new FindFilesTool(), args);
    expect(args).toEqual({ pattern: 'x', root: null });
  });
});

describe('createStrictArgumentsNormalizer', () => {
  it('should normalize by tool name through the registry and leave unknown names alone', () => {
    const tools = new Map([['read_file', new ReadFileTool()]]);
    const normalize = createStrictArgumentsNormalizer({ get: (name) => tools.get(name) });
    expect(normalize('read_file', { path: 'a', encoding: null, offset: null })).toEqual({ path: 'a' });
    expect(normalize('nope', { path: null })).toEqual({ path: null });
  });
});

describe('a strict export, answered by a model and run by the registry', () => {
  // What a strict model sends is what the strict schema accepts; the registry must then run it.
  async function run(tool: ReturnType<typeof schemaTool>, fromModel: Record<string, unknown>) {
    const strictSchema = toOpenAITool(tool, { strict: true }).schema.function.parameters;
    expect(accepts(strictSchema, fromModel)).toBe(true);
    const registry = new ToolRegistry();
    registry.register(tool);
    return registry.execute(tool.name, fromModel);
  }

  it('should take a null for an optional property inside a union branch as absent', async () => {
    const shape = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('c'), r: z.number(), label: z.string().optional() }),
      z.object({ kind: z.literal('q'), side: z.number() }),
    ]);
    const tool = schemaTool(z.object({ s: shape }) as unknown as JsonSchema);
    const res = await run(tool, { s: { kind: 'c', r: 1, label: null } });
    expect(res.error).toBeUndefined();
    expect(res.output).toEqual({ s: { kind: 'c', r: 1 } });
  });

  it('should take a null for an optional property of an allOf member as absent', async () => {
    const tool = schemaTool({
      type: 'object',
      allOf: [
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        { type: 'object', properties: { b: { type: 'string' } } },
      ],
    });
    const res = await run(tool, { a: 'x', b: null });
    expect(res.error).toBeUndefined();
    expect(res.output).toEqual({ a: 'x' });
  });
});
