import Ajv from 'ajv';
import type { JsonSchema } from '@victor-tools/core';
import { compileSchema, dropNullOptionals, MAX_ARGUMENT_DEPTH, validateArguments } from '@victor-tools/core/framework';

// How arguments are prepared (copy, nulls, coercion, defaults, validation) and
// how failures are reported, beyond what validation.test.ts covers.

let unique = 0;
/** A schema no other test compiled (the compile cache is module-wide). */
const fresh = (schema: JsonSchema): JsonSchema => ({ ...schema, $comment: `preparation ${++unique}` });

describe('validateArguments', () => {
  describe('defaults of properties named like Object.prototype members', () => {
    it('should apply them in nested objects, array items, allOf branches and through $ref', () => {
      const schema: JsonSchema = fresh({
        type: 'object',
        properties: {
          nested: { type: 'object', properties: { toString: { type: 'string', default: 'n' } } },
          list: { type: 'array', items: { type: 'object', properties: { valueOf: { type: 'integer', default: 1 } } } },
          ref: { $ref: '#/definitions/withConstructor' },
        },
        allOf: [{ properties: { hasOwnProperty: { type: 'boolean', default: true } } }],
        definitions: { withConstructor: { type: 'object', properties: { constructor: { type: 'string', default: 'c' } } } },
      });
      const { result, value } = validateArguments(schema, { nested: {}, list: [{}, { valueOf: 5 }], ref: {} });
      expect(result.errors).toEqual([]);
      expect(value).toEqual({ nested: { toString: 'n' }, list: [{ valueOf: 1 }, { valueOf: 5 }], ref: { constructor: 'c' }, hasOwnProperty: true });
    });

    it('should give every call its own copy of such a default', () => {
      const schema: JsonSchema = fresh({ type: 'object', properties: { constructor: { type: 'object', default: { tags: [] } } } });
      const first = validateArguments(schema, {}).value['constructor'] as unknown as { tags: string[] };
      first.tags.push('changed');
      expect(validateArguments(schema, {}).value).toEqual({ constructor: { tags: [] } });
    });

    it('should still validate a given value of such a property', () => {
      const schema: JsonSchema = fresh({ type: 'object', properties: { toString: { type: 'string', default: 'x' } } });
      expect(validateArguments(schema, { toString: 3 }).result.errors).toEqual(["Parameter 'toString' has wrong type: expected string, got number"]);
    });

    it('should stay bounded on a schema whose allOf refers to itself', () => {
      const schema: JsonSchema = fresh({
        type: 'object',
        properties: { constructor: { type: 'string', default: 'c' }, child: { $ref: '#' } },
        allOf: [{ $ref: '#/definitions/loop' }, { $ref: '#/definitions/loop' }],
        definitions: { loop: { allOf: [{ $ref: '#/definitions/loop' }, { $ref: '#/definitions/loop' }] } },
      });
      let args: Record<string, unknown> = {};
      for (let i = 0; i < 50; i++) args = { child: args };
      expect(() => validateArguments(schema, args)).not.toThrow();
    });
  });

  describe('properties named like Object.prototype members', () => {
    it('should check them on own keys only, in properties, required and dependencies', () => {
      const schema: JsonSchema = fresh({
        type: 'object',
        properties: { valueOf: { type: 'string' } },
        dependencies: { a: ['constructor'], toString: { required: ['b'] } },
      });
      expect(validateArguments(schema, {}).result.errors).toEqual([]);
      expect(validateArguments(schema, { a: 1 }).result.errors).toEqual([
        "Validation error: must have property constructor when property a is present",
      ]);
      expect(validateArguments(schema, { toString: 'x' }).result.errors).toEqual(["Required parameter 'b' is missing"]);
      expect(validateArguments(schema, { a: 1, constructor: 2, valueOf: 3 }).result.errors).toEqual([
        "Parameter 'valueOf' has wrong type: expected string, got number",
      ]);
    });
  });

  describe('anyOf and oneOf', () => {
    const union: JsonSchema = { type: 'object', properties: { items: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } } } };

    it('should fold the branches of every array item on its own', () => {
      expect(validateArguments(union, { items: [{}, 'ok', [], 3, null] }).result.errors).toEqual([
        "Parameter 'items.0' has wrong type: expected string or integer, got object",
        "Parameter 'items.2' has wrong type: expected string or integer, got array",
        "Parameter 'items.4' has wrong type: expected string or integer, got null",
      ]);
    });

    it('should report nested alternatives once, generically', () => {
      const schema: JsonSchema = {
        type: 'object',
        properties: { v: { anyOf: [{ oneOf: [{ type: 'string' }, { type: 'integer' }] }, { type: 'object', required: ['k'] }] } },
      };
      expect(validateArguments(schema, { v: true }).result.errors).toEqual(["Validation error at 'v': must match a schema in anyOf"]);
      expect(validateArguments(schema, { v: {} }).result.errors).toEqual(["Validation error at 'v': must match a schema in anyOf"]);
    });

    it('should report a oneOf that more than one branch matched', () => {
      const schema: JsonSchema = { type: 'object', properties: { v: { oneOf: [{ type: 'integer' }, { minimum: 0 }] } } };
      expect(validateArguments(schema, { v: 1 }).result.errors).toEqual(["Validation error at 'v': must match exactly one schema in oneOf"]);
    });
  });

  describe('hostile keys in what comes back', () => {
    it('should key invalidParams by __proto__ as data and shorten long keys in paths and params', () => {
      const closed: JsonSchema = { type: 'object', properties: {}, additionalProperties: false };
      const long = 'x'.repeat(500);
      const { result } = validateArguments(closed, JSON.parse(`{"__proto__": 1, "${long}": 2}`));
      expect(Object.keys(result.invalidParams)).toEqual(['__proto__', `${'x'.repeat(117)}...`]);
      expect(Object.getPrototypeOf(result.invalidParams)).toBe(Object.prototype);
      expect(result.issues[1]).toEqual({
        path: [`${'x'.repeat(117)}...`],
        keyword: 'additionalProperties',
        message: `Unknown parameter '${'x'.repeat(117)}...'`,
        params: { additionalProperty: `${'x'.repeat(117)}...` },
      });
    });

    it('should shorten a thrown message too long for the cap', () => {
      const getter = Object.defineProperty({}, 'a', { enumerable: true, get: () => { throw new Error('e'.repeat(10_000)); } });
      const { result } = validateArguments({ type: 'object' }, getter, { maxErrorChars: 100 });
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]).toBe(`Parameters could not be read: ${'e'.repeat(67)}...`);
    });

    it('should name the path of nesting past the limit', () => {
      let args: Record<string, unknown> = { leaf: 1 };
      for (let i = 0; i < MAX_ARGUMENT_DEPTH + 5; i++) args = { a: args };
      const { result } = validateArguments({ type: 'object' }, args);
      expect(result.issues[0]).toMatchObject({ keyword: 'notJson', params: { problem: `nesting deeper than ${MAX_ARGUMENT_DEPTH} levels` } });
      expect(result.issues[0].path).toHaveLength(MAX_ARGUMENT_DEPTH);
    });
  });
});

describe('compileSchema', () => {
  it('should refuse an $async schema, whose validation would be a promise read as a pass', () => {
    const compiled = compileSchema({ $async: true, type: 'object', required: ['a'] });
    expect(compiled.schemaError).toBe("Invalid parameters schema: '$async: true' is not supported: validation is synchronous. Fix the tool's parameters schema (JSON Schema Draft 7).");
    expect(compiled.validate({}).result.valid).toBe(false);
  });

  it('should turn a schema nested past the stack into a schema error, not a throw', () => {
    let schema: JsonSchema = { type: 'string' };
    for (let i = 0; i < 100_000; i++) schema = { type: 'object', properties: { a: schema } };
    expect(() => compileSchema(schema)).not.toThrow();
    expect(compileSchema(schema).schemaError).toMatch(/^Invalid parameters schema: /);
  });

  it('should report a thrown value whose conversion throws', () => {
    const hostile = { toString() { throw new Error('no'); } };
    const getter = Object.defineProperty({}, 'a', { enumerable: true, get: () => { throw hostile; } });
    expect(validateArguments({ type: 'object' }, getter).result.errors).toEqual(['Parameters could not be read: a thrown object that cannot be shown']);
  });

  it('should keep validators working after ajv instances were replaced, and keep equal $ids apart across them', () => {
    const compile = jest.spyOn(Ajv.prototype, 'compile');
    try {
      const first = compileSchema({ $id: 'shared', type: 'object', required: ['first'] });
      // More compilations than one ajv instance takes.
      for (let i = 0; i < 300; i++) compileSchema({ $id: 'shared', type: 'object', required: [`k${i}`], $comment: `recycle ${++unique}` });
      const last = compileSchema({ $id: 'shared', type: 'object', required: ['last'] });
      expect(compile.mock.instances.length).toBeGreaterThanOrEqual(302);
      expect(new Set(compile.mock.instances).size).toBeGreaterThan(1);
      expect(first.validate({}).result.errors).toEqual(["Required parameter 'first' is missing"]);
      expect(last.validate({}).result.errors).toEqual(["Required parameter 'last' is missing"]);
    } finally {
      compile.mockRestore();
    }
  });
});

describe('dropNullOptionals', () => {
  const schema: JsonSchema = { type: 'object', properties: { limit: { type: 'integer' } } };

  it('should copy with JSON semantics, as validation does', () => {
    const when = new Date(0);
    expect(dropNullOptionals(schema, { limit: null, when, skip: undefined })).toEqual({ when: '1970-01-01T00:00:00.000Z' });
  });

  it('should return arguments JSON cannot carry as they are, for validation to refuse', () => {
    const cyclic: Record<string, unknown> = { limit: null };
    cyclic.self = cyclic;
    expect(dropNullOptionals(schema, cyclic)).toBe(cyclic);
    expect(cyclic.limit).toBeNull();
  });
});
