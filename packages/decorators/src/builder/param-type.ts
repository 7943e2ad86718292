import type { JsonSchema } from '@victor-tools/core';

const CONSTRUCTOR_TYPES = new Map<unknown, JsonSchema>([
  [String, { type: 'string' }],
  [Number, { type: 'number' }],
  [Boolean, { type: 'boolean' }],
  [Array, { type: 'array' }],
  [Object, { type: 'object' }],
  [Date, { type: 'string', format: 'date-time' }],
]);

/** The schema of a built-in constructor (`String`, `Number`...), or `undefined`. */
export function schemaOfConstructor(type: unknown): JsonSchema | undefined {
  const schema = CONSTRUCTOR_TYPES.get(type);
  return schema && { ...schema };
}

function typeOfValue(value: unknown): string | undefined {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean') return type;
  if (type === 'object') return 'object';
  return undefined;
}

/** The schema inferred from a field's initial value (`10` -> number, `['a']` -> array of strings). */
export function schemaOfValue(value: unknown): JsonSchema | undefined {
  const type = typeOfValue(value);
  if (type === undefined) return undefined;
  if (type !== 'array') return { type };
  const itemTypes = new Set((value as unknown[]).map(typeOfValue));
  const [only] = itemTypes;
  return itemTypes.size === 1 && only ? { type: 'array', items: { type: only } } : { type: 'array' };
}

const TYPE_KEYWORDS = ['type', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', '$ref', 'not'];

/** Whether a schema says anything about the type of its value. */
export function hasTypeInformation(schema: JsonSchema): boolean {
  return TYPE_KEYWORDS.some((keyword) => schema[keyword] !== undefined);
}
