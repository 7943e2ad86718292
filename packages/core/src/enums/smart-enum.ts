import { capText, describeValue } from '../error-text';

/**
 * Base of the "smart enums": small classes of frozen singleton instances.
 * `toString()` and `toJSON()` give the plain value, so an instance can be
 * logged, serialized and compared with its value without ceremony.
 */
export abstract class SmartEnum<V extends string | number> {
  protected constructor(readonly value: V) {}

  toString(): string {
    return String(this.value);
  }

  toJSON(): V {
    return this.value;
  }
}

/**
 * Resolves an instance, a plain value, or an instance from another copy of
 * the package (compared by value) to the canonical instance of `values`.
 */
export function resolveEnum<E extends SmartEnum<string | number>>(
  enumName: string,
  values: readonly E[],
  input: unknown,
): E {
  if (values.includes(input as E)) return input as E;
  const raw =
    input !== null && typeof input === 'object' && 'value' in input
      ? (input as { value: unknown }).value
      : input;
  const found = values.find((v) => v.value === raw);
  if (found) return found;
  const allowed = values.map((v) => (typeof v.value === 'string' ? `'${v.value}'` : String(v.value))).join(', ');
  // An object is described, never shown through its own toString: one answering 'build' is not the value 'build'.
  const shown = typeof raw === 'string' ? `'${capText(raw)}'` : raw !== null && (typeof raw === 'object' || typeof raw === 'function') ? `(${describeValue(raw)})` : String(raw);
  throw new TypeError(`Invalid ${enumName} value ${shown}. Allowed values: ${allowed}`);
}
