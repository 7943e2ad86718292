import type { JsonSchema } from '../json-schema';

const INTEGER_TEXT = /^-?\d+$/;
const NUMBER_TEXT = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * The opt-in safe coercion, applied in place to the copy of the arguments
 * before ajv runs (the copy's strings are replaced; the value is returned).
 * It is a schema-guided pre-pass rather than ajv's `coerceTypes` because
 * that option does too much for a model's arguments: it turns `null` into
 * `0`/`''`/`false`, wraps scalars into arrays, and coerces inside
 * `anyOf`/`oneOf`, where the intended branch is unknown. Here only strings
 * change, only where the schema's `type` wants a number, integer or boolean
 * and does not also accept a string: '42' becomes 42 (whole, safe integers
 * only for `integer`), '4.2' becomes 4.2 for `number`, 'true'/'false' become
 * booleans. It descends through `properties`, `additionalProperties`,
 * `items` and `allOf` (every branch must hold, so the wanted type is
 * certain), never into `anyOf`, `oneOf`, `not` or `if`/`then`/`else`, and
 * does not follow `$ref`.
 */
export function coerceArguments(schema: unknown, data: unknown): unknown {
  if (schema === null || typeof schema !== 'object') return data;
  const node = schema as JsonSchema;
  let value = data;
  if (typeof value === 'string') {
    value = coerceString(node.type, value);
  } else if (Array.isArray(value)) {
    const items = node.items;
    for (let i = 0; i < value.length; i++) {
      const itemSchema = Array.isArray(items) ? items[i] : items;
      if (itemSchema !== undefined) value[i] = coerceArguments(itemSchema, value[i]);
    }
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const name of Object.keys(record)) {
      const properties = node.properties;
      const sub =
        properties && Object.prototype.hasOwnProperty.call(properties, name)
          ? properties[name]
          : typeof node.additionalProperties === 'object'
            ? node.additionalProperties
            : undefined;
      if (sub !== undefined) record[name] = coerceArguments(sub, record[name]);
    }
  }
  if (Array.isArray(node.allOf)) {
    for (const branch of node.allOf) value = coerceArguments(branch, value);
  }
  return value;
}

function coerceString(type: JsonSchema['type'], text: string): unknown {
  const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type : [];
  if (types.length === 0 || types.includes('string')) return text;
  if (types.includes('integer') && INTEGER_TEXT.test(text)) {
    const n = Number(text);
    if (Number.isSafeInteger(n)) return n;
  }
  if (types.includes('number') && NUMBER_TEXT.test(text)) {
    const n = Number(text);
    if (Number.isFinite(n)) return n;
  }
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}
