// The arguments of one tool nearly always come with the same few key lists
// ({ query, path } or { query, path, limit }). Copying key by key into `{}`
// costs a hidden-class transition per key, more than ajv's whole check; for
// a key list seen before, a generated function copies in one object literal
// (one allocation, the same hidden class every time, so ajv's inline caches
// stay monomorphic too). Only the keys, each written as a JSON string
// literal, go into the generated code, never a value.
import { fastCopy } from './fast-copy';

/** What `ShapeCopiers.copy` returns when the object has to take the general path. */
export const SHAPE_MISMATCH: unique symbol = Symbol('shape mismatch');

/** Distinct key lists remembered per schema: beyond that, the general copy serves. */
const MAX_SHAPES = 8;
/** Longer key lists take the general copy (the generated function would be large and rarely reused). */
const MAX_KEYS = 64;

type ShapeCopy = (source: Record<string, unknown>) => unknown;

interface Shape {
  readonly keys: readonly string[];
  readonly copy: ShapeCopy;
}

// False once code generation was refused (a Content-Security-Policy without
// 'unsafe-eval'): every copy then takes the general path.
let canGenerate = true;

function generate(keys: readonly string[]): ShapeCopy | undefined {
  if (!canGenerate) return undefined;
  const lines: string[] = [];
  const fields: string[] = [];
  keys.forEach((key, i) => {
    const literal = JSON.stringify(key);
    // Strings, booleans and finite numbers, most arguments, are kept as they
    // are; everything else goes through fastCopy (objects deep-copied, toJSON
    // called, BAIL_OUT thrown on NaN and the like); undefined means the key
    // is left out: general path.
    const v = `v${i}`;
    lines.push(`let ${v} = source[${literal}];`);
    lines.push(
      `if (typeof ${v} !== 'string' && typeof ${v} !== 'boolean' && !(typeof ${v} === 'number' && ${v} - ${v} === 0)) ` +
        `{ ${v} = fastCopy(${v}, ${literal}, 1); if (${v} === undefined) return MISMATCH; }`,
    );
    fields.push(`${literal}: v${i}`);
  });
  const body = `return function copyShape(source) {\n${lines.join('\n')}\nreturn { ${fields.join(', ')} };\n};`;
  try {
    return new Function('fastCopy', 'MISMATCH', body)(fastCopy, SHAPE_MISMATCH) as ShapeCopy;
  } catch {
    canGenerate = false;
    return undefined;
  }
}

/** The generated copiers of one schema's arguments, one per key list (in order) seen. */
export class ShapeCopiers {
  private readonly shapes: Shape[] = [];

  /**
   * A copy of `source` (a non-array object without `toJSON`) as `copyJson`
   * makes it, or `SHAPE_MISMATCH` when it must take the general path. Throws
   * what `fastCopy` throws, and whatever the caller's getters throw.
   */
  copy(source: Record<string, unknown>): unknown {
    const keys = Object.keys(source);
    const shapes = this.shapes;
    search: for (let s = 0; s < shapes.length; s++) {
      const known = shapes[s].keys;
      if (known.length !== keys.length) continue;
      for (let i = 0; i < keys.length; i++) if (keys[i] !== known[i]) continue search;
      return shapes[s].copy(source);
    }
    // A literal `__proto__:` key would set the prototype: that key list always takes the general path.
    if (shapes.length >= MAX_SHAPES || keys.length > MAX_KEYS || keys.includes('__proto__')) return SHAPE_MISMATCH;
    const copy = generate(keys);
    if (copy === undefined) return SHAPE_MISMATCH;
    shapes.push({ keys, copy });
    return copy(source);
  }
}
