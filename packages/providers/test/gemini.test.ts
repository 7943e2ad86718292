import { z } from 'zod';
import { ToolRegistry, type JsonSchema } from '@victor-tools/core';
import { toGeminiFunction } from '@victor-tools/providers';
import { schemaTool } from './fixtures/schema-tool';

const paramsOf = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  toGeminiFunction(schemaTool({ type: 'object', properties: properties as never, ...extra }));

describe('toGeminiFunction', () => {
  it('should give a function declaration with name, description and parameters', () => {
    const { schema } = paramsOf({ q: { type: 'string' } }, { required: ['q'] });
    expect(schema).toEqual({
      name: 'test_tool',
      description: 'A tool for tests.',
      parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
    });
  });

  it('should turn a type list with null into one type and nullable: true', () => {
    const { schema, dropped } = paramsOf({ n: { type: ['integer', 'null'] } });
    expect(schema.parameters?.properties?.n).toEqual({ type: 'integer', nullable: true });
    expect(dropped).toEqual([expect.objectContaining({ keyword: 'type', path: 'properties.n', action: 'rewritten' })]);
  });

  it('should turn anyOf of a type and null into the type with nullable: true', () => {
    const { schema } = paramsOf({ a: { anyOf: [{ type: 'string', enum: ['x'] }, { type: 'null' }], description: 'A.' } });
    expect(schema.parameters?.properties?.a).toEqual({ type: 'string', enum: ['x'], description: 'A.', nullable: true });
  });

  it('should keep only the first alternative of a real union and say so', () => {
    const { schema, dropped } = paramsOf({ v: { oneOf: [{ type: 'string' }, { type: 'integer' }] } });
    expect(schema.parameters?.properties?.v).toEqual({ type: 'string' });
    expect(dropped[0]).toMatchObject({ keyword: 'oneOf', path: 'properties.v', action: 'rewritten' });
    expect(dropped[0].reason).toMatch(/only the first of 2 alternatives/);
  });

  it('should merge an allOf of object schemas', () => {
    const { schema } = paramsOf({
      o: { allOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { type: 'object', properties: { b: { type: 'number' } } }] },
    });
    expect(schema.parameters?.properties?.o).toEqual({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } }, required: ['a'] });
  });

  it("should report the keywords of an allOf's members that the merge does not carry", () => {
    const { dropped } = paramsOf({
      o: { allOf: [{ type: 'object', properties: { a: { type: 'string' } }, description: 'one', minProperties: 1 }, { type: 'object', properties: { b: { type: 'string' } }, additionalProperties: false }] },
    });
    expect(dropped.map(({ keyword, path, action }) => `${action} ${keyword} ${path}`)).toEqual([
      'rewritten allOf properties.o',
      'removed description properties.o.allOf.0',
      'removed minProperties properties.o.allOf.0',
      'removed additionalProperties properties.o.allOf.1',
    ]);
  });

  it('should turn const into a one-value string enum with its type', () => {
    const { schema, dropped } = paramsOf({ m: { const: 'GET' } });
    expect(schema.parameters?.properties?.m).toEqual({ enum: ['GET'], type: 'string' });
    expect(dropped).toEqual([expect.objectContaining({ keyword: 'const', action: 'rewritten' })]);
  });

  // Gemini answers 400 "enum: only allowed for STRING type" to an integer enum.
  it('should tell the values of a number, integer or boolean enum in the description, keeping the type, and report it', () => {
    const { schema, dropped } = paramsOf({
      level: { type: 'integer', enum: [1, 2, 3], description: 'Detail level.' },
      ratio: { enum: [0.5, 1.5] },
      fixed: { const: true },
    });
    expect(schema.parameters?.properties).toEqual({
      level: { type: 'integer', description: 'Detail level. One of: 1, 2, 3.' },
      ratio: { type: 'number', description: 'One of: 0.5, 1.5.' },
      fixed: { type: 'boolean', description: 'One of: true.' },
    });
    expect(dropped).toEqual([
      expect.objectContaining({ keyword: 'enum', path: 'properties.level', action: 'removed' }),
      expect.objectContaining({ keyword: 'enum', path: 'properties.ratio', action: 'removed' }),
      expect.objectContaining({ keyword: 'const', path: 'properties.fixed', action: 'rewritten' }),
      expect.objectContaining({ keyword: 'enum', path: 'properties.fixed', action: 'removed' }),
    ]);
  });

  it('should send the values of a string enum as strings, and report it', () => {
    const { schema, dropped } = paramsOf({ code: { type: 'string', enum: ['a', 2] } });
    expect(schema.parameters?.properties).toEqual({ code: { type: 'string', enum: ['a', '2'] } });
    expect(dropped).toEqual([expect.objectContaining({ keyword: 'enum', path: 'properties.code', action: 'rewritten' })]);
  });

  it('should tell the values of an untyped enum of several types in the description, since as strings the registry would refuse them', async () => {
    const tool = schemaTool({ type: 'object', properties: { e: { enum: [1, 'a', true], description: 'Pick.' } }, required: ['e'] });
    const { schema, dropped } = toGeminiFunction(tool);
    expect(schema.parameters?.properties?.e).toEqual({ description: 'Pick. One of: 1, "a", true.' });
    expect(dropped).toEqual([expect.objectContaining({ keyword: 'enum', path: 'properties.e', action: 'removed' })]);
    const registry = new ToolRegistry();
    registry.register(tool);
    expect((await registry.execute('test_tool', { e: 1 })).success).toBe(true);
  });

  describe("a property named '__proto__'", () => {
    // JSON.parse makes '__proto__' an own key, as a tool's schema read from JSON has it.
    const declared = (json: string) => toGeminiFunction(schemaTool(JSON.parse(json) as JsonSchema));

    it('should keep it as a parameter, as an own key', () => {
      const { schema, dropped } = declared('{"type":"object","properties":{"__proto__":{"type":"string"},"a":{"type":"number"}},"required":["__proto__"]}');
      const properties = schema.parameters!.properties!;
      expect(Object.keys(properties)).toEqual(['__proto__', 'a']);
      expect(Object.getOwnPropertyDescriptor(properties, '__proto__')?.value).toEqual({ type: 'string' });
      expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
      expect(schema.parameters!.required).toEqual(['__proto__']);
      expect(dropped).toEqual([]);
    });

    it('should keep it through an inlined $ref, and report a boolean one or a __proto__ keyword it leaves out', () => {
      const viaRef = declared('{"type":"object","$defs":{"s":{"type":"string"}},"properties":{"__proto__":{"$ref":"#/$defs/s"}}}');
      expect(Object.getOwnPropertyDescriptor(viaRef.schema.parameters!.properties!, '__proto__')?.value).toEqual({ type: 'string' });
      const boolean = declared('{"type":"object","properties":{"__proto__":true,"a":{"type":"number"}}}');
      expect(boolean.dropped.map((d) => [d.keyword, d.path])).toEqual([['__proto__', 'properties']]);
      const keyword = declared('{"type":"object","properties":{"a":{"type":"number","__proto__":{"x":1}}}}');
      expect(keyword.dropped.map((d) => [d.keyword, d.path])).toEqual([['__proto__', 'properties.a']]);
    });
  });

  describe('references', () => {
    it('should inline a $ref to a definition, so a required object keeps its shape', () => {
      const { schema, dropped } = toGeminiFunction(
        schemaTool({
          type: 'object',
          $defs: { point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } },
          properties: { at: { $ref: '#/$defs/point', description: 'Where.' }, path: { type: 'array', items: { $ref: '#/$defs/point' } } },
          required: ['at'],
        }),
      );
      const point = { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] };
      expect(schema.parameters).toEqual({
        type: 'object',
        properties: { at: { ...point, description: 'Where.' }, path: { type: 'array', items: point } },
        required: ['at'],
      });
      expect(dropped).toEqual([expect.objectContaining({ keyword: '$defs', path: '', action: 'rewritten' })]);
    });

    it('should cut a recursive $ref at a fixed depth with its type and a description, and report it', () => {
      const node = z.object({ name: z.string(), get children() { return z.array(node).optional(); } });
      const { schema, dropped } = toGeminiFunction(schemaTool(z.object({ root: node }) as unknown as JsonSchema));
      let level = schema.parameters?.properties?.root;
      let depth = 0;
      while (level?.properties?.children?.items !== undefined) {
        level = level.properties.children.items;
        depth += 1;
      }
      expect(depth).toBe(3);
      expect(level).toEqual({ type: 'object', description: '(Its shape is not shown at this depth.)' });
      expect(dropped.filter((d) => d.keyword === '$ref')).toEqual([expect.objectContaining({ action: 'removed' })]);
      expect(JSON.stringify(schema)).not.toMatch(/\$ref|\$defs|definitions/);
    });

    it('should report a reference it cannot resolve, a malformed %-escape included, rather than throw', () => {
      const { dropped } = paramsOf({ a: { $ref: '#/$defs/%E0%A4%A' } }, { $defs: { x: { type: 'string' } } });
      expect(dropped).toContainEqual(expect.objectContaining({ keyword: '$ref', path: 'properties.a', action: 'removed' }));
    });

    it('should stay bounded for definitions that fan out', () => {
      const $defs: Record<string, JsonSchema> = { d0: { type: 'string' } };
      for (let i = 1; i <= 30; i++) $defs[`d${i}`] = { type: 'object', properties: { a: { $ref: `#/$defs/d${i - 1}` }, b: { $ref: `#/$defs/d${i - 1}` } } };
      const { schema, dropped } = toGeminiFunction(schemaTool({ type: 'object', $defs, properties: { top: { $ref: '#/$defs/d30' } } }));
      expect(JSON.stringify(schema).length).toBeLessThan(200_000);
      expect(dropped.some((d) => d.keyword === '$ref' && /inlining stopped after 2000 schema nodes/.test(d.reason))).toBe(true);
    });
  });

  describe('required names', () => {
    it('should report a required name no property declares, rather than drop it in silence', () => {
      const { schema, dropped } = paramsOf({ o: { type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'zz'] } }, { required: ['o', 'qq'] });
      expect(schema.parameters?.required).toEqual(['o']);
      expect(schema.parameters?.properties?.o.required).toEqual(['a']);
      expect(dropped.map(({ keyword, path, action }) => `${action} ${keyword} ${path}`)).toEqual(['removed required properties.o', 'removed required ']);
      expect(dropped[0].reason).toMatch(/'zz' is required but is not declared in properties/);
      expect(dropped[1].reason).toMatch(/'qq'/);
    });

    it('should take a required boolean-schema property out of required once the property is left out', () => {
      const { schema, dropped } = paramsOf({ t: true, x: { type: 'string' } }, { required: ['t', 'x'] });
      expect(schema.parameters?.properties).toEqual({ x: { type: 'string' } });
      expect(schema.parameters?.required).toEqual(['x']);
      expect(dropped.map((d) => `${d.action} ${d.keyword} ${d.path}`)).toEqual(['removed t properties', 'removed required ']);
      expect(dropped[1].reason).toMatch(/'t' is required but is left out of the properties/);
    });
  });

  describe('odd unions, null consts and boolean items', () => {
    it('should count a true branch of an anyOf as an alternative lost, not as null', () => {
      const { schema, dropped } = paramsOf({ e: { anyOf: [{ type: 'string' }, true] } });
      expect(schema.parameters?.properties?.e).toEqual({ type: 'string' });
      expect(dropped).toEqual([expect.objectContaining({ keyword: 'anyOf', path: 'properties.e', action: 'rewritten' })]);
      expect(dropped[0].reason).toMatch(/only the first of 2 alternatives is kept/);
    });

    it('should count a const: null branch as null', () => {
      const { schema } = paramsOf({ e: { anyOf: [{ type: 'string', enum: ['a'] }, { const: null }] } });
      expect(schema.parameters?.properties?.e).toEqual({ type: 'string', enum: ['a'], nullable: true });
    });

    it('should turn const: null into nullable: true, with no empty list of values', () => {
      const { schema, dropped } = paramsOf({ c: { const: null } });
      expect(schema.parameters?.properties?.c).toEqual({ nullable: true });
      expect(dropped.map((d) => `${d.action} ${d.keyword} ${d.path}`)).toEqual(['rewritten const properties.c']);
    });

    it('should report prefixItems once and items: false beside it, each for what it is', () => {
      const { schema, dropped } = paramsOf({ t: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false } });
      expect(schema.parameters?.properties?.t).toEqual({ type: 'array', items: { type: 'string' } });
      expect(dropped.map((d) => `${d.action} ${d.keyword} ${d.path}`).sort()).toEqual(['removed items properties.t', 'rewritten prefixItems properties.t']);
    });
  });

  describe('arrays without an item schema', () => {
    it('should give an array declaring no items string items and say so, never an untyped array', () => {
      const { schema, dropped } = paramsOf({ ids: { type: 'array' } }, { required: ['ids'] });
      expect(schema.parameters?.properties?.ids).toEqual({ type: 'array', items: { type: 'string' } });
      expect(dropped).toEqual([expect.objectContaining({ keyword: 'items', path: 'properties.ids', action: 'rewritten' })]);
      expect(dropped[0].reason).toMatch(/declare the item schema/);
    });

    it("should give a prefixItems tuple its first position's schema, as a draft 7 tuple", () => {
      const { schema, dropped } = paramsOf({ p: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] } });
      expect(schema.parameters?.properties?.p).toEqual({ type: 'array', items: { type: 'string' } });
      expect(dropped).toEqual([expect.objectContaining({ keyword: 'prefixItems', path: 'properties.p', action: 'rewritten' })]);
    });
  });

  it('should remove additionalProperties, $schema, default, title, examples and exclusive bounds everywhere', () => {
    const { schema, dropped } = paramsOf(
      {
        o: { type: 'object', title: 'O', properties: { x: { type: 'number', exclusiveMinimum: 0, default: 1, examples: [2] } }, additionalProperties: false },
      },
      { $schema: 'http://json-schema.org/draft-07/schema#', additionalProperties: false },
    );
    expect(JSON.stringify(schema)).not.toMatch(/additionalProperties|\$schema|default|title|examples|exclusiveMinimum/);
    expect(dropped.map((d) => `${d.action} ${d.keyword} @${d.path}`).sort()).toEqual(
      [
        'removed $schema @',
        'removed additionalProperties @',
        'removed additionalProperties @properties.o',
        'removed title @properties.o',
        'removed exclusiveMinimum @properties.o.properties.x',
        'removed default @properties.o.properties.x',
        'removed examples @properties.o.properties.x',
      ].sort(),
    );
  });

  it('should keep only the formats Gemini documents for the type', () => {
    const { schema, dropped } = paramsOf({
      when: { type: 'string', format: 'date-time' },
      site: { type: 'string', format: 'uri' },
      big: { type: 'integer', format: 'int64' },
    });
    expect(schema.parameters?.properties).toEqual({
      when: { type: 'string', format: 'date-time' },
      site: { type: 'string' },
      big: { type: 'integer', format: 'int64' },
    });
    expect(dropped).toEqual([expect.objectContaining({ keyword: 'format', path: 'properties.site', action: 'removed' })]);
  });

  it('should apply the first item schema of a tuple to every item', () => {
    const { schema } = paramsOf({ pair: { type: 'array', items: [{ type: 'number' }, { type: 'string' }] } });
    expect(schema.parameters?.properties?.pair).toEqual({ type: 'array', items: { type: 'number' } });
  });

  it('should leave parameters out for a tool without any and report it', () => {
    const { schema, dropped } = toGeminiFunction(schemaTool({ type: 'object', properties: {} }));
    expect(schema).toEqual({ name: 'test_tool', description: 'A tool for tests.' });
    expect(dropped).toEqual([expect.objectContaining({ keyword: 'parameters', path: '', action: 'removed' })]);
  });
});
