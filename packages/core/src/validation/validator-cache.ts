import type { JsonSchema } from '../json-schema';
import { SchemaCompilation } from './compiled-schema';

/** The compiled form of a schema as the registry keeps it on a tool's entry (see `SchemaCompilation`). */
export type CompiledSchema = SchemaCompilation;

/** How many compiled schemas are kept by their JSON text, for getters that build a fresh schema per call. */
const MAX_SERIALIZED_ENTRIES = 512;

const byIdentity = new WeakMap<object, SchemaCompilation>();
const bySerialization = new Map<string, SchemaCompilation>();

/**
 * The compiled form of `schema`, compiled at most once while it is in use.
 * Cached by object identity (weakly: it goes with the schema object), then by
 * the schema's JSON text, because `BaseTool.parameters` is a getter that may
 * build a fresh (but equal) object on every call. The JSON cache is bounded
 * (least recently used out), so tools that build a different schema each time
 * cannot grow memory without limit; neither can ajv (see `ajv-instance.ts`).
 */
export function getCompiledSchema(schema: JsonSchema | boolean | null | undefined): SchemaCompilation {
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
    compiled = new SchemaCompilation(target);
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
