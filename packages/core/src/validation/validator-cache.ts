import type { ValidateFunction } from 'ajv';
import type { JsonSchema } from '../types';
import { getAjv } from './ajv-instance';
import { buildNullPlan, type NullPlan } from './null-optionals';
import { ShapeCopiers } from './shape-copy';

/**
 * A compiled schema, or why it could not be compiled (kept so we do not retry
 * per call). `plainData`: whether arguments may be validated as ordinary
 * objects (see `namesNoPrototypeMember`), and then `shapes` copies them.
 * `nulls`: where a null for an optional, non-nullable property can be (see
 * `NullPlan`), `undefined` when the schema has no such property at all.
 */
export type CompiledSchema =
  | { validate: ValidateFunction; error?: undefined; plainData: boolean; shapes: ShapeCopiers | undefined; nulls: NullPlan | undefined }
  | { validate?: undefined; error: string; plainData: false; shapes?: undefined; nulls?: undefined };

// Every name Object.prototype answers to, as a JSON string ("constructor", "__proto__", ...).
// (They are all plain identifiers, so they need no escaping in the pattern.)
const PROTOTYPE_MEMBER = new RegExp(`"(?:${Object.getOwnPropertyNames(Object.prototype).join('|')})"`);

/**
 * Whether the schema's JSON text names no `Object.prototype` member anywhere
 * (property names, `required`, `dependencies`...). Only then can ajv check
 * ordinary objects, which it does much faster than null-prototype ones:
 * with a property called `constructor` or `toString` it would read the
 * inherited member as present (and apply no default to it). Conservative: a
 * mere enum value of that spelling also picks the null-prototype path.
 */
function namesNoPrototypeMember(serialized: string | undefined): boolean {
  return serialized !== undefined && !PROTOTYPE_MEMBER.test(serialized);
}

/** How many serialized schemas to remember for getters that build a fresh schema per call. */
const MAX_SERIALIZED_ENTRIES = 512;

const byIdentity = new WeakMap<object, CompiledSchema>();
const bySerialization = new Map<string, CompiledSchema>();

/**
 * The validator of `schema`, compiled at most once. Cached by object identity
 * first, then by the schema's JSON text, because `BaseTool.parameters` is a
 * getter that may build a fresh (but equal) object on every call. The JSON
 * cache is bounded (least recently used out) so tools that build a different
 * schema each time cannot grow memory without limit.
 */
export function getCompiledSchema(schema: JsonSchema | boolean | null | undefined): CompiledSchema {
  const target: JsonSchema | boolean = schema ?? {};
  const isObject = typeof target === 'object';
  if (isObject) {
    const known = byIdentity.get(target);
    if (known) return known;
  }
  const key = serialize(target);
  let compiled = key === undefined ? undefined : bySerialization.get(key);
  if (compiled) {
    bySerialization.delete(key as string);
  } else {
    compiled = compile(target, namesNoPrototypeMember(key));
  }
  if (key !== undefined) {
    bySerialization.set(key, compiled);
    if (bySerialization.size > MAX_SERIALIZED_ENTRIES) {
      bySerialization.delete(bySerialization.keys().next().value as string);
    }
  }
  if (isObject) byIdentity.set(target, compiled);
  return compiled;
}

function serialize(schema: JsonSchema | boolean): string | undefined {
  try {
    return JSON.stringify(schema);
  } catch {
    // A cyclic or BigInt-carrying schema: identity caching still applies.
    return undefined;
  }
}

function compile(schema: JsonSchema | boolean, plainData: boolean): CompiledSchema {
  const proto = protoPropertyPath(schema, [], new Set());
  if (proto !== undefined) {
    return {
      error: `Invalid parameters schema: it declares a parameter named '__proto__' at '${proto}', which ajv skips without validating. Rename the parameter.`,
      plainData: false,
    };
  }
  try {
    const validate = getAjv().compile(withoutMetaSchema(schema));
    return { validate, plainData, shapes: plainData ? new ShapeCopiers() : undefined, nulls: buildNullPlan(schema) };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return {
      error: `Invalid parameters schema: ${message}. Fix the tool's parameters schema (JSON Schema Draft 7).`,
      plainData: false,
    };
  }
}

/**
 * A root `$schema` naming another draft (2019-09, 2020-12) would make ajv's
 * Draft 7 instance refuse the whole schema; the keywords tools use are the
 * same in every draft, so the declaration is dropped rather than failing.
 */
function withoutMetaSchema(schema: JsonSchema | boolean): JsonSchema | boolean {
  if (typeof schema !== 'object' || !('$schema' in schema)) return schema;
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}

/**
 * Where a `properties` map declares `__proto__`, or undefined. ajv leaves such
 * a property out of `properties` and `additionalProperties` on purpose
 * (prototype safety), so the tool would get it unvalidated, or never.
 */
function protoPropertyPath(node: unknown, path: string[], seen: Set<object>): string | undefined {
  if (node === null || typeof node !== 'object' || seen.has(node)) return undefined;
  seen.add(node);
  const record = node as Record<string, unknown>;
  const properties = record.properties;
  if (properties !== null && typeof properties === 'object' && Object.prototype.hasOwnProperty.call(properties, '__proto__')) {
    return [...path, 'properties', '__proto__'].join('.');
  }
  for (const key of Object.keys(record)) {
    const found = protoPropertyPath(record[key], [...path, key], seen);
    if (found !== undefined) return found;
  }
  return undefined;
}
