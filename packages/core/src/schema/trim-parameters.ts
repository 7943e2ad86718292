import { cutText } from '../error-text';
import type { SchemaLevel } from '../enums';
import type { JsonSchema } from '../json-schema';
import { setOwn } from '../own-property';

/**
 * Keywords copied as they are: what a model needs to produce a valid value
 * (OpenAPI's `nullable` too: Gemini's format has it, and the OpenAI strict
 * export turns it into a null in the type).
 */
const KEPT_AS_IS = ['type', 'nullable', 'enum', 'const', '$ref'] as const;
/** Keywords holding one sub-schema, trimmed recursively. */
const SUB_SCHEMA = ['items', 'additionalProperties'] as const;
/** Keywords holding a list of sub-schemas (alternatives keep their types). */
const SUB_SCHEMA_LISTS = ['items', 'anyOf', 'oneOf', 'allOf'] as const;
/**
 * Keywords holding named sub-schemas that are all kept: referenced
 * definitions, and `patternProperties`, without which `additionalProperties:
 * false` would refuse the keys they allow.
 */
const SUB_SCHEMA_MAPS = ['$defs', 'definitions', 'patternProperties'] as const;

/**
 * Trims a parameters schema for a COMPACT or STUB rendering: every node keeps
 * `type`, `nullable`, `enum`, `const`, `items`, `properties`, `required`,
 * `additionalProperties` (so `false` survives everywhere) with the
 * `patternProperties` it lets through, `anyOf`/`oneOf`/`allOf` and
 * `$ref`/`$defs`, with its description capped at the level's
 * `maxParamDescriptionChars`; defaults, bounds, formats, patterns (`pattern`)
 * and examples go. When the level leaves out optional parameters (STUB),
 * every object keeps only its required properties. The input is not modified.
 */
export function trimParameters(schema: JsonSchema, level: SchemaLevel): JsonSchema {
  return trimNode(schema, level) as JsonSchema;
}

function trimNode(node: unknown, level: SchemaLevel): unknown {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
  const source = node as JsonSchema;
  const out: JsonSchema = {};
  // The source's key order is kept, so a rendering reads like its schema.
  for (const key of Object.keys(source)) {
    const value = source[key];
    if (value === undefined) continue;
    if ((KEPT_AS_IS as readonly string[]).includes(key)) {
      out[key] = value;
    } else if (key === 'description') {
      if (typeof value === 'string') out.description = cutText(value, level.maxParamDescriptionChars);
    } else if (key === 'required') {
      if (Array.isArray(value)) out.required = [...(value as string[])];
    } else if (key === 'properties') {
      if (value !== null && typeof value === 'object') out.properties = trimProperties(source, level);
    } else if ((SUB_SCHEMA_LISTS as readonly string[]).includes(key) && Array.isArray(value)) {
      out[key] = value.map((sub) => trimNode(sub, level));
    } else if ((SUB_SCHEMA as readonly string[]).includes(key)) {
      out[key] = trimNode(value, level);
    } else if ((SUB_SCHEMA_MAPS as readonly string[]).includes(key) && value !== null && typeof value === 'object') {
      out[key] = trimMap(value as Record<string, unknown>, level, () => true);
    }
  }
  return out;
}

function trimProperties(source: JsonSchema, level: SchemaLevel): Record<string, JsonSchema> {
  const required = new Set(Array.isArray(source.required) ? source.required : []);
  const keep = level.includeOptionalParams ? () => true : (name: string) => required.has(name);
  return trimMap(source.properties as Record<string, unknown>, level, keep) as Record<string, JsonSchema>;
}

function trimMap(map: Record<string, unknown>, level: SchemaLevel, keep: (name: string) => boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(map)) {
    if (!keep(name)) continue;
    const trimmed = trimNode(map[name], level);
    setOwn(out, name, trimmed); // a parameter may be called `__proto__`
  }
  return out;
}
