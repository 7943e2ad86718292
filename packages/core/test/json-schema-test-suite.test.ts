// The official JSON Schema Test Suite, draft-07 (fixtures/json-schema-test-suite,
// see its README): every case whose instance is an object, as a tool's
// arguments are, through validateArguments and through registry.execute with a
// tool whose parameters are the case's schema (with `type: 'object'`, a tool's root). Where plain ajv, with the
// options core gives it, agrees with the suite, so must the library; it never
// throws; and the cases where it does not agree with the suite are exactly the
// ones listed (and explained in the core README).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { ToolRegistry, ToolResult, type JsonSchema } from '@victor-tools/core';
import { validateArguments } from '@victor-tools/core/framework';
import { tool } from '../../../test/support/tools';
import { silentLogger } from '../../../test/support/logger';

interface SuiteTest {
  description: string;
  data: unknown;
  valid: boolean;
}
interface SuiteCase {
  description: string;
  schema: JsonSchema | boolean;
  tests: SuiteTest[];
}

const DIR = join(__dirname, 'fixtures', 'json-schema-test-suite', 'draft7');

/** Every object-shaped test of the suite, as [file, case, test]. */
const OBJECT_CASES: Array<[string, SuiteCase, SuiteTest]> = readdirSync(DIR)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .flatMap((file) =>
    (JSON.parse(readFileSync(join(DIR, file), 'utf8')) as SuiteCase[]).flatMap((suiteCase) =>
      suiteCase.tests
        .filter((test) => test.data !== null && typeof test.data === 'object' && !Array.isArray(test.data))
        .map((test): [string, SuiteCase, SuiteTest] => [file, suiteCase, test]),
    ),
  );

/**
 * Where the library's verdict differs from the suite's, and why (each also
 * differs with plain ajv, and is written down in the core README).
 */
const DEVIATIONS: Record<string, string> = {
  'default.json / invalid type for default / still valid when the invalid default is used': 'defaults are applied, then validated',
  'default.json / invalid string value for default / still valid when the invalid default is used': 'defaults are applied, then validated',
  'ref.json / ref overrides any sibling keywords / ref valid, maxItems ignored': 'ajv 8 applies the keywords beside a $ref',
  // Remote references (http://localhost:1234/...) are not loaded: such a schema does not compile.
  'refRemote.json / base URI change - change folder / number is valid': 'remote references are not loaded',
  'refRemote.json / base URI change - change folder / string is invalid': 'remote references are not loaded',
  'refRemote.json / base URI change - change folder in subschema / number is valid': 'remote references are not loaded',
  'refRemote.json / base URI change - change folder in subschema / string is invalid': 'remote references are not loaded',
  'refRemote.json / root ref in remote ref / string is valid': 'remote references are not loaded',
  'refRemote.json / root ref in remote ref / null is valid': 'remote references are not loaded',
  'refRemote.json / root ref in remote ref / object is invalid': 'remote references are not loaded',
};

/** Plain ajv with the options core gives it (see ajv-instance.ts): its verdict, or 'throws'. */
function plainAjv(schema: JsonSchema | boolean, data: unknown): boolean | 'throws' {
  const ajv = new Ajv({ allErrors: true, useDefaults: true, ownProperties: true, strict: false, logger: false });
  addFormats(ajv);
  try {
    return ajv.validate(schema, data) as boolean;
  } catch {
    return 'throws';
  }
}

const schemaTool = (schema: JsonSchema) =>
  tool({ name: 'suite_case', description: 'A tool whose parameters are a case of the JSON Schema Test Suite.', parameters: schema, run: () => 'ran' });

/** The library's answer: valid or not, or the schema could not be compiled (which is neither). */
type Verdict = boolean | 'invalid schema';
const keyOf = (file: string, suiteCase: SuiteCase, test: SuiteTest) => `${file} / ${suiteCase.description} / ${test.description}`;
const copy = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('the JSON Schema Test Suite, draft-07, object instances', () => {
  it('should hold the object-shaped cases of the suite', () => {
    expect(OBJECT_CASES.length).toBe(163);
  });

  describe('validateArguments', () => {
    it.each(OBJECT_CASES.map(([file, suiteCase, test]) => [keyOf(file, suiteCase, test), suiteCase, test] as const))(
      '%s',
      (key, suiteCase, test) => {
        let verdict: Verdict | undefined;
        expect(() => {
          const { result } = validateArguments(suiteCase.schema as JsonSchema, copy(test.data));
          verdict = result.issues[0]?.keyword === 'invalidSchema' ? 'invalid schema' : result.valid;
        }).not.toThrow();
        if (plainAjv(suiteCase.schema, copy(test.data)) === test.valid) {
          expect(verdict).toBe(test.valid);
        }
        expect(verdict === test.valid).toBe(DEVIATIONS[key] === undefined);
      },
    );
  });

  describe('registry.execute', () => {
    it.each(OBJECT_CASES.map(([file, suiteCase, test]) => [keyOf(file, suiteCase, test), suiteCase, test] as const))(
      '%s',
      async (key, suiteCase, test) => {
        // The registry's defaults, nullAsAbsent included: no case of this suite gives an optional property a null.
        const registry = new ToolRegistry({ logger: silentLogger });
        // A tool's parameters are an object schema: a case's schema gets `type: 'object'`, which
        // changes no verdict on an object (but for a schema that refers to its root, `$ref: '#'`,
        // where the type would apply to what refers to it too: those are left to validateArguments);
        // a schema of another type (or a boolean one) is refused.
        const { schema } = suiteCase;
        if (typeof schema !== 'object' || (schema.type !== undefined && schema.type !== 'object')) {
          expect(() => registry.register(schemaTool(schema as JsonSchema))).toThrow(/its parameters schema must be an object schema/);
          return;
        }
        if (JSON.stringify(schema).includes('"$ref":"#"')) return;
        registry.register(schemaTool({ type: 'object', ...schema }));
        const result = await registry.execute('suite_case', copy(test.data));
        expect(result).toBeInstanceOf(ToolResult);
        if (!result.success) expect(result.error).toMatch(/^Invalid parameters for tool 'suite_case': /);
        const verdict: Verdict = result.error?.includes(': Invalid parameters schema: ') ? 'invalid schema' : result.success;
        if (plainAjv(suiteCase.schema, copy(test.data)) === test.valid) {
          expect(verdict).toBe(test.valid);
        }
        expect(verdict === test.valid).toBe(DEVIATIONS[key] === undefined);
      },
    );
  });
});

// uniqueItems, const and enum compare JSON values; their cases' instances are mostly not objects, so each is
// wrapped as a tool's one argument. Then objects whose own keys are named valueOf or toString, which JSON has
// no reason to treat apart (ajv's deep-equal threw on them).
const EQUALITY_FILES = ['uniqueItems.json', 'const.json', 'enum.json'];
const EQUALITY_CASES: Array<[string, SuiteCase, SuiteTest]> = EQUALITY_FILES.flatMap((file) =>
  (JSON.parse(readFileSync(join(DIR, file), 'utf8')) as SuiteCase[]).flatMap((suiteCase) =>
    suiteCase.tests.map((test): [string, SuiteCase, SuiteTest] => [file, suiteCase, test]),
  ),
);
const METHOD_NAMED_CASES: Array<[string, SuiteCase, SuiteTest]> = [
  ['own keys', { description: 'uniqueItems over objects with own valueOf and toString keys', schema: { uniqueItems: true }, tests: [
    { description: 'different values are unique', data: [{ valueOf: 1 }, { valueOf: 2 }, { toString: '' }, {}], valid: true },
    { description: 'an object with an own toString is not the empty object', data: [{}, { toString: '' }], valid: true },
    { description: 'equal objects are not unique', data: [{ valueOf: 1, toString: 'a' }, { toString: 'a', valueOf: 1 }], valid: false },
    { description: 'a __proto__ key is a key', data: [{ ['__proto__']: 1 }, {}], valid: true },
  ] }, undefined as never],
  ['own keys', { description: 'const and enum of objects with own valueOf and toString keys', schema: { enum: [{ valueOf: 1 }, { toString: 'x' }] }, tests: [
    { description: 'a listed object is valid', data: { toString: 'x' }, valid: true },
    { description: 'another value of the key is invalid', data: { valueOf: 2 }, valid: false },
    { description: 'an object without the key is invalid', data: {}, valid: false },
  ] }, undefined as never],
].flatMap(([file, suiteCase]) => (suiteCase as SuiteCase).tests.map((test): [string, SuiteCase, SuiteTest] => [file as string, suiteCase as SuiteCase, test]));

describe('the JSON Schema Test Suite, draft-07: uniqueItems, const and enum, any instance (as a tool\'s one argument)', () => {
  const wrap = (schema: JsonSchema | boolean): JsonSchema => ({ type: 'object', properties: { value: schema as JsonSchema }, required: ['value'] });

  it.each([...EQUALITY_CASES, ...METHOD_NAMED_CASES].map(([file, suiteCase, test]) => [keyOf(file, suiteCase, test), suiteCase, test] as const))(
    '%s',
    async (_key, suiteCase, test) => {
      const registry = new ToolRegistry({ logger: silentLogger });
      registry.register(schemaTool(wrap(suiteCase.schema)));
      const data = JSON.parse(JSON.stringify({ value: test.data })) as Record<string, unknown>;
      const result = await registry.execute('suite_case', data);
      expect(result.success).toBe(test.valid);
      if (!result.success) expect(result.error).toMatch(/^Invalid parameters for tool 'suite_case': /);
      expect(validateArguments(wrap(suiteCase.schema), data).result.valid).toBe(test.valid);
    },
  );
});
