import { displayPath } from './display';
import { MAX_ARGUMENT_DEPTH } from './limits';
import { hasOwn, setOwn } from '../own-property';

/** Arguments that JSON cannot carry (cycles, NaN, functions...), found while copying. */
export class NonJsonArgumentError extends Error {
  constructor(
    readonly problem: string,
    readonly path: readonly string[],
  ) {
    super(`Parameters must be JSON-serializable: ${problem}${path.length ? ` at '${displayPath(path)}'` : ''}`);
    this.name = 'NonJsonArgumentError';
  }
}

/**
 * Thrown where the copy meets what JSON cannot carry, and filled in by every
 * level it passes on the way up: the copy keeps no path while it runs, so a
 * call with good arguments pays nothing for the report of a bad one.
 */
class Unwinding {
  /** Keys and objects from the problem up to the root (reversed at the end). */
  private readonly keys: string[] = [];
  private readonly objects: object[] = [];

  constructor(
    private readonly problem: string,
    deepest?: object,
  ) {
    if (deepest !== undefined) this.objects.push(deepest);
  }

  passing(object: object, key: string): void {
    this.keys.push(key);
    this.objects.push(object);
  }

  /**
   * The error to report. Nesting past the limit is a cycle when an object
   * repeats on the way down: reported where it first repeats ('o.b.back').
   */
  toError(): NonJsonArgumentError {
    const path = this.keys.reverse();
    const objects = this.objects.reverse();
    const seen = new Set<object>();
    for (let depth = 0; depth < objects.length; depth++) {
      if (seen.has(objects[depth])) return new NonJsonArgumentError('cyclic reference', path.slice(0, depth));
      seen.add(objects[depth]);
    }
    return new NonJsonArgumentError(this.problem, path);
  }
}

/**
 * The one copy of the arguments: what validation checks and what the tool
 * receives, so what was checked is what runs, and the caller's object is never
 * touched. JSON's semantics: own enumerable string keys, `toJSON()` honoured,
 * `undefined` properties left out, `undefined` array items as null; ordinary
 * objects and arrays, with `__proto__` defined as an own key, never assigned.
 * Throws `NonJsonArgumentError` on a cycle, a non-finite number, a bigint,
 * function or symbol, or nesting deeper than `MAX_ARGUMENT_DEPTH`; whatever a
 * getter, a Proxy trap or a `toJSON` of the caller's throws passes through.
 */
export function copyJson(value: unknown): unknown {
  try {
    const copy = copyValue(value, '', 0);
    return copy === undefined ? null : copy;
  } catch (error) {
    if (error instanceof Unwinding) throw error.toError();
    throw error;
  }
}

/** A string, a boolean or a finite number: kept as it is (most arguments are, and this saves them a call). */
function isPlainScalar(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && value - value === 0);
}

function copyValue(input: unknown, key: string | number, depth: number): unknown {
  let value = input;
  if (typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON(key: string): unknown }).toJSON(String(key));
  }
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined':
      return value;
    case 'number':
      // NaN and ±Infinity are the numbers for which x - x is not 0.
      if (value - value !== 0) throw new Unwinding(`non-finite number ${value}`);
      return value;
    case 'object':
      break;
    default:
      throw new Unwinding(`a ${typeof value} is not a JSON value`);
  }
  if (value === null) return null;
  // Also how a cycle shows up: `Unwinding.toError` then tells the two apart.
  if (depth >= MAX_ARGUMENT_DEPTH) throw new Unwinding(`nesting deeper than ${MAX_ARGUMENT_DEPTH} levels`, value);
  let at: string | number = '';
  try {
    if (Array.isArray(value)) {
      const list = new Array<unknown>(value.length);
      for (let i = 0; i < list.length; i++) {
        at = i;
        let item: unknown = value[i];
        if (!isPlainScalar(item)) {
          item = copyValue(item, i, depth + 1);
          if (item === undefined) item = null;
        }
        list[i] = item;
      }
      return list;
    }
    const source = value as Record<string, unknown>;
    const record: Record<string, unknown> = {};
    // Own enumerable string keys, in Object.keys' order; for-in with hasOwn
    // allocates no array of keys, the largest cost of copying a small object.
    for (const name in source) {
      if (!hasOwn(source, name)) continue;
      at = name;
      let item = source[name];
      if (!isPlainScalar(item)) {
        item = copyValue(item, name, depth + 1);
        if (item === undefined) continue;
      }
      // Assigned here, the copy's hot loop; only `__proto__` needs setOwn's definition.
      if (name === '__proto__') setOwn(record, name, item);
      else record[name] = item;
    }
    return record;
  } catch (error) {
    if (error instanceof Unwinding) error.passing(value, String(at));
    throw error;
  }
}
