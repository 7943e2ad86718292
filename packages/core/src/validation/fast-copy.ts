import { MAX_ARGUMENT_DEPTH } from './limits';

// Thrown by the fast copy when it meets what JSON cannot carry; the precise
// copy then finds what and where. A constant, so bailing out builds no stack.
export const BAIL_OUT: unique symbol = Symbol('non-JSON argument');

/** One value of the fast copy, at `depth` objects below the root; throws `BAIL_OUT` on what JSON cannot carry. */
export function fastCopy(input: unknown, key: string | number, depth: number): unknown {
  let current = input;
  if (typeof current === 'object' && current !== null && typeof (current as { toJSON?: unknown }).toJSON === 'function') {
    current = (current as { toJSON(key: string): unknown }).toJSON(String(key));
  }
  switch (typeof current) {
    case 'string':
    case 'boolean':
    case 'undefined':
      return current;
    case 'number':
      // NaN and ±Infinity are the numbers for which x - x is not 0.
      if (current - current !== 0) throw BAIL_OUT;
      return current;
    case 'object':
      break;
    default:
      throw BAIL_OUT;
  }
  if (current === null) return null;
  if (depth >= MAX_ARGUMENT_DEPTH) throw BAIL_OUT;
  const next = depth + 1;
  if (Array.isArray(current)) {
    const length = current.length;
    const list = new Array<unknown>(length);
    for (let i = 0; i < length; i++) {
      const item = fastCopy(current[i], i, next);
      list[i] = item === undefined ? null : item;
    }
    return list;
  }
  const source = current as Record<string, unknown>;
  const record: Record<string, unknown> = {};
  const names = Object.keys(source);
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    const item = fastCopy(source[name], name, next);
    if (item === undefined) continue;
    if (name === '__proto__') Object.defineProperty(record, name, { value: item, enumerable: true, writable: true, configurable: true });
    else record[name] = item;
  }
  return record;
}

