import { BaseTool, ToolRegistry, ToolResult, type JsonSchema } from '@victor-tools/core';
import { dropNullOptionals, validateArguments } from '@victor-tools/core/framework';

const SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    limit: { type: 'integer', default: 10 },
    options: { type: 'object', properties: { depth: { type: 'integer' }, follow: { type: 'boolean' } }, required: ['follow'] },
    edits: { type: 'array', items: { type: 'object', properties: { line: { type: 'integer' } } } },
    pair: { type: 'array', items: [{ type: 'string' }, { type: 'object', properties: { n: { type: 'number' } } }] },
  },
  required: ['path'],
};

describe('dropNullOptionals', () => {
  it('should remove a null for an optional parameter, at the top level and nested', () => {
    const args = { path: 'p', limit: null, options: { follow: true, depth: null }, edits: [{ line: null }, { line: 2 }], pair: ['a', { n: null }] };
    expect(dropNullOptionals(SCHEMA, args)).toEqual({ path: 'p', options: { follow: true }, edits: [{}, { line: 2 }], pair: ['a', {}] });
  });

  it('should keep a null for a required parameter, so validation reports it', () => {
    expect(dropNullOptionals(SCHEMA, { path: null, options: { follow: null } })).toEqual({ path: null, options: { follow: null } });
  });

  it.each<[string, JsonSchema]>([
    ['a type list with null', { type: ['string', 'null'] }],
    ['nullable: true', { type: 'string', nullable: true }],
    ['an enum with null', { enum: ['a', null] }],
    ['const: null', { const: null }],
    ['an anyOf branch accepting null', { anyOf: [{ type: 'string' }, { type: 'null' }] }],
    ['a oneOf branch accepting null', { oneOf: [{ type: 'integer' }, { type: 'null' }] }],
    ['an empty schema', {}],
    ['a schema with a description only', { description: 'Anything.' }],
    ['an unresolvable $ref', { $ref: 'other.json#/x' }],
  ])('should keep the null of a parameter declared with %s', (_label, property) => {
    const schema: JsonSchema = { type: 'object', properties: { x: property } };
    expect(dropNullOptionals(schema, { x: null })).toEqual({ x: null });
  });

  it.each<[string, JsonSchema]>([
    ['an enum without null', { enum: ['a', 'b'] }],
    ['a non-null const', { const: 'GET' }],
    ['anyOf branches that all refuse null', { anyOf: [{ type: 'string' }, { type: 'integer' }] }],
    ['an allOf branch refusing null', { allOf: [{}, { type: 'string' }] }],
    ['a local $ref to a typed schema', { $ref: '#/definitions/name' }],
  ])('should remove the null of a parameter declared with %s', (_label, property) => {
    const schema: JsonSchema = { type: 'object', properties: { x: property }, definitions: { name: { type: 'string' } } };
    expect(dropNullOptionals(schema, { x: null, y: null })).toEqual({ y: null });
  });

  it('should follow a recursive schema to any depth', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { root: { $ref: '#/definitions/node' } },
      definitions: { node: { type: 'object', properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/definitions/node' } } } } },
    };
    const args = { root: { label: null, children: [{ children: [{ label: null, children: null }] }] } };
    expect(dropNullOptionals(schema, args)).toEqual({ root: { children: [{ children: [{}] }] } });
  });

  describe('in the branches of a union and the members of an allOf', () => {
    // What OpenAI strict makes of a discriminated union: each branch's optional properties required and nullable.
    const SHAPE: JsonSchema = {
      type: 'object',
      properties: {
        s: {
          oneOf: [
            { type: 'object', properties: { kind: { const: 'c' }, r: { type: 'number' }, label: { type: 'string' } }, required: ['kind', 'r'], additionalProperties: false },
            { type: 'object', properties: { kind: { const: 'q' }, side: { type: 'number' } }, required: ['kind', 'side'], additionalProperties: false },
          ],
        },
      },
      required: ['s'],
    };

    it('should remove a null for a property optional in the branch that declares it', () => {
      expect(dropNullOptionals(SHAPE, { s: { kind: 'c', r: 1, label: null } })).toEqual({ s: { kind: 'c', r: 1 } });
    });

    it('should keep a null when another branch requires the property or accepts null for it', () => {
      const requiredElsewhere: JsonSchema = {
        anyOf: [
          { type: 'object', properties: { a: { type: 'string' } } },
          { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        ],
      };
      const nullElsewhere: JsonSchema = {
        anyOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'object', properties: { a: { type: 'null' } } }],
      };
      expect(dropNullOptionals(requiredElsewhere, { a: null })).toEqual({ a: null });
      expect(dropNullOptionals(nullElsewhere, { a: null })).toEqual({ a: null });
    });

    it('should follow nested objects inside branches, merging what several branches declare', () => {
      const schema: JsonSchema = {
        anyOf: [
          { type: 'object', properties: { o: { type: 'object', properties: { x: { type: 'integer' }, y: { type: 'integer' } } } } },
          { type: 'object', properties: { o: { type: 'object', properties: { x: { type: 'integer' }, y: { type: 'integer' } }, required: ['y'] } } },
        ],
      };
      expect(dropNullOptionals(schema, { o: { x: null, y: null } })).toEqual({ o: { y: null } });
    });

    it('should follow a nullable array of objects written as an anyOf', () => {
      const schema: JsonSchema = {
        type: 'object',
        properties: { edits: { anyOf: [{ type: 'array', items: { type: 'object', properties: { line: { type: 'integer' } } } }, { type: 'null' }] } },
      };
      expect(dropNullOptionals(schema, { edits: [{ line: null }] })).toEqual({ edits: [{}] });
    });

    it('should remove a null for a property no allOf member requires, and keep it for one a member requires', () => {
      const schema: JsonSchema = {
        type: 'object',
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          { type: 'object', properties: { b: { type: 'string' } } },
        ],
      };
      expect(dropNullOptionals(schema, { a: null, b: null })).toEqual({ a: null });
    });

    it('should end on a recursive union', () => {
      const schema: JsonSchema = {
        $ref: '#/definitions/node',
        definitions: {
          node: {
            anyOf: [
              { type: 'object', properties: { leaf: { type: 'string' }, next: { $ref: '#/definitions/node' } } },
              { type: 'object', properties: { next: { $ref: '#/definitions/node' }, size: { type: 'integer' } } },
            ],
          },
        },
      };
      expect(dropNullOptionals(schema, { next: { next: { leaf: null, size: null } } })).toEqual({ next: { next: {} } });
    });
  });

  describe('in tuples', () => {
    const ITEM: JsonSchema = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer', default: 5 } }, required: ['a'] };

    it('should follow the items past a draft 7 tuple (additionalItems)', () => {
      const schema: JsonSchema = { type: 'object', properties: { pair: { type: 'array', items: [{ type: 'string' }], additionalItems: ITEM } } };
      expect(dropNullOptionals(schema, { pair: ['s', { a: 'x', b: null }, { a: 'y', b: null }] })).toEqual({ pair: ['s', { a: 'x' }, { a: 'y' }] });
    });

    it('should follow the positions of a 2020-12 tuple (prefixItems) and the items past it', () => {
      const schema: JsonSchema = {
        type: 'object',
        properties: {
          // `items: false` (no more items) is a boolean schema, which JsonSchema does not type.
          first: { type: 'array', prefixItems: [ITEM, { type: 'string' }], items: false as unknown as JsonSchema },
          rest: { type: 'array', prefixItems: [{ type: 'string' }], items: ITEM },
        },
      };
      const args = { first: [{ a: 'x', b: null }, 's'], rest: ['s', { a: 'x', b: null }] };
      expect(dropNullOptionals(schema, args)).toEqual({ first: [{ a: 'x' }, 's'], rest: ['s', { a: 'x' }] });
    });

    it('should keep a null at a tuple position when nothing is declared past it', () => {
      const schema: JsonSchema = { type: 'object', properties: { pair: { type: 'array', items: [ITEM] } } };
      expect(dropNullOptionals(schema, { pair: [{ a: 'x', b: null }, { a: 'y', b: null }] })).toEqual({ pair: [{ a: 'x' }, { a: 'y', b: null }] });
    });

    it("should let the registry take a strict model's null past a tuple as absent and apply the default", async () => {
      class Pair extends BaseTool {
        get name() {
          return 'pair';
        }
        get description() {
          return 'Take a pair.';
        }
        get parameters(): JsonSchema {
          return { type: 'object', properties: { pair: { type: 'array', items: [{ type: 'string' }], additionalItems: ITEM } }, required: ['pair'] };
        }
        async execute(_context: unknown, args: Record<string, unknown>) {
          return ToolResult.ok(JSON.stringify(args));
        }
      }
      const registry = new ToolRegistry();
      registry.register(new Pair());
      const result = await registry.execute('pair', { pair: ['s', { a: 'x', b: null }] });
      expect(result.error).toBeUndefined();
      expect(JSON.parse(String(result.output))).toEqual({ pair: ['s', { a: 'x', b: 5 }] });
    });
  });

  it('should return a new object and never change the given one', () => {
    const args = { path: 'p', limit: null, options: { follow: true, depth: null } };
    const out = dropNullOptionals(SCHEMA, args);
    expect(out).not.toBe(args);
    expect(out.options).not.toBe(args.options);
    expect(args).toEqual({ path: 'p', limit: null, options: { follow: true, depth: null } });
    const plain = { path: 'p' };
    expect(dropNullOptionals({ type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }, plain)).not.toBe(plain);
  });

  it('should return a value that is not an object as it is', () => {
    expect(dropNullOptionals(SCHEMA, null)).toBeNull();
    expect(dropNullOptionals(SCHEMA, 'text')).toBe('text');
  });
});

describe('validateArguments', () => {
  describe('nullAsAbsent', () => {
    it('should report a null for an optional parameter as a wrong type by default', () => {
      expect(validateArguments(SCHEMA, { path: 'p', limit: null }).result.errors).toEqual([
        "Parameter 'limit' has wrong type: expected integer, got null",
      ]);
    });

    it('should take it as absent and apply the default with nullAsAbsent: true', () => {
      const args = { path: 'p', limit: null };
      const { result, value } = validateArguments(SCHEMA, args, { nullAsAbsent: true });
      expect(result.valid).toBe(true);
      expect(value).toEqual({ path: 'p', limit: 10 });
      expect(args).toEqual({ path: 'p', limit: null });
    });

    it('should still report a null for a required parameter with nullAsAbsent: true', () => {
      expect(validateArguments(SCHEMA, { path: null }, { nullAsAbsent: true }).result.errors).toEqual([
        "Parameter 'path' has wrong type: expected string, got null",
      ]);
    });

    it('should work with coercion and with names of Object.prototype members', () => {
      const schema: JsonSchema = { type: 'object', properties: { constructor: { type: 'integer', default: 1 }, n: { type: 'integer' } } };
      const { result, value } = validateArguments(schema, { constructor: null, n: '5' }, { nullAsAbsent: true, coerce: true });
      expect(result.valid).toBe(true);
      expect(value).toEqual({ constructor: 1, n: 5 });
    });
  });
});

describe('BaseTool', () => {
  describe('validateParametersDetailed', () => {
    it('should follow the validateArguments default and report a null for an optional parameter', () => {
      class ReadFile extends BaseTool {
        get name() {
          return 'read_file';
        }
        get description() {
          return 'Read a file.';
        }
        get parameters() {
          return SCHEMA;
        }
        async execute() {
          return ToolResult.ok('');
        }
      }
      expect(new ReadFile().validateParametersDetailed({ path: 'p', limit: null }).errors).toEqual([
        "Parameter 'limit' has wrong type: expected integer, got null",
      ]);
    });
  });
});
