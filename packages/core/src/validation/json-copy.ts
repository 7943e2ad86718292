import { BAIL_OUT, fastCopy } from './fast-copy';
import { MAX_ARGUMENT_DEPTH } from './limits';
import { SHAPE_MISMATCH, type ShapeCopiers } from './shape-copy';

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

/** Dot-joined path for messages, shortened when hostile input makes it huge. */
export function displayPath(path: readonly string[]): string {
  const joined = path.join('.');
  return joined.length > 120 ? `${joined.slice(0, 117)}...` : joined;
}

/** A JSON-like value whose objects have no prototype, so keys such as `constructor` are never inherited. */
export type JsonCopy = null | boolean | number | string | JsonCopy[] | { [key: string]: JsonCopy };

/**
 * Deep-copies `value` with JSON's semantics (own enumerable string keys,
 * `toJSON()` honoured, `undefined` properties left out, `undefined` array
 * items as null), into objects with a null prototype: ajv then never sees
 * inherited properties, and keys such as `__proto__` stay plain data that
 * cannot touch `Object.prototype`. Throws `NonJsonArgumentError` on a cycle,
 * a non-finite number, a bigint, function or symbol, or nesting deeper than
 * `MAX_ARGUMENT_DEPTH`.
 */
export function copyArguments(value: unknown): JsonCopy {
  const path: string[] = [];
  const ancestors = new Set<object>();

  const copy = (input: unknown, key: string): JsonCopy | undefined => {
    let current = input;
    if (current !== null && typeof current === 'object' && typeof (current as { toJSON?: unknown }).toJSON === 'function') {
      current = (current as { toJSON(key: string): unknown }).toJSON(key);
    }
    switch (typeof current) {
      case 'string':
      case 'boolean':
        return current;
      case 'number':
        if (!Number.isFinite(current)) throw new NonJsonArgumentError(`non-finite number ${current}`, path);
        return current;
      case 'undefined':
        return undefined;
      case 'bigint':
      case 'function':
      case 'symbol':
        throw new NonJsonArgumentError(`a ${typeof current} is not a JSON value`, path);
    }
    if (current === null) return null;
    const obj = current as object;
    if (ancestors.has(obj)) throw new NonJsonArgumentError('cyclic reference', path);
    if (path.length >= MAX_ARGUMENT_DEPTH) {
      throw new NonJsonArgumentError(`nesting deeper than ${MAX_ARGUMENT_DEPTH} levels`, path);
    }
    ancestors.add(obj);
    let result: JsonCopy;
    if (Array.isArray(obj)) {
      const list: JsonCopy[] = new Array<JsonCopy>(obj.length);
      for (let i = 0; i < obj.length; i++) {
        path.push(String(i));
        list[i] = copy(obj[i], String(i)) ?? null;
        path.pop();
      }
      result = list;
    } else {
      const record = Object.create(null) as { [key: string]: JsonCopy };
      for (const name of Object.keys(obj)) {
        path.push(name);
        const item = copy((obj as Record<string, unknown>)[name], name);
        path.pop();
        // On a null-prototype object every key, `__proto__` included, is plain data.
        if (item !== undefined) record[name] = item;
      }
      result = record;
    }
    ancestors.delete(obj);
    return result;
  };

  return copy(value, '') ?? null;
}

/**
 * The copy handed to ajv and then to `execute`, in one pass into ordinary
 * objects: same semantics as `copyArguments` (own enumerable keys, `toJSON`,
 * `undefined` left out or null in arrays, `__proto__` defined as an own data
 * property, never assigned). It keeps only a depth counter: a cycle shows up
 * as nesting past `MAX_ARGUMENT_DEPTH`, and any such failure is handed to
 * `copyArguments`, whose ancestor set and path name the problem exactly.
 * Only for schemas that name no `Object.prototype` member (see
 * `validator-cache.ts`): with ordinary objects, ajv would otherwise see an
 * inherited `constructor` as present.
 */
export function copyJson(value: unknown, shapes?: ShapeCopiers): unknown {
  try {
    if (shapes !== undefined && typeof (value as { toJSON?: unknown }).toJSON !== 'function') {
      const copy = shapes.copy(value as Record<string, unknown>);
      if (copy !== SHAPE_MISMATCH) return copy;
    }
    const copy = fastCopy(value, '', 0);
    return copy === undefined ? null : copy;
  } catch (error) {
    if (error !== BAIL_OUT) throw error;
  }
  return toPlainObjects(copyArguments(value));
}

/**
 * Turns a `copyArguments` result back into ordinary objects (with
 * `Object.prototype`) for `execute`; `__proto__` keys are defined as own data
 * properties, never assigned, so they cannot change a prototype.
 */
export function toPlainObjects(value: JsonCopy): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(toPlainObjects);
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(value)) {
    const item = toPlainObjects(value[name] as JsonCopy);
    if (name === '__proto__') {
      Object.defineProperty(out, name, { value: item, enumerable: true, writable: true, configurable: true });
    } else {
      out[name] = item;
    }
  }
  return out;
}
