import type { ValidateFunction } from 'ajv';
import type { JsonSchema } from '../types';
import { getAjv } from './ajv-instance';

/** A compiled schema, or why it could not be compiled (kept so we do not retry per call). */
export type CompiledSchema = { validate: ValidateFunction; error?: undefined } | { validate?: undefined; error: string };

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
    compiled = compile(target);
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

function compile(schema: JsonSchema | boolean): CompiledSchema {
  const proto = protoPropertyPath(schema, [], new Set());
  if (proto !== undefined) {
    return {
      error: `Invalid parameters schema: it declares a parameter named '__proto__' at '${proto}', which ajv skips without validating. Rename the parameter.`,
    };
  }
  try {
    return { validate: getAjv().compile(withoutMetaSchema(schema)) };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { error: `Invalid parameters schema: ${message}. Fix the tool's parameters schema (JSON Schema Draft 7).` };
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
