import type { RegistrableTool } from '@victor-tools/core';
import type { JsonSchema } from '@victor-tools/core';
import { setOwn } from '@victor-tools/core/internal';
import { checkAdapterOptions } from './adapters/adapter-options';
import { TOOL_NAME_RULES, assertToolName } from './names';
import { inlineLocalRefs } from './schema/inline-refs';
import { dropOutputSchema, readTool } from './schema/tool-input';
import { DropLog, asObjectRoot, isObjectSchema, isSchema, joinPath, mergeObjects, typeList } from './schema/walk';
import type { ExportOptions, ProviderExport } from './types';

/** A schema in Gemini's OpenAPI 3.0 subset (what `toGeminiFunction` emits). */
export interface GeminiSchema {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  format?: string;
  description?: string;
  nullable?: boolean;
  enum?: string[];
  items?: GeminiSchema;
  properties?: Record<string, GeminiSchema>;
  required?: string[];
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

/** A Gemini `FunctionDeclaration`. `parameters` is left out for a tool without any. */
export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  parameters?: GeminiSchema & { type: 'object' };
}

/**
 * The conservative subset: the Schema fields that both the Gemini API and
 * Vertex AI have documented for function declarations from the start.
 * Newer API versions take more (`anyOf`, `default`, `title`...), older ones
 * reject them with a 400, so they are rewritten or removed here.
 */
export const GEMINI_KEYWORDS: ReadonlySet<string> = new Set([
  'type', 'format', 'description', 'nullable', 'enum', 'items', 'properties', 'required',
  'minItems', 'maxItems', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern',
]);

/** The `format` values Gemini documents, per type. */
export const GEMINI_FORMATS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  string: ['enum', 'date-time'],
  number: ['float', 'double'],
  integer: ['int32', 'int64'],
});

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);

/**
 * A tool as a Gemini function declaration, in the OpenAPI 3.0 subset Gemini
 * takes: one `type` per schema (`nullable: true` for null), no
 * `additionalProperties`, `const` as a one-value `enum`, enums on strings
 * only (a number, integer or boolean one's values told in the description),
 * `anyOf`/`oneOf` of a type and null as `nullable`, other unions
 * narrowed to their first branch, `allOf` of objects merged, formats limited
 * to the documented ones. `dropped` lists every change.
 * Throws `InvalidToolNameError` for a name Gemini rejects.
 */
export function toGeminiFunction(tool: RegistrableTool, options: ExportOptions = {}): ProviderExport<GeminiFunctionDeclaration> {
  checkAdapterOptions('toGeminiFunction', options, ['level']);
  const input = readTool(tool, options);
  const { name, description, parameters } = input;
  assertToolName(name, TOOL_NAME_RULES.gemini);
  const log = new DropLog();
  dropOutputSchema(input, log, 'Gemini');
  const root = toGeminiSchema(inlineLocalRefs(asObjectRoot(parameters, log), log, 'Gemini'), '', log) as GeminiSchema & { type: 'object' };
  if (root.properties === undefined || Object.keys(root.properties).length === 0) {
    log.removed('parameters', '', 'Gemini rejects an object schema without properties; a function without parameters leaves them out');
    return { schema: { name, description }, dropped: log.entries };
  }
  return { schema: { name, description, parameters: root }, dropped: log.entries };
}

function toGeminiSchema(source: JsonSchema, path: string, log: DropLog): GeminiSchema {
  const schema = flatten(source, path, log);
  const out: Record<string, unknown> = {};
  // The values of a number, integer or boolean enum, told in the description (see enumOf).
  let allowed: string | undefined;
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'type') {
      out.type = singleType(value, schema, path, log, out);
    } else if (keyword === 'const' && value === null) {
      log.rewritten('const', path, 'Gemini has no const; const: null becomes nullable: true');
      out.nullable = true;
    } else if (keyword === 'const') {
      log.rewritten('const', path, 'Gemini has no const; it becomes a one-value enum');
      allowed = enumOf([value], schema, path, log, out) ?? allowed;
    } else if (keyword === 'prefixItems' && !isSchema(schema.items) && !Array.isArray(schema.items)) {
      continue; // the item schema, once the loop is done (missingItems)
    } else if (!GEMINI_KEYWORDS.has(keyword)) {
      log.removed(keyword, path, `Gemini function declarations do not support '${keyword}'`);
    } else if (keyword === 'enum') {
      allowed = enumOf(Array.isArray(value) ? value : [], schema, path, log, out) ?? allowed;
    } else if (keyword === 'format') {
      const allowed = GEMINI_FORMATS[typeList(schema)[0] ?? ''] ?? [];
      if (allowed.includes(String(value))) out.format = value;
      else log.removed('format', path, `Gemini does not support format '${String(value)}' here (allowed: ${allowed.join(', ') || 'none'})`);
    } else if (keyword === 'items') {
      out.items = itemsOf(value, path, log);
    } else if (keyword === 'properties' && isSchema(value)) {
      const properties: Record<string, GeminiSchema> = {};
      for (const [key, property] of Object.entries(value)) {
        if (isSchema(property)) setOwn(properties, key, toGeminiSchema(property, joinPath(path, 'properties', key), log));
        else log.removed(key, joinPath(path, 'properties'), `Gemini takes schema objects only; the property '${key}', declared ${JSON.stringify(property)}, is left out`);
      }
      out.properties = properties;
    } else if (keyword === 'required' && Array.isArray(value)) {
      // Only the properties kept: a boolean-schema one is left out above.
      const properties: Record<string, unknown> = isSchema(schema.properties) ? schema.properties : {};
      out.required = value.filter((k) => {
        if (typeof k === 'string' && isSchema(properties[k])) return true;
        const why = typeof k === 'string' && k in properties ? 'is left out of the properties (a boolean schema)' : 'is not declared in properties';
        log.removed('required', path, `'${String(k)}' is required but ${why}; Gemini takes only declared properties in required, and the registry will refuse every call without it: declare it or remove it from required`);
        return false;
      });
    } else {
      out[keyword] = value;
    }
  }
  if (out.type === undefined) {
    const inferred = inferType(schema);
    if (inferred) out.type = inferred;
  }
  if (out.type === 'array' && out.items === undefined) out.items = missingItems(schema, path, log);
  if (allowed !== undefined) out.description = typeof out.description === 'string' && out.description !== '' ? `${out.description} ${allowed}` : allowed;
  return out as GeminiSchema;
}

/** Folds `anyOf`/`oneOf`/`allOf` into one schema Gemini can take, reporting how. */
function flatten(schema: JsonSchema, path: string, log: DropLog): JsonSchema {
  let out: JsonSchema = schema;
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = out[keyword];
    if (!Array.isArray(branches)) continue;
    const { [keyword]: _drop, ...rest } = out;
    void _drop;
    const nonNull = branches.filter((b) => isSchema(b) && !isNullSchema(b));
    const hasNull = branches.some((b) => isSchema(b) && isNullSchema(b));
    // A `true` branch (anything) is one more alternative lost; a `false` one matches nothing.
    const alternatives = nonNull.length + (branches as unknown[]).filter((b) => b === true).length;
    if (alternatives > 1) {
      log.rewritten(keyword, path, `Gemini has no ${keyword}; only the first of ${alternatives} alternatives is kept`);
    } else {
      log.rewritten(keyword, path, `Gemini has no ${keyword}; ${hasNull ? 'a type or null becomes nullable' : 'the single alternative is inlined'}`);
    }
    out = { ...(nonNull[0] ?? {}), ...rest };
    if (hasNull) out.nullable = true;
  }
  if (Array.isArray(out.allOf)) {
    const { allOf, ...rest } = out;
    const parts = allOf.filter(isSchema);
    if (parts.every(isObjectSchema)) {
      log.rewritten('allOf', path, 'Gemini has no allOf; the object schemas are merged into one');
      out = { ...rest };
      mergeObjects(out, parts, path, log);
    } else {
      log.rewritten('allOf', path, 'Gemini has no allOf; only the first schema is kept');
      out = { ...(parts[0] ?? {}), ...rest };
    }
  }
  return out;
}

/** `{ type: 'null' }` or `{ const: null }`: the branch of a union that makes it nullable. */
function isNullSchema(schema: JsonSchema): boolean {
  return schema.type === 'null' || ('const' in schema && schema.const === null);
}

function singleType(value: unknown, schema: JsonSchema, path: string, log: DropLog, out: Record<string, unknown>): string | undefined {
  if (typeof value === 'string' && TYPES.has(value)) return value;
  const types = typeList(schema);
  const real = types.filter((t) => TYPES.has(t));
  if (types.includes('null')) out.nullable = true;
  const reason =
    real.length > 1
      ? `Gemini takes one type per schema; only '${real[0]}' of ${JSON.stringify(types)} is kept`
      : `Gemini takes one type per schema; ${JSON.stringify(value)} becomes ${real[0] ? `'${real[0]}'` : 'no type'}${types.includes('null') ? ' with nullable: true' : ''}`;
  log.rewritten('type', path, reason);
  return real[0];
}

/**
 * An enum (or const) into `out`. Gemini takes `enum` on strings only: it
 * answers 400 "enum: only allowed for STRING type" for a number, integer or
 * boolean one, so those keep their type, lose the enum and have their values
 * told in the description (returned, for the caller to append once the
 * description is known); the registry still checks them. So are the values
 * of an untyped enum of several types (`[1, 'a', true]`): sent as strings,
 * the model's `'1'` would be refused.
 */
function enumOf(values: unknown[], schema: JsonSchema, path: string, log: DropLog, out: Record<string, unknown>): string | undefined {
  if (values.includes(null)) {
    log.rewritten('enum', path, 'Gemini enums hold strings only; null in the enum becomes nullable: true');
    out.nullable = true;
  }
  const kept = values.filter((v) => v !== null);
  if (kept.length === 0) return undefined;
  const declared = typeList(schema).find((t) => TYPES.has(t));
  const type = declared ?? inferType({ enum: kept });
  if (declared === undefined && type !== undefined) out.type = type;
  if (type === 'number' || type === 'integer' || type === 'boolean') {
    log.removed('enum', path, `Gemini takes enum on strings only; the allowed ${type} values are listed in the description instead`);
    return `One of: ${kept.map((v) => JSON.stringify(v)).join(', ')}.`;
  }
  if (type === undefined) {
    // As strings ('1' for 1) the model's answer would be refused by the registry, which checks the real values.
    log.removed('enum', path, 'Gemini takes enum on strings only and one type per schema; the allowed values, of several types, are listed in the description instead');
    return `One of: ${kept.map((v) => JSON.stringify(v)).join(', ')}.`;
  }
  if (kept.some((v) => typeof v !== 'string')) {
    log.rewritten('enum', path, 'Gemini enums hold strings only; the values are sent as strings');
  }
  out.enum = kept.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  return undefined;
}

function itemsOf(value: unknown, path: string, log: DropLog): GeminiSchema | undefined {
  if (isSchema(value)) return toGeminiSchema(value, joinPath(path, 'items'), log);
  if (typeof value === 'boolean') {
    // `items: false` after a prefixItems tuple (no more items) or `items: true` (any): Gemini has neither.
    log.removed('items', path, `Gemini has no boolean item schema (items: ${value}); the registry still checks it`);
    return undefined;
  }
  if (Array.isArray(value) && isSchema(value[0])) {
    log.rewritten('items', path, 'Gemini has no tuple arrays; the first item schema applies to every item');
    return toGeminiSchema(value[0], joinPath(path, 'items', 0), log);
  }
  return undefined;
}

/**
 * Gemini answers 400 "items: missing field" for an array without an item
 * schema. A 2020-12 tuple (`prefixItems`) gives its first position's schema,
 * as a draft 7 tuple does; an array declaring no items gets string items,
 * Gemini having no "any item". Either way it is reported.
 */
function missingItems(schema: JsonSchema, path: string, log: DropLog): GeminiSchema {
  const prefix = schema.prefixItems;
  if (Array.isArray(prefix) && isSchema(prefix[0])) {
    log.rewritten('prefixItems', path, 'Gemini has no tuple arrays; the first item schema applies to every item');
    return toGeminiSchema(prefix[0], joinPath(path, 'prefixItems', 0), log);
  }
  log.rewritten('items', path, 'Gemini requires the item schema of an array and has no "any item"; the items are sent as strings: declare the item schema');
  return { type: 'string' };
}

function inferType(schema: JsonSchema): GeminiSchema['type'] {
  if (isSchema(schema.properties)) return 'object';
  if (schema.items !== undefined || schema.prefixItems !== undefined) return 'array';
  if (Array.isArray(schema.enum)) {
    const kinds = new Set(schema.enum.map((v) => (Number.isInteger(v) ? 'integer' : typeof v)));
    if (kinds.size === 2 && kinds.has('integer') && kinds.has('number')) return 'number';
    if (kinds.size === 1) {
      const [kind] = kinds;
      if (kind === 'integer' || kind === 'number' || kind === 'boolean' || kind === 'string') return kind;
    }
  }
  // Values of several types (or objects): no one Gemini type says them.
  return undefined;
}
