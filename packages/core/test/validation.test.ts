import { Type } from '@sinclair/typebox';
import Ajv from 'ajv';
import { BaseTool, ToolResult, type JsonSchema } from '@victor-tools/core';
import { MAX_ARGUMENT_DEPTH, validateArguments } from '@victor-tools/core/framework';

const READ_FILE: JsonSchema = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'File to read.' },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    mode: { type: 'string', enum: ['a', 'b'] },
    ratio: { type: 'number' },
    verbose: { type: 'boolean' },
    files: { type: 'array', items: { type: 'string' } },
    o: {
      type: 'object',
      properties: { x: { type: 'integer', minimum: 1 }, level: { enum: [1, 2] }, tag: { type: 'string', default: 't' } },
      required: ['x'],
      additionalProperties: false,
    },
  },
  required: ['path'],
  additionalProperties: false,
};

const errorsOf = (args: unknown, schema: JsonSchema = READ_FILE) => validateArguments(schema, args).result.errors;
const invalidOf = (args: unknown, schema: JsonSchema = READ_FILE) => validateArguments(schema, args).result.invalidParams;

/** A distinct schema per test, so the module-wide compile cache cannot hide a compilation. */
let unique = 0;
const freshSchema = (): JsonSchema => ({
  type: 'object',
  description: `schema ${++unique}`,
  properties: { a: { type: 'string' }, b: { type: 'integer' }, c: { type: 'boolean' } },
  required: ['a'],
});

describe('validateArguments', () => {
  describe('valid arguments', () => {
    it('should accept arguments that satisfy the schema', () => {
      const { result } = validateArguments(READ_FILE, { path: 'a.txt', limit: 5, files: ['x'], o: { x: 2 } });
      expect(result.valid).toBe(true);
      expect(result.errors).toEqual([]);
      expect(result.invalidParams).toEqual({});
    });

    it('should accept 1.0 as an integer', () => {
      expect(errorsOf({ path: 'a', limit: 1.0 })).toEqual([]);
    });

    it('should count undefined arguments as {}', () => {
      expect(validateArguments({ type: 'object', properties: { a: { type: 'string' } } }, undefined).result.valid).toBe(true);
      expect(errorsOf(undefined)).toEqual(["Required parameter 'path' is missing"]);
    });
  });

  describe('missing required parameters', () => {
    it('should say which parameter is missing and mark it required', () => {
      expect(errorsOf({})).toEqual(["Required parameter 'path' is missing"]);
      expect(invalidOf({})).toEqual({ path: 'required' });
    });

    it('should check nested required fields and name them by their dotted path', () => {
      expect(errorsOf({ path: 'a', o: {} })).toEqual(["Required parameter 'o.x' is missing"]);
      expect(invalidOf({ path: 'a', o: {} })).toEqual({ o: 'required' });
    });

    it('should check required fields of objects inside arrays', () => {
      const schema: JsonSchema = {
        type: 'object',
        properties: { edits: { type: 'array', items: { type: 'object', properties: { line: { type: 'integer' } }, required: ['line'] } } },
      };
      expect(errorsOf({ edits: [{ line: 1 }, {}] }, schema)).toEqual(["Required parameter 'edits.1.line' is missing"]);
      expect(invalidOf({ edits: [{ line: 1 }, {}] }, schema)).toEqual({ edits: 'required' });
    });

    it('should detect a missing parameter named like an Object.prototype member', () => {
      const schema: JsonSchema = { type: 'object', properties: { constructor: { type: 'string' } }, required: ['constructor'] };
      expect(errorsOf({}, schema)).toEqual(["Required parameter 'constructor' is missing"]);
    });
  });

  describe('wrong types', () => {
    it('should name the expected and the given type', () => {
      expect(errorsOf({ path: 'a', limit: 'ten' })).toEqual(["Parameter 'limit' has wrong type: expected integer, got string"]);
      expect(invalidOf({ path: 'a', limit: 'ten' })).toEqual({ limit: 'type: expected integer' });
    });

    it.each([
      [true, 'boolean'],
      [1.5, 'number'],
      [null, 'null'],
      [[1], 'array'],
      [{ n: 1 }, 'object'],
    ])('should not take %p as an integer (got %s)', (limit, got) => {
      expect(errorsOf({ path: 'a', limit })).toEqual([`Parameter 'limit' has wrong type: expected integer, got ${got}`]);
    });

    it('should report a number given for a string as a number', () => {
      expect(errorsOf({ path: 42 })).toEqual(["Parameter 'path' has wrong type: expected string, got number"]);
    });

    it('should use dotted paths for nested values and array items, keyed by the top-level name', () => {
      const args = { path: 'a', files: ['x', 'y', 3], o: { x: 'one' } };
      expect(errorsOf(args)).toEqual([
        "Parameter 'files.2' has wrong type: expected string, got number",
        "Parameter 'o.x' has wrong type: expected integer, got string",
      ]);
      expect(invalidOf(args)).toEqual({ files: 'type: expected string', o: 'type: expected integer' });
    });

    it('should list every type of a type union', () => {
      const schema: JsonSchema = { type: 'object', properties: { n: { type: ['string', 'null'] } } };
      expect(errorsOf({ n: 3 }, schema)).toEqual(["Parameter 'n' has wrong type: expected string or null, got number"]);
    });

    it('should fold the type errors of anyOf branches into one', () => {
      const schema: JsonSchema = { type: 'object', properties: { n: { anyOf: [{ type: 'string' }, { type: 'null' }] } } };
      expect(errorsOf({ n: 3 }, schema)).toEqual(["Parameter 'n' has wrong type: expected string or null, got number"]);
      expect(invalidOf({ n: 3 }, schema)).toEqual({ n: 'type: expected string or null' });
    });

    it('should report other anyOf failures once, generically', () => {
      const schema: JsonSchema = {
        type: 'object',
        properties: { n: { anyOf: [{ type: 'string', minLength: 3 }, { type: 'integer' }] } },
      };
      expect(errorsOf({ n: 'ab' }, schema)).toEqual(["Validation error at 'n': must match a schema in anyOf"]);
      expect(invalidOf({ n: 'ab' }, schema)).toEqual({ n: 'anyOf' });
    });
  });

  describe('enum values', () => {
    it('should list the allowed values Python-style', () => {
      expect(errorsOf({ path: 'a', mode: 'c' })).toEqual(["Parameter 'mode' must be one of: ['a', 'b']"]);
      expect(invalidOf({ path: 'a', mode: 'c' })).toEqual({ mode: 'invalid enum value' });
    });

    it('should show numbers bare and use the dotted path for nested enums', () => {
      expect(errorsOf({ path: 'a', o: { x: 1, level: 3 } })).toEqual(["Parameter 'o.level' must be one of: [1, 2]"]);
      expect(invalidOf({ path: 'a', o: { x: 1, level: 3 } })).toEqual({ o: 'invalid enum value' });
    });

    it("should escape quotes inside allowed strings", () => {
      const schema: JsonSchema = { type: 'object', properties: { q: { enum: ["it's", 'x'] } } };
      expect(errorsOf({ q: 'y' }, schema)).toEqual(["Parameter 'q' must be one of: ['it\\'s', 'x']"]);
    });
  });

  describe('unknown parameters', () => {
    it('should reject arguments the schema does not declare when additionalProperties is false', () => {
      expect(errorsOf({ path: 'a', zz: 1 })).toEqual(["Unknown parameter 'zz'"]);
      expect(invalidOf({ path: 'a', zz: 1 })).toEqual({ zz: 'unknown parameter' });
    });

    it('should reject unknown nested fields with their dotted path', () => {
      expect(errorsOf({ path: 'a', o: { x: 1, zz: 1 } })).toEqual(["Unknown parameter 'o.zz'"]);
      expect(invalidOf({ path: 'a', o: { x: 1, zz: 1 } })).toEqual({ o: 'unknown parameter' });
    });

    it('should accept extra arguments when the schema allows them', () => {
      expect(errorsOf({ a: 1, extra: true }, { type: 'object', properties: { a: { type: 'integer' } } })).toEqual([]);
    });
  });

  describe('other constraints', () => {
    it("should report them as 'Validation error at <path>' with ajv's message and the keyword", () => {
      expect(errorsOf({ path: 'a', limit: 500 })).toEqual(["Validation error at 'limit': must be <= 100"]);
      expect(invalidOf({ path: 'a', limit: 500 })).toEqual({ limit: 'maximum' });
      expect(errorsOf({ path: 'a', o: { x: 0 } })).toEqual(["Validation error at 'o.x': must be >= 1"]);
      expect(invalidOf({ path: 'a', o: { x: 0 } })).toEqual({ o: 'minimum' });
    });

    it('should check standard formats (ajv-formats)', () => {
      const schema: JsonSchema = { type: 'object', properties: { email: { type: 'string', format: 'email' } } };
      expect(errorsOf({ email: 'not an email' }, schema)).toEqual([`Validation error at 'email': must match format "email"`]);
      expect(errorsOf({ email: 'a@b.co' }, schema)).toEqual([]);
    });

    it("should accept any string for format 'path'", () => {
      const schema: JsonSchema = { type: 'object', properties: { p: { type: 'string', format: 'path' } } };
      expect(errorsOf({ p: '../weird dir/ä.txt' }, schema)).toEqual([]);
    });
  });

  describe('every error at once', () => {
    it('should collect all problems, not only the first, and key each by its top-level parameter', () => {
      const { result } = validateArguments(READ_FILE, { limit: 'x', mode: 'c', zz: 1, o: {} });
      expect(result.valid).toBe(false);
      expect([...result.errors].sort()).toEqual(
        [
          "Required parameter 'path' is missing",
          "Parameter 'limit' has wrong type: expected integer, got string",
          "Parameter 'mode' must be one of: ['a', 'b']",
          "Unknown parameter 'zz'",
          "Required parameter 'o.x' is missing",
        ].sort(),
      );
      expect(result.invalidParams).toEqual({
        path: 'required',
        limit: 'type: expected integer',
        mode: 'invalid enum value',
        zz: 'unknown parameter',
        o: 'required',
      });
    });
  });

  describe('arguments that are not an object', () => {
    it.each([
      [null, 'null'],
      [[], 'array'],
      ['path=a', 'string'],
      [3, 'number'],
      [true, 'boolean'],
    ])('should refuse %p', (args, got) => {
      const { result, value } = validateArguments(READ_FILE, args);
      expect(result.valid).toBe(false);
      expect(result.errors).toEqual([`Parameters must be an object, got ${got}`]);
      expect(value).toEqual({});
    });
  });

  describe('the returned copy', () => {
    it('should never mutate the caller’s object', () => {
      const args = { path: 'a', o: { x: 1 } };
      const before = structuredClone(args);
      validateArguments(READ_FILE, args);
      expect(args).toEqual(before);
      expect('limit' in args).toBe(false);
      expect('tag' in args.o).toBe(false);
    });

    it('should work on frozen arguments', () => {
      const args = Object.freeze({ path: 'a', o: Object.freeze({ x: 1 }) });
      expect(validateArguments(READ_FILE, args).value).toEqual({ path: 'a', limit: 10, o: { x: 1, tag: 't' } });
    });

    it('should apply the schema defaults, nested ones too, to a deep copy', () => {
      const args = { path: 'a', o: { x: 1 } };
      const { value } = validateArguments(READ_FILE, args);
      expect(value).toEqual({ path: 'a', limit: 10, o: { x: 1, tag: 't' } });
      expect(value).not.toBe(args);
      expect(value.o).not.toBe(args.o);
    });

    it('should hand back ordinary objects', () => {
      const { value } = validateArguments(READ_FILE, { path: 'a', o: { x: 1 } });
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(Object.getPrototypeOf(value.o)).toBe(Object.prototype);
      expect(value).toStrictEqual({ path: 'a', limit: 10, o: { x: 1, tag: 't' } });
    });

    it('should give each call its own copy of an object default', () => {
      const schema: JsonSchema = { type: 'object', properties: { tags: { type: 'array', default: [] } } };
      const first = validateArguments(schema, {}).value.tags as string[];
      first.push('changed');
      expect(validateArguments(schema, {}).value.tags).toEqual([]);
    });

    it('should follow JSON: toJSON is honoured and undefined properties are left out', () => {
      const schema: JsonSchema = { type: 'object', properties: { when: { type: 'string', format: 'date-time' } } };
      const { result, value } = validateArguments(schema, { when: new Date(0), skip: undefined });
      expect(result.valid).toBe(true);
      expect(value).toEqual({ when: '1970-01-01T00:00:00.000Z' });
      expect('skip' in value).toBe(false);
    });
  });

  describe('coercion', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        n: { type: 'integer' },
        r: { type: 'number' },
        b: { type: 'boolean' },
        s: { type: 'string' },
        ns: { type: ['number', 'string'] },
        list: { type: 'array', items: { type: 'integer' } },
        nested: { type: 'object', properties: { deep: { type: 'boolean' } } },
        either: { anyOf: [{ type: 'integer' }, { type: 'boolean' }] },
        one: { oneOf: [{ type: 'integer' }] },
      },
    };

    it('should be off by default', () => {
      expect(validateArguments(schema, { n: '5' }).result.errors).toEqual([
        "Parameter 'n' has wrong type: expected integer, got string",
      ]);
    });

    it('should turn numeric strings into numbers and integers, and true/false into booleans', () => {
      const { result, value } = validateArguments(
        schema,
        { n: '-12', r: '2.5e1', b: 'false', list: ['1', '2'], nested: { deep: 'true' } },
        { coerce: true },
      );
      expect(result.valid).toBe(true);
      expect(value).toEqual({ n: -12, r: 25, b: false, list: [1, 2], nested: { deep: true } });
    });

    it('should coerce on the copy, never on the caller’s object', () => {
      const args = { n: '5' };
      expect(validateArguments(schema, args, { coerce: true }).value).toEqual({ n: 5 });
      expect(args).toEqual({ n: '5' });
    });

    it('should leave strings that are not clean numbers alone', () => {
      for (const n of ['1.5', ' 5', '5px', '', '0x10', '99999999999999999999']) {
        expect(validateArguments(schema, { n }, { coerce: true }).result.errors).toEqual([
          "Parameter 'n' has wrong type: expected integer, got string",
        ]);
      }
      expect(validateArguments(schema, { b: 'yes' }, { coerce: true }).result.valid).toBe(false);
    });

    it('should not touch strings where a string is accepted', () => {
      expect(validateArguments(schema, { s: '5', ns: '7' }, { coerce: true }).value).toEqual({ s: '5', ns: '7' });
    });

    it('should never coerce inside anyOf or oneOf', () => {
      expect(validateArguments(schema, { either: '5' }, { coerce: true }).result.valid).toBe(false);
      expect(validateArguments(schema, { one: '5' }, { coerce: true }).result.valid).toBe(false);
    });

    it('should not turn null or scalars into other things (unlike ajv coerceTypes)', () => {
      expect(validateArguments(schema, { n: null }, { coerce: true }).result.valid).toBe(false);
      expect(validateArguments(schema, { list: '1' }, { coerce: true }).result.valid).toBe(false);
    });
  });

  describe('hostile input', () => {
    it('should refuse a cyclic object with the path of the cycle', () => {
      const args: Record<string, any> = { path: 'a', o: { b: {} } };
      args.o.b.back = args.o;
      const { result } = validateArguments(READ_FILE, args);
      expect(result.errors).toEqual(["Parameters must be JSON-serializable: cyclic reference at 'o.b.back'"]);
      expect(result.invalidParams).toEqual({ o: 'not JSON-serializable' });
    });

    it('should accept the same object twice when it is not a cycle', () => {
      const shared = { x: 1 };
      const schema: JsonSchema = { type: 'object', properties: { a: { type: 'object' }, b: { type: 'object' } } };
      expect(validateArguments(schema, { a: shared, b: shared }).result.valid).toBe(true);
    });

    it('should keep __proto__ and constructor keys as plain data, never polluting Object.prototype', () => {
      const args = JSON.parse('{"path":"a","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}');
      const { result, value } = validateArguments(READ_FILE, args);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(result.errors).toEqual(["Unknown parameter '__proto__'", "Unknown parameter 'constructor'"]);
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(Object.prototype.hasOwnProperty.call(value, '__proto__')).toBe(true);
      expect(Object.keys(result.invalidParams)).toEqual(['__proto__', 'constructor']);
    });

    it('should apply a default to a parameter named constructor', () => {
      const schema: JsonSchema = { type: 'object', properties: { constructor: { type: 'string', default: 'x' } } };
      expect(validateArguments(schema, {}).value).toEqual({ constructor: 'x' });
    });

    it('should validate a 10 MB string', () => {
      const big = 'x'.repeat(10 * 1024 * 1024);
      const { result, value } = validateArguments(READ_FILE, { path: big });
      expect(result.valid).toBe(true);
      expect((value.path as string).length).toBe(big.length);
    });

    it.each([NaN, Infinity, -Infinity])('should refuse %p, which JSON cannot carry', (n) => {
      const { result } = validateArguments(READ_FILE, { path: 'a', ratio: n });
      expect(result.valid).toBe(false);
      expect(result.errors).toEqual([`Parameters must be JSON-serializable: non-finite number ${n} at 'ratio'`]);
    });

    it.each([
      ['bigint', 1n],
      ['function', () => 1],
      ['symbol', Symbol('s')],
    ])('should refuse a %s', (kind, bad) => {
      expect(validateArguments(READ_FILE, { path: 'a', ratio: bad }).result.errors).toEqual([
        `Parameters must be JSON-serializable: a ${kind} is not a JSON value at 'ratio'`,
      ]);
    });

    it('should refuse very deep nesting with a readable error instead of overflowing the stack', () => {
      const root: Record<string, unknown> = {};
      let node = root;
      for (let i = 0; i < 100_000; i++) {
        const next = {};
        node.a = next;
        node = next;
      }
      const { result } = validateArguments({ type: 'object' }, root);
      expect(result.valid).toBe(false);
      expect(result.errors[0]).toMatch(new RegExp(`^Parameters must be JSON-serializable: nesting deeper than ${MAX_ARGUMENT_DEPTH} levels at 'a\\.a\\.a`));
    });

    it('should turn a throwing getter or proxy into a failed result', () => {
      const getter = Object.defineProperty({}, 'path', { enumerable: true, get: () => { throw new Error('boom'); } });
      expect(validateArguments(READ_FILE, getter).result.errors).toEqual(['Parameters could not be read: boom']);
      const proxy = new Proxy({}, { ownKeys: () => { throw new Error('trap'); } });
      expect(validateArguments(READ_FILE, proxy).result.errors).toEqual(['Parameters could not be read: trap']);
    });

    it('should turn a revoked proxy into a failed result (even asking whether it is an array throws)', () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      expect(validateArguments(READ_FILE, proxy).result.errors).toEqual([
        "Parameters could not be read: Cannot perform 'IsArray' on a proxy that has been revoked",
      ]);
    });
  });

  describe('schemas', () => {
    it('should validate a TypeBox schema, symbol keys and all', () => {
      const schema = Type.Object({ path: Type.String(), limit: Type.Optional(Type.Integer({ default: 3 })) }, { additionalProperties: false });
      expect(validateArguments(schema, { path: 'a' }).value).toEqual({ path: 'a', limit: 3 });
      expect(validateArguments(schema, { limit: 'x', zz: 1 }).result.errors.sort()).toEqual(
        ["Parameter 'limit' has wrong type: expected integer, got string", "Required parameter 'path' is missing", "Unknown parameter 'zz'"].sort(),
      );
    });

    it('should ignore unknown keywords and formats instead of throwing', () => {
      const schema: JsonSchema = {
        type: 'object',
        'x-internal': true,
        properties: { a: { type: 'string', format: 'no-such-format', nullable: true, examples: ['q'] } },
      };
      expect(validateArguments(schema, { a: 'anything' }).result.valid).toBe(true);
    });

    it('should accept a schema declaring another draft in $schema', () => {
      const schema: JsonSchema = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', required: ['a'] };
      expect(validateArguments(schema, {}).result.errors).toEqual(["Required parameter 'a' is missing"]);
    });

    it('should read a 2020-12 tuple (prefixItems, then items for the rest) as one, as zod and MCP servers write it', () => {
      // z.toJSONSchema(z.object({ pair: z.tuple([z.string(), z.number()]) })), zod 4's default dialect, as JSON.
      const pair: JsonSchema = JSON.parse(JSON.stringify({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false, minItems: 2, maxItems: 2 } },
        required: ['pair'],
      }));
      expect(validateArguments(pair, { pair: ['a', 1] }).result.valid).toBe(true);
      expect(validateArguments(pair, { pair: [1, 'a'] }).result.errors).toEqual([
        "Parameter 'pair.0' has wrong type: expected string, got number",
        "Parameter 'pair.1' has wrong type: expected number, got string",
      ]);
      // The rest: items past the tuple follow `items`; a default inside a tuple item is applied.
      const rest: JsonSchema = {
        type: 'object',
        properties: {
          row: {
            type: 'array',
            prefixItems: [{ type: 'object', properties: { id: { type: 'string' }, n: { type: 'integer', default: 5 } }, required: ['id'] }],
            items: { type: 'number' },
          },
        },
      };
      const { result, value } = validateArguments(rest, { row: [{ id: 'x' }, 1, 2] });
      expect(result.valid).toBe(true);
      expect(value).toEqual({ row: [{ id: 'x', n: 5 }, 1, 2] });
      expect(validateArguments(rest, { row: [{ id: 'x' }, 1, 'two'] }).result.errors).toEqual(["Parameter 'row.2' has wrong type: expected number, got string"]);
      // Data that looks like a tuple schema (a default, a const) is data: left as it is.
      const data: JsonSchema = { type: 'object', properties: { s: { default: { prefixItems: [1], items: 2 } } } };
      expect(validateArguments(data, {}).value).toEqual({ s: { prefixItems: [1], items: 2 } });
    });

    it('should let two different schemas share an $id', () => {
      const one: JsonSchema = { $id: 'args', type: 'object', required: ['a'] };
      const two: JsonSchema = { $id: 'args', type: 'object', required: ['b'] };
      expect(validateArguments(one, {}).result.errors).toEqual(["Required parameter 'a' is missing"]);
      expect(validateArguments(two, {}).result.errors).toEqual(["Required parameter 'b' is missing"]);
    });

    it('should report an invalid schema as a failed result naming the fix', () => {
      const { result } = validateArguments({ type: 'object', properties: { a: { type: 'text' } } }, { a: 1 });
      expect(result.valid).toBe(false);
      expect(result.errors[0]).toMatch(/^Invalid parameters schema: .*Fix the tool's parameters schema/);
    });
  });

  describe('compilation', () => {
    let compile: jest.SpyInstance;
    beforeEach(() => {
      compile = jest.spyOn(Ajv.prototype, 'compile');
    });
    afterEach(() => compile.mockRestore());

    it('should compile a schema once for valid calls, and once more on the first failure: no per-call compilation', () => {
      const schema = freshSchema();
      validateArguments(schema, { a: 'x' });
      validateArguments(schema, { a: 'y', b: 2 });
      expect(compile).toHaveBeenCalledTimes(1);
      // The validator that finds every problem, not only the first, is made when a call first fails.
      validateArguments(schema, { b: 'wrong' });
      validateArguments(schema, { a: 1 });
      validateArguments(schema, { a: 'z' });
      expect(compile).toHaveBeenCalledTimes(2);
    });

    it('should compile once when a getter builds a fresh, equal schema object on every call', () => {
      const description = `fresh ${++unique}`;
      class Fresh extends BaseTool {
        get name() { return 'fresh'; }
        get description() { return description; }
        get parameters(): JsonSchema {
          return { type: 'object', description, properties: { a: { type: 'string' } }, required: ['a'] };
        }
        async execute() { return ToolResult.ok(null); }
      }
      const tool = new Fresh();
      expect(tool.parameters).not.toBe(tool.parameters);
      expect(tool.validateParameters({ a: 'x' })).toBe(true);
      expect(tool.validateParameters({})).toBe(false);
      expect(tool.validateParametersDetailed({ a: 1 }).errors).toEqual(["Parameter 'a' has wrong type: expected string, got number"]);
      expect(tool.validateParametersDetailed({ a: 2 }).errors).toEqual(["Parameter 'a' has wrong type: expected string, got number"]);
      // Once for the verdicts, once for every problem of the failures.
      expect(compile).toHaveBeenCalledTimes(2);
    });

    it('should compile lazily, on the first validation and not when a tool is built or rendered', () => {
      const schema = freshSchema();
      class Lazy extends BaseTool {
        get name() { return 'lazy'; }
        get description() { return 'Lazy.'; }
        get parameters() { return schema; }
        async execute() { return ToolResult.ok(null); }
      }
      const tool = new Lazy();
      tool.toJSONSchema();
      tool.toSchema('compact');
      tool.toSchema('stub');
      expect(compile).not.toHaveBeenCalled();
      tool.validateParameters({ a: 'x' });
      expect(compile).toHaveBeenCalledTimes(1);
    });

    it('should use the same compiled validator with and without coercion', () => {
      const schema = freshSchema();
      validateArguments(schema, { a: 'x', b: '1' }, { coerce: true });
      validateArguments(schema, { a: 'x', b: 1 });
      expect(compile).toHaveBeenCalledTimes(1);
    });

    it('should not retry compiling an invalid schema on every call', () => {
      const schema: JsonSchema = { type: 'object', properties: { a: { type: `bogus${++unique}` } } };
      validateArguments(schema, {});
      validateArguments(schema, {});
      expect(compile).toHaveBeenCalledTimes(1);
    });
  });
});

describe('cut text in validation errors', () => {
  const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

  it.each([0, 1])('should never cut an emoji in half when an unknown key is shortened (offset %i)', (offset) => {
    const key = 'a'.repeat(offset) + '\u{1F600}'.repeat(500);
    const checked = validateArguments({ type: 'object', properties: {}, additionalProperties: false }, { [key]: 1 });
    expect(checked.result.valid).toBe(false);
    const message = checked.result.errors.join('; ');
    expect(message.length).toBeLessThan(key.length);
    expect(message).toContain('\u{1F600}...');
    expect(LONE_SURROGATE.test(message)).toBe(false);
  });
});
