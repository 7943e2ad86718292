import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import Ajv from 'ajv';
import fc from 'fast-check';
import { BaseTool, ToolRegistry, ToolResult, type JsonSchema, type ToolCallContext } from '@victor-tools/core';
import { validateArguments } from '@victor-tools/core/framework';
import { FUZZ_RUNS, fuzzParams } from '../../../test/support/fuzz';
import { silentLogger } from '../../../test/support/logger';

// A property's time grows with FUZZ_RUNS (and with the load of a shared CI machine).
jest.setTimeout(60_000 + FUZZ_RUNS * 100);
const params = fuzzParams();

/** A tool whose schema is given and which records the args it receives. */
class SchemaTool extends BaseTool {
  received: Record<string, unknown>[] = [];
  constructor(private readonly schema: JsonSchema) {
    super();
  }
  get name(): string {
    return 'generated';
  }
  get description(): string {
    return 'A tool made for one generated schema.';
  }
  get parameters(): JsonSchema {
    return this.schema;
  }
  async execute(_ctx: ToolCallContext, args: Record<string, unknown>): Promise<ToolResult> {
    this.received.push(args);
    return ToolResult.ok('done');
  }
}

function registryFor(schema: JsonSchema): { registry: ToolRegistry; tool: SchemaTool } {
  const registry = new ToolRegistry({ logger: silentLogger });
  const tool = new SchemaTool(schema);
  registry.register(tool);
  return { registry, tool };
}

/** Sets `key` as an own data property, so that `__proto__` is a key and never a prototype. */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A deep copy of JSON data that keeps `__proto__` as an own key. */
function copy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copy) as T;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) put(out, key, copy((value as Record<string, unknown>)[key]));
  return out as T;
}

// ---------------------------------------------------------------- schemas

type Leaf = 'string' | 'number' | 'integer' | 'boolean' | 'enum';

/**
 * Property names: plain ones, and the ones that break code treating objects
 * as maps. Not `__proto__`: a schema declaring it is refused (tested below).
 */
const propName = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,5}$/) },
  { weight: 1, arbitrary: fc.constantFrom('constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf') },
);
const enumValues = fc.uniqueArray(fc.stringMatching(/^[a-z]{1,4}$/), { minLength: 1, maxLength: 4 });

function leafSchema(): fc.Arbitrary<JsonSchema> {
  return fc.oneof(
    fc.constantFrom<Leaf>('string', 'number', 'integer', 'boolean').map((type) => ({ type })),
    enumValues.map((values) => ({ type: 'string', enum: values })),
  );
}

function arraySchema(): fc.Arbitrary<JsonSchema> {
  return leafSchema().map((items) => ({ type: 'array', items }));
}

/** An object schema: properties of every kind, a subset required, closed sometimes, defaults on optional leaves. */
function objectSchema(depth: number): fc.Arbitrary<JsonSchema> {
  const property = depth > 0 ? fc.oneof({ weight: 4, arbitrary: leafSchema() }, { weight: 1, arbitrary: arraySchema() }, { weight: 1, arbitrary: objectSchema(depth - 1) }) : fc.oneof(leafSchema(), arraySchema());
  return fc
    .tuple(
      fc.uniqueArray(fc.tuple(propName, property, fc.boolean(), fc.boolean()), { selector: ([name]) => name, maxLength: 5 }),
      fc.boolean(),
    )
    .chain(([entries, closed]) =>
      fc.tuple(...entries.map(([, schema, , withDefault]) => (withDefault && schema.type !== 'object' ? valueFor(schema).map((v) => ({ v })) : fc.constant(undefined)))).map(
        (defaults) => {
          const properties: Record<string, JsonSchema> = {};
          const required: string[] = [];
          entries.forEach(([name, schema, isRequired], i) => {
            const withDefault = defaults[i] === undefined || isRequired ? schema : { ...schema, default: defaults[i]!.v };
            put(properties, name, withDefault);
            if (isRequired) required.push(name);
          });
          const schema: JsonSchema = { type: 'object', properties };
          if (required.length) schema.required = required;
          if (closed) schema.additionalProperties = false;
          return schema;
        },
      ),
    );
}

// ------------------------------------------------------------ arguments

/** Arguments that match `schema`: required keys always, optional ones sometimes. */
function valueFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  switch (schema.type) {
    case 'string':
      return fc.string({ maxLength: 8 });
    case 'number':
      // -0 is no JSON value of its own: ajv writes a default of -0 into its code as 0.
      return fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n));
    case 'integer':
      return fc.integer();
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueFor(schema.items as JsonSchema), { maxLength: 3 });
    default: {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required ?? []) as string[]);
      const names = Object.keys(properties);
      return fc
        .tuple(...names.map((name) => fc.tuple(fc.constant(name), valueFor(properties[name]!), required.has(name) ? fc.constant(true) : fc.boolean())))
        .map((entries) => {
          const out: Record<string, unknown> = {};
          for (const [name, value, present] of entries) if (present) put(out, name, value);
          return out;
        });
    }
  }
}

/** What the tool should receive: `value` with the schema's defaults filled in where a key is missing. */
function withDefaults(schema: JsonSchema, value: unknown): unknown {
  if (schema.type !== 'object' || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out = copy(value) as Record<string, unknown>;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of Object.keys(properties)) {
    const sub = properties[name]!;
    if (Object.prototype.hasOwnProperty.call(out, name)) put(out, name, withDefaults(sub, out[name]));
    else if ('default' in sub) put(out, name, copy(sub.default));
  }
  return out;
}

/** A schema with arguments that match it. */
const schemaWithArgs = objectSchema(2).chain((schema) => valueFor(schema).map((args) => ({ schema, args: args as Record<string, unknown> })));

/** Where an object schema sits in the schema and in the args. */
interface ObjectSpot {
  path: string[];
  schema: JsonSchema;
  value: Record<string, unknown>;
}

function objectSpots(schema: JsonSchema, value: Record<string, unknown>, path: string[] = []): ObjectSpot[] {
  const spots: ObjectSpot[] = [{ path, schema, value }];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of Object.keys(properties)) {
    const sub = properties[name]!;
    if (sub.type === 'object' && Object.prototype.hasOwnProperty.call(value, name)) {
      spots.push(...objectSpots(sub, value[name] as Record<string, unknown>, [...path, name]));
    }
  }
  return spots;
}

type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';
const SAMPLE: Record<JsonType, unknown> = { string: 'text', number: 1.5, boolean: true, null: null, array: [1], object: { k: 1 } };

/** The JSON types a value of `schema` must not have. */
function wrongTypes(schema: JsonSchema): JsonType[] {
  const all: JsonType[] = ['string', 'number', 'boolean', 'null', 'array', 'object'];
  // For an integer every JSON type is wrong, a number only when it is not whole.
  return all.filter((t) => t !== schema.type);
}

/** Every way of sending `null` for one optional parameter, with the args it stands for (that parameter left out). */
function optionalNulls(schema: JsonSchema, args: Record<string, unknown>): Array<{ args: Record<string, unknown>; absent: Record<string, unknown> }> {
  const out: Array<{ args: Record<string, unknown>; absent: Record<string, unknown> }> = [];
  for (const spot of objectSpots(schema, args)) {
    const required = (spot.schema.required ?? []) as string[];
    const at = (root: Record<string, unknown>): Record<string, unknown> => {
      let target = root;
      for (const key of spot.path) target = target[key] as Record<string, unknown>;
      return target;
    };
    for (const name of Object.keys(spot.schema.properties ?? {})) {
      if (required.includes(name)) continue;
      const withNull = copy(args);
      put(at(withNull), name, null);
      const absent = copy(args);
      delete at(absent)[name];
      out.push({ args: withNull, absent });
    }
  }
  return out;
}

type Mutation = { kind: 'type' | 'drop' | 'unknown' | 'enum'; args: Record<string, unknown>; expected: string; param: string };

/** Every single-field mutation of `args` that breaks `schema`, with the message SPEC section 4 gives it. */
function mutations(schema: JsonSchema, args: Record<string, unknown>): Mutation[] {
  const out: Mutation[] = [];
  for (const spot of objectSpots(schema, args)) {
    const properties = (spot.schema.properties ?? {}) as Record<string, JsonSchema>;
    const edit = (change: (target: Record<string, unknown>) => void): Record<string, unknown> => {
      const mutated = copy(args);
      let target = mutated;
      for (const key of spot.path) target = target[key] as Record<string, unknown>;
      change(target);
      return mutated;
    };
    const at = (name: string) => [...spot.path, name].join('.');
    const param = (name: string) => spot.path[0] ?? name;
    const required = (spot.schema.required ?? []) as string[];
    for (const name of Object.keys(properties)) {
      const sub = properties[name]!;
      const expectedType = sub.type as string;
      for (const wrong of wrongTypes(sub)) {
        // The registry takes a null for an optional parameter as absent (SPEC section 11): no mutation there.
        if (wrong === 'null' && !required.includes(name)) continue;
        if (expectedType === 'integer' && wrong === 'number') {
          out.push({ kind: 'type', args: edit((t) => put(t, name, 1.5)), expected: `Parameter '${at(name)}' has wrong type: expected integer, got number`, param: param(name) });
          continue;
        }
        out.push({ kind: 'type', args: edit((t) => put(t, name, copy(SAMPLE[wrong]))), expected: `Parameter '${at(name)}' has wrong type: expected ${expectedType}, got ${wrong}`, param: param(name) });
      }
      if (sub.enum) {
        const allowed = (sub.enum as string[]).map((v) => `'${v}'`).join(', ');
        out.push({ kind: 'enum', args: edit((t) => put(t, name, 'NOT-IN-ENUM')), expected: `Parameter '${at(name)}' must be one of: [${allowed}]`, param: param(name) });
      }
      if (sub.type === 'array' && Array.isArray(spot.value[name]) && (spot.value[name] as unknown[]).length > 0) {
        const itemType = (sub.items as JsonSchema).type as string;
        const wrong = itemType === 'string' ? 'number' : 'string';
        out.push({
          kind: 'type',
          args: edit((t) => ((t[name] as unknown[])[0] = SAMPLE[wrong])),
          expected: `Parameter '${at(name)}.0' has wrong type: expected ${itemType}, got ${wrong}`,
          param: param(name),
        });
      }
    }
    for (const name of (spot.schema.required ?? []) as string[]) {
      out.push({ kind: 'drop', args: edit((t) => delete t[name]), expected: `Required parameter '${at(name)}' is missing`, param: param(name) });
    }
    if (spot.schema.additionalProperties === false) {
      const extra = Object.prototype.hasOwnProperty.call(properties, 'zz_unknown') ? 'zz_unknown2' : 'zz_unknown';
      out.push({ kind: 'unknown', args: edit((t) => put(t, extra, 1)), expected: `Unknown parameter '${at(extra)}'`, param: param(extra) });
    }
  }
  return out;
}

// --------------------------------------------------------------- checks

function expectReadable(result: unknown): asserts result is ToolResult {
  expect(result).toBeInstanceOf(ToolResult);
  const r = result as ToolResult;
  if (!r.success) {
    expect(typeof r.error).toBe('string');
    expect(r.error!.length).toBeGreaterThan(0);
    expect(r.error).not.toContain('[object Object]');
  }
}

afterEach(() => {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

describe('ToolRegistry', () => {
  describe('execute against generated schemas (property-based)', () => {
    // One property for both halves: compiling a generated schema (about 4 ms
    // with ajv) is the cost of a case, so each compiled schema checks the
    // matching args and four of their single-field mutations.
    it('should hand matching args plus defaults to the tool, fail single-field mutations with the SPEC message, and take a null for an optional parameter as absent', async () => {
      await fc.assert(
        fc.asyncProperty(schemaWithArgs, fc.array(fc.nat(), { minLength: 4, maxLength: 4 }), async ({ schema, args }, picks) => {
          const { registry, tool } = registryFor(schema);
          const before = copy(args);
          const result = await registry.execute('generated', args);
          expectReadable(result);
          expect(result.error).toBeUndefined();
          expect(result.success).toBe(true);
          expect(tool.received).toHaveLength(1);
          expect(isDeepStrictEqual(tool.received[0], withDefaults(schema, args))).toBe(true);
          expect(tool.received[0]).not.toBe(args);
          expect(isDeepStrictEqual(args, before)).toBe(true);

          const all = mutations(schema, args);
          for (const mutation of all.length ? picks.map((i) => all[i % all.length]!) : []) {
            const snapshot = copy(mutation.args);
            const failed = await registry.execute('generated', mutation.args);
            expectReadable(failed);
            expect(failed.success).toBe(false);
            expect(failed.error!.startsWith("Invalid parameters for tool 'generated': ")).toBe(true);
            expect(failed.error!.split(': ').slice(1).join(': ').split('; ')).toContain(mutation.expected);
            const invalid = failed.metadata?.invalidParams as Record<string, string>;
            expect(Object.prototype.hasOwnProperty.call(invalid, mutation.param)).toBe(true);
            expect(isDeepStrictEqual(mutation.args, snapshot)).toBe(true);
          }
          expect(tool.received).toHaveLength(1);

          const nulls = optionalNulls(schema, args);
          if (nulls.length > 0) {
            const { args: withNull, absent } = nulls[picks[0]! % nulls.length]!;
            const taken = await registry.execute('generated', withNull);
            expect(taken.error).toBeUndefined();
            expect(isDeepStrictEqual(tool.received[1], withDefaults(schema, absent))).toBe(true);
          }
        }),
        params,
      );
    });

    it('should never throw and never change the caller object, whatever the args', async () => {
      const anyArgs = fc.oneof(
        fc.anything({ maxDepth: 3 }),
        fc.dictionary(fc.oneof(propName, fc.string({ maxLength: 6 })), fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(NaN, Infinity, -Infinity, undefined)), { maxKeys: 6 }),
        fc.constantFrom('{"__proto__": {"polluted": 1}}', '{"constructor": {"prototype": {"polluted": 1}}}').map((json) => JSON.parse(json) as unknown),
      );
      await fc.assert(
        fc.asyncProperty(objectSchema(2), anyArgs, fc.boolean(), async (schema, args, coerce) => {
          const registry = new ToolRegistry({ logger: silentLogger, coerce });
          registry.register(new SchemaTool(schema));
          const before = typeof args === 'object' && args !== null ? copy(args) : args;
          expectReadable(await registry.execute('generated', args));
          if (typeof args === 'object' && args !== null && !(args instanceof Date) && Object.getPrototypeOf(args) === Object.prototype) {
            expect(isDeepStrictEqual(args, before)).toBe(true);
          }
        }),
        params,
      );
    });

    // Differential: the library prepares a copy, folds and caps messages, but
    // the verdict must stay ajv's own. Documented exception: a default on a
    // property named like an Object.prototype member, which plain ajv cannot
    // apply to an ordinary object (the library does).
    it("should give plain ajv's verdict on JSON arguments", () => {
      const jsonArgs = fc.dictionary(fc.oneof(propName, fc.string({ maxLength: 6 })), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 });
      const prototypeNames = new Set(Object.getOwnPropertyNames(Object.prototype));
      const hasPrototypeNamedDefault = (schema: JsonSchema): boolean =>
        Object.entries(schema.properties ?? {}).some(
          ([name, property]) => (prototypeNames.has(name) && 'default' in property) || (property.type === 'object' && hasPrototypeNamedDefault(property)),
        );
      // One plain instance for every case, as core compiles many schemas on one.
      const ajv = new Ajv({ allErrors: true, useDefaults: true, ownProperties: true, strict: false, logger: false });
      // Arguments that match the schema half of the time, arbitrary JSON otherwise.
      const cases = objectSchema(2).chain((schema) => fc.tuple(fc.constant(schema), fc.oneof(valueFor(schema), jsonArgs)));
      fc.assert(
        fc.property(cases, ([schema, args]) => {
          fc.pre(!hasPrototypeNamedDefault(schema));
          const expected = ajv.validate(schema, copy(args));
          ajv.removeSchema(schema);
          expect(validateArguments(schema, args).result.valid).toBe(expected);
        }),
        params,
      );
    });

    // ajv skips a property named __proto__ in `properties` (and in
    // additionalProperties: false), so such a parameter would reach the tool
    // unvalidated or never: the schema is refused like any invalid one.
    it('should refuse a schema that declares a parameter named __proto__, naming where', async () => {
      const properties = JSON.parse('{"__proto__": {"type": "array"}, "a": {"type": "string"}}') as Record<string, JsonSchema>;
      const { registry, tool } = registryFor({ type: 'object', properties: { o: { type: 'object', properties } }, required: ['o'] });
      const result = await registry.execute('generated', JSON.parse('{"o": {"__proto__": "not an array"}}'));
      expect(result.error).toBe(
        "Invalid parameters for tool 'generated': Invalid parameters schema: it declares a parameter named '__proto__' at 'properties.o.properties.__proto__', which ajv skips without validating. Rename the parameter.",
      );
      expect(tool.received).toHaveLength(0);
    });

    it('should cut a 10 MB path echoed in an EXPLORE refusal to a readable length', async () => {
      class WritingTool extends SchemaTool {
        override get metadata() {
          return { accessMode: 'write' as const };
        }
      }
      const registry = new ToolRegistry({ logger: silentLogger });
      registry.register(new WritingTool({ type: 'object', properties: { path: { type: 'string' } } }));
      const big = 'x'.repeat(10 * 1024 * 1024);
      const sandbox = mkdtempSync(join(tmpdir(), 'victor-sandbox-'));
      try {
        for (const path of [`/${big}`, `../${big}`, `../${big.slice(0, 5000)}`]) {
          const result = await registry.execute('generated', { path }, { mode: 'explore', sandbox: join(sandbox, 'inner') });
          expect(result.success).toBe(false);
          expect(result.error!.length).toBeLessThan(4096);
        }
      } finally {
        rmSync(sandbox, { recursive: true, force: true });
      }
    });

    it('should fail with the type given when the args are not an object', async () => {
      const notObject = fc.oneof(
        fc.string().map((v) => [v, 'string'] as const),
        fc.double({ noNaN: true }).map((v) => [v, 'number'] as const),
        fc.boolean().map((v) => [v, 'boolean'] as const),
        fc.constant([null, 'null'] as const),
        fc.array(fc.integer(), { maxLength: 3 }).map((v) => [v, 'array'] as const),
      );
      await fc.assert(
        fc.asyncProperty(objectSchema(1), notObject, async (schema, [args, type]) => {
          const { registry } = registryFor(schema);
          const result = await registry.execute('generated', args);
          expect(result.error).toBe(`Invalid parameters for tool 'generated': Parameters must be an object, got ${type}`);
        }),
        params,
      );
    });
  });
});
