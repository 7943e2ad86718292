// TypeBox 0.34 marks its schemas with global symbols (`Symbol.for`), and
// TypeBox 1.x with non-enumerable `~kind` and `~optional` keys: both are read
// here without importing either package (optional peer dependencies).
const KIND = Symbol.for('TypeBox.Kind');
const OPTIONAL = Symbol.for('TypeBox.Optional');

/** Whether `value` is a TypeBox schema of either line. */
export function isTypeBoxSchema(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  return KIND in value || typeof (value as { '~kind'?: unknown })['~kind'] === 'string';
}

/** Whether a TypeBox schema was wrapped in `Type.Optional` (0.34 or 1.x). */
export function isTypeBoxOptional(value: object): boolean {
  return (value as Record<symbol, unknown>)[OPTIONAL] === 'Optional' || (value as { '~optional'?: unknown })['~optional'] === true;
}
