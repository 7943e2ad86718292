import fc from 'fast-check';
import { ToolRegistry, type JsonSchema } from '@victor-tools/core';
import { findPathArguments } from '../../src/policy/path-arguments';
import { FUZZ_RUNS, fuzzParams } from '../../../../test/support/fuzz';
import { tool } from '../../../../test/support/tools';
import { silentLogger } from '../../../../test/support/logger';

// Property: a string is found as a path argument exactly when its schema
// declares `format: 'path'`, wherever the schema declares it: properties,
// items, tuples, additionalProperties, patternProperties, unions with null,
// allOf, oneOf, local $refs. Schema and arguments are drawn together, so where
// each string's declaration sits is known; keys are never path-like names.

jest.setTimeout(60_000 + FUZZ_RUNS * 50);
const params = fuzzParams();

/** A schema, a value it describes, and where in the value the declared paths are (relative, dot-joined). */
interface Drawn {
  schema: JsonSchema;
  value: unknown;
  paths: string[];
}

const KEYS = ['a', 'b', 'c', 'k1', 'k2'];
const at = (prefix: string, where: string) => (where === '' ? prefix : `${prefix}.${where}`);

/** Wraps a schema in a combinator that still describes the same value. */
const wrap = (inner: Drawn): fc.Arbitrary<Drawn> =>
  fc.constantFrom<(s: JsonSchema) => JsonSchema>(
    (s) => s,
    (s) => ({ anyOf: [s, { type: 'null' }] }),
    (s) => ({ oneOf: [{ type: 'null' }, s] }),
    (s) => ({ allOf: [s] }),
  ).map((wrapper) => ({ ...inner, schema: wrapper(inner.schema) }));

const { tree } = fc.letrec<{ tree: Drawn; leaf: Drawn; object: Drawn; array: Drawn; tuple: Drawn }>((tie) => ({
  tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('leaf'), tie('object'), tie('array'), tie('tuple')).chain(wrap),
  leaf: fc.oneof(
    fc.record({ path: fc.boolean(), text: fc.string({ maxLength: 8 }) }).map(({ path, text }) => ({
      schema: path ? { type: 'string', format: 'path' } : { type: 'string' },
      value: text,
      paths: path ? [''] : [],
    })),
    fc.integer().map((n) => ({ schema: { type: 'integer' }, value: n, paths: [] as string[] })),
  ),
  object: fc.oneof(
    // Declared properties.
    fc.uniqueArray(fc.tuple(fc.constantFrom(...KEYS), tie('tree')), { selector: ([key]) => key, maxLength: 3 }).map((entries) => ({
      schema: { type: 'object', properties: Object.fromEntries(entries.map(([key, child]) => [key, child.schema])) },
      value: Object.fromEntries(entries.map(([key, child]) => [key, child.value])),
      paths: entries.flatMap(([key, child]) => child.paths.map((where) => at(key, where))),
    })),
    // One schema for every key: additionalProperties or a pattern.
    fc.tuple(fc.constantFrom('additionalProperties', 'patternProperties'), fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 3 }), tie('tree')).map(
      ([keyword, keys, child]) => ({
        schema: { type: 'object', ...(keyword === 'additionalProperties' ? { additionalProperties: child.schema } : { patternProperties: { '^.*$': child.schema } }) },
        value: Object.fromEntries(keys.map((key) => [key, child.value])),
        paths: keys.flatMap((key) => child.paths.map((where) => at(key, where))),
      }),
    ),
  ),
  array: fc.tuple(tie('tree'), fc.integer({ min: 0, max: 3 })).map(([child, count]) => ({
    schema: { type: 'array', items: child.schema },
    value: Array.from({ length: count }, () => child.value),
    paths: Array.from({ length: count }, (_, i) => child.paths.map((where) => at(String(i), where))).flat(),
  })),
  // Draft 7 wants at least one schema in a tuple.
  tuple: fc.array(tie('tree'), { minLength: 1, maxLength: 3 }).map((children) => ({
    schema: { type: 'array', items: children.map((child) => child.schema) },
    value: children.map((child) => child.value),
    paths: children.flatMap((child, i) => child.paths.map((where) => at(String(i), where))),
  })),
}));

/** The drawn tree as the parameters of a tool, behind a $ref half of the time. */
const parameters = fc.tuple(fc.uniqueArray(fc.tuple(fc.constantFrom(...KEYS), tree), { selector: ([key]) => key, minLength: 1, maxLength: 3 }), fc.boolean()).map(
  ([entries, viaRef]) => {
    const definitions: Record<string, JsonSchema> = {};
    const properties: Record<string, JsonSchema> = {};
    for (const [key, child] of entries) {
      if (viaRef) {
        definitions[`D${key}`] = child.schema;
        properties[key] = { $ref: `#/definitions/D${key}` };
      } else {
        properties[key] = child.schema;
      }
    }
    return {
      schema: { type: 'object', ...(viaRef ? { definitions } : {}), properties } as JsonSchema,
      args: Object.fromEntries(entries.map(([key, child]) => [key, child.value])) as Record<string, unknown>,
      paths: entries.flatMap(([key, child]) => child.paths.map((where) => at(key, where))),
    };
  },
);

describe('findPathArguments (property)', () => {
  it("should find exactly the strings whose schema declares format: 'path', wherever it is declared", () => {
    fc.assert(
      fc.property(parameters, ({ schema, args, paths }) => {
        expect(findPathArguments(args, schema).map((found) => found.where).sort()).toEqual([...paths].sort());
      }),
      params,
    );
  });

  it('should refuse, in EXPLORE, every drawn call whose declared paths include one outside the sandbox', async () => {
    await fc.assert(
      fc.asyncProperty(parameters, async ({ schema, args, paths }) => {
        const registry = new ToolRegistry({ logger: silentLogger });
        registry.register(
          tool({ name: 'writer', description: 'Writes where it is told.', parameters: schema, metadata: { accessMode: 'write' }, run: () => 'written' }),
        );
        // Every declared path becomes '/etc/passwd'; the call must be refused when there is one.
        const hostile = JSON.parse(JSON.stringify(args)) as Record<string, unknown>;
        for (const where of paths) {
          const keys = where.split('.');
          let node = hostile as Record<string, unknown>;
          for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
          node[keys[keys.length - 1]] = '/etc/passwd';
        }
        const result = await registry.execute('writer', hostile, { mode: 'explore', sandbox: '/tmp/victor-fuzz-sandbox' });
        if (paths.length > 0) expect([result.error, result.metadata?.policy]).toEqual([expect.stringMatching(/resolves to '\/etc\/passwd', outside it$/), expect.objectContaining({ rule: 'outside-sandbox' })]);
        else expect(result.error).toBeUndefined();
      }),
      fuzzParams(Math.max(100, Math.floor(FUZZ_RUNS / 4))),
    );
  });
});
