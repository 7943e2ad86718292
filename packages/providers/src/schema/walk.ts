import type { JsonSchema } from '@victor-tools/core';
import type { DropAction, DroppedKeyword, ObjectSchema } from '../types';

/**
 * A deep copy of a schema as plain JSON: TypeBox's symbol keys and any
 * non-JSON value are left out, so what the exporters return serializes to
 * exactly what they show.
 */
export function cloneSchema(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema)) as JsonSchema;
}

/** Dot-joins a JSON path; `''` is the root. */
export function joinPath(...parts: Array<string | number>): string {
  return parts.filter((p) => p !== '').join('.');
}

/** Collects what an export removed or rewrote. */
export class DropLog {
  readonly entries: DroppedKeyword[] = [];

  removed(keyword: string, path: string, reason: string): void {
    this.add('removed', keyword, path, reason);
  }

  rewritten(keyword: string, path: string, reason: string): void {
    this.add('rewritten', keyword, path, reason);
  }

  private add(action: DropAction, keyword: string, path: string, reason: string): void {
    this.entries.push(Object.freeze({ keyword, path, action, reason }));
  }
}

/** Whether `value` is a schema object (not an array, not a boolean schema). */
export function isSchema(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The JSON Schema type names of `schema.type`, as a list. */
export function typeList(schema: JsonSchema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  return Array.isArray(schema.type) ? schema.type.filter((t): t is string => typeof t === 'string') : [];
}

/** Whether `schema` describes objects (declared, or implied by `properties`). */
export function isObjectSchema(schema: JsonSchema): boolean {
  return typeList(schema).includes('object') || (schema.type === undefined && isSchema(schema.properties));
}

/** Whether `null` is a value `schema` accepts on its face (type, enum, const, anyOf/oneOf branch or `nullable`). */
export function acceptsNull(schema: JsonSchema): boolean {
  if (typeList(schema).includes('null')) return true;
  if (schema.nullable === true) return true;
  if ('const' in schema && schema.const === null) return true;
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true;
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  return branches.some((b) => isSchema(b) && acceptsNull(b));
}

/**
 * Makes the root an object schema, as every provider requires of function
 * parameters. A missing `type` is filled in silently (it is what the schema
 * meant); a different one is reported.
 */
export function asObjectRoot(schema: JsonSchema, log: DropLog): ObjectSchema {
  if (schema.type === 'object') return schema as ObjectSchema;
  if (schema.type !== undefined) {
    log.rewritten('type', '', `function parameters must be an object schema, got type ${JSON.stringify(schema.type)}`);
  }
  const { type: _type, ...rest } = schema;
  void _type;
  return { type: 'object', ...rest } as ObjectSchema;
}

// What mergeObjects carries of each member: the rest is reported.
const MERGED = new Set(['type', 'properties', 'required', 'additionalProperties']);

/**
 * Folds the object members of an allOf (at `path`) into `out`: their
 * properties and required lists, and `additionalProperties: false` when every
 * member says so. Any other keyword of a member (`description`,
 * `minProperties`, an open `additionalProperties`...) is not carried over,
 * and is reported at the member's path.
 */
export function mergeObjects(out: JsonSchema, parts: JsonSchema[], path: string, log: DropLog): void {
  const properties: Record<string, JsonSchema> = { ...(isSchema(out.properties) ? out.properties : {}) };
  const required = new Set(Array.isArray(out.required) ? out.required : []);
  const closed = parts.every((part) => part.additionalProperties === false);
  parts.forEach((part, i) => {
    Object.assign(properties, isSchema(part.properties) ? part.properties : {});
    for (const name of Array.isArray(part.required) ? part.required : []) required.add(name);
    for (const keyword of Object.keys(part)) {
      if (MERGED.has(keyword) && !(keyword === 'additionalProperties' && !closed)) continue;
      log.removed(keyword, joinPath(path, 'allOf', i), `the members of the allOf are merged as their properties and required lists; their '${keyword}' is not carried over`);
    }
  });
  out.type = 'object';
  out.properties = properties;
  out.required = [...required];
  if (closed) out.additionalProperties = false;
}

/**
 * Lifts what a provider refuses at the top level of a tool's parameters out
 * of `schema`, in place: an `allOf` of object schemas is merged into it, any
 * other of `keywords` is removed; both are reported. The registry still checks
 * the tool's own schema, so what is removed is only not shown to the model.
 */
export function liftRootKeywords(schema: JsonSchema, log: DropLog, provider: string, field: string, keywords: readonly string[]): void {
  for (const keyword of keywords) {
    if (!(keyword in schema)) continue;
    const value = schema[keyword];
    delete schema[keyword];
    if (keyword === 'allOf' && Array.isArray(value) && value.length > 0 && value.every((b) => isSchema(b) && isObjectSchema(b))) {
      mergeObjects(schema, value, '', log);
      log.rewritten('allOf', '', `${provider} does not take allOf at the top level; the object schemas are merged into one`);
    } else {
      log.removed(keyword, '', `${provider} does not take ${keyword} at the top level of ${field}`);
    }
  }
}

/** Keywords whose value is one subschema. */
export const ONE_SCHEMA = ['items', 'additionalItems', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties'];
/** Keywords whose value is a list of subschemas. */
export const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items'];
/** Keywords whose value is a record of subschemas. */
export const SCHEMA_RECORDS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

/**
 * Calls `visit` on `schema` and on every subschema object inside it, parents
 * first, with its dot-joined path; `visit` may change the schema it is given.
 */
export function eachSchema(schema: JsonSchema, visit: (schema: JsonSchema, path: string) => void, path = ''): void {
  visit(schema, path);
  for (const keyword of ONE_SCHEMA) {
    const value = schema[keyword];
    if (isSchema(value)) eachSchema(value, visit, joinPath(path, keyword));
  }
  for (const keyword of SCHEMA_LISTS) {
    const value = schema[keyword];
    if (Array.isArray(value)) value.forEach((each, i) => isSchema(each) && eachSchema(each, visit, joinPath(path, keyword, i)));
  }
  for (const keyword of SCHEMA_RECORDS) {
    const value = schema[keyword];
    if (isSchema(value)) for (const [key, each] of Object.entries(value)) if (isSchema(each)) eachSchema(each, visit, joinPath(path, keyword, key));
  }
}

/** The positional item schemas of a tuple array (draft 7 `items: [...]` or 2020-12 `prefixItems`), or undefined. */
export function tupleItems(schema: JsonSchema): JsonSchema[] | undefined {
  if (Array.isArray(schema.items)) return schema.items as JsonSchema[];
  if (Array.isArray(schema.prefixItems)) return schema.prefixItems as JsonSchema[];
  return undefined;
}
