import type Ajv from 'ajv';
import type { ErrorObject } from 'ajv';

// `uniqueItems`, `const` and `enum` compare JSON values. ajv compares them with
// fast-deep-equal, which calls an object's own `valueOf` or `toString` when it
// has one: an argument such as `{ "valueOf": 1 }` made it throw
// (`a.valueOf is not a function`, an open ajv bug), so a valid call was
// refused. JSON has no methods: to the JSON Schema Test Suite those are keys like
// any other. These keywords replace ajv's own, with its messages and params,
// and compare the values' canonical JSON text (`canonicalJson`): equal values,
// equal text, whatever the order of their keys. `uniqueItems` is then linear in
// the array's size (one Map) where ajv's deep-equal compared every pair.

/**
 * The JSON text of `value` with every object's keys in one order, so that
 * two JSON values are equal exactly when their texts are (`1` and `1.0` are one
 * number, `1` and `true` are not). Undefined for what JSON cannot write.
 * Throws what `JSON.stringify` throws (a BigInt, a cycle).
 */
export function canonicalJson(value: unknown): string | undefined {
  return JSON.stringify(value, sortKeys);
}

function sortKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  // No prototype, so that a '__proto__' key is a key like any other.
  const sorted = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value).sort()) sorted[key] = (value as Record<string, unknown>)[key];
  return sorted;
}

type Check = ((data: unknown) => boolean) & { errors?: Array<Partial<ErrorObject>> };

/** Replaces ajv's `uniqueItems`, `const` and `enum` on `ajv` by the canonical-JSON ones above. */
export function useJsonEquality(ajv: Ajv): void {
  for (const keyword of ['uniqueItems', 'const', 'enum']) ajv.removeKeyword(keyword);
  ajv.addKeyword({ keyword: 'uniqueItems', type: 'array', schemaType: 'boolean', errors: true, compile: compileUniqueItems });
  ajv.addKeyword({ keyword: 'const', errors: true, compile: compileConst });
  ajv.addKeyword({ keyword: 'enum', schemaType: 'array', errors: true, compile: compileEnum });
}

function compileUniqueItems(unique: boolean): Check {
  const check: Check = (data) => {
    if (!unique || !Array.isArray(data)) return true;
    // ajv's pair: the last item equal to an earlier one (i), and the latest such earlier one (j).
    const seen = new Map<string | undefined, number>();
    let pair: [number, number] | undefined;
    for (let index = 0; index < data.length; index++) {
      const key = canonicalJson(data[index]);
      const earlier = seen.get(key);
      if (earlier !== undefined) pair = [index, earlier];
      seen.set(key, index);
    }
    if (pair === undefined) return true;
    const [i, j] = pair;
    check.errors = [{ keyword: 'uniqueItems', message: `must NOT have duplicate items (items ## ${j} and ${i} are identical)`, params: { i, j } }];
    return false;
  };
  return check;
}

function compileConst(allowedValue: unknown): Check {
  const primitive = allowedValue === null || typeof allowedValue !== 'object';
  const text = primitive ? undefined : canonicalJson(allowedValue);
  const check: Check = (data) => {
    const equal = primitive ? data === allowedValue : data !== null && typeof data === 'object' && canonicalJson(data) === text;
    if (!equal) check.errors = [{ keyword: 'const', message: 'must be equal to constant', params: { allowedValue } }];
    return equal;
  };
  return check;
}

function compileEnum(allowedValues: unknown[]): Check {
  const primitives = new Set(allowedValues.filter((value) => value === null || typeof value !== 'object'));
  const texts = new Set(allowedValues.filter((value) => value !== null && typeof value === 'object').map(canonicalJson));
  const check: Check = (data) => {
    const listed = data !== null && typeof data === 'object' ? texts.size > 0 && texts.has(canonicalJson(data)) : primitives.has(data);
    if (!listed) check.errors = [{ keyword: 'enum', message: 'must be equal to one of the allowed values', params: { allowedValues } }];
    return listed;
  };
  return check;
}
