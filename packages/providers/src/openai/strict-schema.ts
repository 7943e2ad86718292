import type { JsonSchema } from '@victor-tools/core';
import { setOwn } from '@victor-tools/core/internal';
import { DropLog, acceptsNull, isObjectSchema, isSchema, joinPath, mergeObjects, tupleItems, typeList } from '../schema/walk';

/**
 * Keywords OpenAI Structured Outputs (strict function calling) supports;
 * anything else is removed and reported. From OpenAI's "Supported schemas"
 * guide: strings take `pattern` and `format`, numbers `multipleOf` and the
 * bounds, arrays `minItems`/`maxItems`, objects `properties`, `required` and
 * `additionalProperties: false`; `anyOf`, `enum`, `const` and `$ref`/`$defs`
 * everywhere. `default`, `examples`, `minLength`/`maxLength`, `uniqueItems`,
 * `minProperties`/`maxProperties`, `patternProperties`, `allOf`, `not`,
 * `if`/`then`/`else` are not supported.
 */
export const OPENAI_STRICT_KEYWORDS: ReadonlySet<string> = new Set([
  'type', 'description', 'title', 'enum', 'const', 'anyOf', '$ref', '$defs', 'definitions',
  'pattern', 'format',
  'multipleOf', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'items', 'minItems', 'maxItems',
  'properties', 'required', 'additionalProperties',
]);

/** The string formats strict mode accepts. */
export const OPENAI_STRICT_FORMATS: ReadonlySet<string> = new Set([
  'date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid',
]);

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * Rewrites a parameters schema for strict mode: every object closed with
 * `additionalProperties: false` and every property required, the optional
 * ones made nullable (a `null` from the model then means "left out", which
 * core's `ToolRegistry` and `normalizeStrictArguments` undo), unsupported
 * keywords removed.
 */
export function toStrictSchema(source: JsonSchema, path: string, log: DropLog): JsonSchema {
  const schema = inlineSingleAllOf(source, path, log);
  const out: JsonSchema = {};
  const tuple = tupleItems(schema);
  for (const [keyword, value] of Object.entries(schema)) {
    if (tuple !== undefined && TUPLE_KEYWORDS.has(keyword)) {
      continue;
    } else if ((keyword === 'anyOf' || keyword === 'oneOf') && constraintsOnly(schema, value)) {
      log.removed(keyword, path, `strict mode cannot say ${keyword} alternatives that only add constraints (required, bounds...) to the type; the registry still checks them`);
    } else if (keyword === 'oneOf') {
      log.rewritten('oneOf', path, 'strict mode has no oneOf; the alternatives are kept as anyOf');
      out.anyOf = [...(out.anyOf ?? []), ...branches(value, joinPath(path, 'oneOf'), log)];
    } else if (keyword === 'allOf' && mergeableObjects(value)) {
      log.rewritten('allOf', path, 'strict mode has no allOf; the object schemas are merged into one');
      mergeObjects(out, value as JsonSchema[], path, log);
    } else if (keyword === 'nullable' && value === true) {
      continue; // OpenAPI's nullable: null joins the type once the rest is done
    } else if (!OPENAI_STRICT_KEYWORDS.has(keyword)) {
      log.removed(keyword, path, `strict mode does not support '${keyword}'`);
    } else if (keyword === 'format' && !OPENAI_STRICT_FORMATS.has(String(value))) {
      log.removed('format', path, `strict mode does not support format '${String(value)}'`);
    } else if (keyword === 'anyOf') {
      out.anyOf = [...(out.anyOf ?? []), ...branches(value, joinPath(path, 'anyOf'), log)];
    } else if (keyword === 'items' && isSchema(value)) {
      out.items = toStrictSchema(value, joinPath(path, 'items'), log);
    } else if ((keyword === '$defs' || keyword === 'definitions') && isSchema(value)) {
      out[keyword] = mapValues(value, (s, k) => toStrictSchema(s, joinPath(path, keyword, k), log));
    } else if (keyword !== 'properties' && keyword !== 'required' && keyword !== 'additionalProperties') {
      out[keyword] = value;
    }
  }
  if (tuple !== undefined) strictTuple(schema, tuple, out, path, log);
  else if (typeList(schema).includes('array') && out.items === undefined) anyScalarItems(out, path, log);
  if (isObjectSchema(schema) || isSchema(out.properties)) closeObject(schema, out, path, log);
  if (UNTYPED_WHEN_WITHOUT.every((keyword) => out[keyword] === undefined)) anyScalarValue(out, path, log);
  if (schema.nullable === true && !acceptsNull(out)) {
    log.rewritten('nullable', path, "strict mode has no nullable (OpenAPI's); null is added to what the schema accepts instead");
    return nullable(out);
  }
  return out;
}

/** `{ allOf: [one], ...rest }` as that one schema with the rest beside it: strict mode has no allOf. */
function inlineSingleAllOf(schema: JsonSchema, path: string, log: DropLog): JsonSchema {
  const { allOf, ...rest } = schema;
  if (!Array.isArray(allOf) || allOf.length !== 1 || !isSchema(allOf[0])) return schema;
  log.rewritten('allOf', path, 'strict mode has no allOf; its one schema is inlined');
  return { ...allOf[0], ...rest };
}

const TUPLE_KEYWORDS = new Set(['items', 'prefixItems', 'additionalItems']);

/**
 * Strict mode has no tuples (draft 7 `items: [...]`, 2020-12 `prefixItems`):
 * `items` becomes an anyOf of the positions' schemas (one schema when they
 * are all the same), the length kept with minItems/maxItems. What each
 * position holds is lost for the model; the registry still checks it.
 */
function strictTuple(schema: JsonSchema, tuple: JsonSchema[], out: JsonSchema, path: string, log: DropLog): void {
  // What may follow the positional items: draft 7's additionalItems, 2020-12's items beside prefixItems.
  const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
  const members = [...tuple, ...(isSchema(rest) ? [rest] : [])];
  const unique = new Map<string, JsonSchema>();
  members.forEach((member, i) => {
    const strict = isSchema(member) ? toStrictSchema(member, joinPath(path, 'items', i), log) : {};
    unique.set(JSON.stringify(strict), strict);
  });
  const schemas = [...unique.values()];
  if (schemas.length === 0) {
    out.maxItems = 0;
  } else {
    out.items = schemas.length === 1 ? schemas[0] : { anyOf: schemas };
  }
  // Past the tuple, items of any kind (no rest schema) cannot be said in strict mode, and none (false) need not be.
  const capped = !isSchema(rest) && (typeof out.maxItems !== 'number' || out.maxItems > tuple.length);
  if (capped) out.maxItems = tuple.length;
  const how =
    schemas.length <= 1
      ? 'the one schema of all positions applies to every item'
      : `every item may be any of the ${schemas.length} schemas of the positions, in any position (the registry still checks each position)`;
  const cap = capped && rest !== false ? `; no more than the tuple's ${tuple.length} items are offered` : '';
  log.rewritten('items', path, `strict mode has no tuple items; ${how}${cap}`);
}

/** Strict mode needs the item schema of an array: one declaring none gets the scalars, the nearest "anything" strict mode has. */
function anyScalarItems(out: JsonSchema, path: string, log: DropLog): void {
  out.items = { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] };
  log.rewritten(
    'items',
    path,
    'strict mode needs the items of an array and cannot say "any item"; the items are now strings, numbers or booleans: declare the item schema to send objects or arrays',
  );
}

// A strict schema without any of these says nothing of its values' type, which OpenAI refuses ("schema must have a 'type' key").
const UNTYPED_WHEN_WITHOUT = ['type', 'anyOf', '$ref', 'enum', 'const'] as const;

/**
 * A schema saying nothing of its type (`{}`, `{ description }`, TypeBox's
 * `Type.Any()`, what is left once unsupported keywords are removed): strict
 * mode needs one and cannot say "any value", so it gets the scalars, as an
 * array without items does (`items` beside it makes it an array).
 */
function anyScalarValue(out: JsonSchema, path: string, log: DropLog): void {
  if (out.items !== undefined) {
    out.type = 'array';
    log.rewritten('type', path, 'strict mode requires the type of every schema; one with items but no type is now an array');
    return;
  }
  out.anyOf = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }];
  log.rewritten(
    'type',
    path,
    'strict mode requires the type of every schema and cannot say "any value"; the value is now a string, number or boolean: declare its type to send objects, arrays or null',
  );
}

/** A required name without a property in a strict object; `toOpenAITool` turns it into a TypeError naming the tool. */
export class UndeclaredRequiredError extends Error {
  constructor(
    readonly property: string,
    readonly path: string,
  ) {
    super(`'${property}' is required at '${path || '(root)'}' but not declared in its properties`);
  }
}

function closeObject(source: JsonSchema, out: JsonSchema, path: string, log: DropLog): void {
  const extra = source.additionalProperties;
  if (extra !== undefined && extra !== false) {
    log.rewritten(
      'additionalProperties',
      path,
      'strict mode requires additionalProperties: false; arguments beyond the declared properties are no longer accepted',
    );
  }
  const required = new Set(Array.isArray(source.required) ? source.required : []);
  const properties = { ...(isSchema(out.properties) ? out.properties : {}), ...(isSchema(source.properties) ? source.properties : {}) };
  const mergedRequired = new Set([...required, ...(Array.isArray(out.required) ? out.required : [])]);
  for (const name of mergedRequired) {
    if (typeof name === 'string' && !Object.prototype.hasOwnProperty.call(properties, name)) {
      // A strict object is closed, so the model could never send it, and validation would refuse every call without it.
      throw new UndeclaredRequiredError(name, path);
    }
  }
  for (const [key, property] of Object.entries(properties)) {
    if (!isSchema(property)) log.removed(key, joinPath(path, 'properties'), `strict mode takes schema objects only; the property '${key}', declared ${JSON.stringify(property)}, is left out`);
  }
  out.properties = mapValues(properties, (property, key) => {
    const propertyPath = joinPath(path, 'properties', key);
    const strict = toStrictSchema(property, propertyPath, log);
    if (mergedRequired.has(key) || acceptsNull(property)) return strict;
    log.rewritten(
      'required',
      propertyPath,
      `optional parameter '${key}' is required and nullable in strict mode; a null from the model means it was left out`,
    );
    return nullable(strict);
  });
  out.required = Object.keys(out.properties);
  out.additionalProperties = false;
  if (out.type === undefined) out.type = 'object';
}

/** `schema` that also accepts `null`: a type list for scalars, an anyOf otherwise. */
function nullable(schema: JsonSchema): JsonSchema {
  const types = typeList(schema);
  if (types.length > 0 && types.every((t) => SCALAR_TYPES.has(t)) && schema.anyOf === undefined) {
    const out: JsonSchema = { ...schema, type: [...types, 'null'] };
    if (Array.isArray(schema.enum)) out.enum = [...schema.enum, null];
    if ('const' in schema) {
      // A const refuses null whatever the type says: the one value and null become an enum.
      delete out.const;
      out.enum = [schema.const, null];
    }
    return out;
  }
  const { description, ...rest } = schema;
  // An anyOf alone takes null as one more branch.
  const anyOf = Object.keys(rest).length === 1 && Array.isArray(rest.anyOf) ? [...rest.anyOf, { type: 'null' }] : [rest, { type: 'null' }];
  return description === undefined ? { anyOf } : { description, anyOf };
}

function branches(value: unknown, path: string, log: DropLog): JsonSchema[] {
  return Array.isArray(value) ? value.filter(isSchema).map((b, i) => toStrictSchema(b, joinPath(path, i), log)) : [];
}

/**
 * Whether `value` is a list of branches that only constrain the type `schema`
 * states (`anyOf: [{ required: ['a'] }, { required: ['b'] }]`): strict mode
 * would need a type in each, and one copied in would not mean the same.
 */
function constraintsOnly(schema: JsonSchema, value: unknown): boolean {
  if (schema.type === undefined && !isSchema(schema.properties)) return false;
  return Array.isArray(value) && value.length > 0 && value.every((b) => isSchema(b) && !BRANCH_TYPED_BY.some((k) => b[k] !== undefined));
}

const BRANCH_TYPED_BY = ['type', 'anyOf', 'oneOf', 'allOf', '$ref', 'enum', 'const', 'properties', 'items', 'prefixItems'] as const;

function mergeableObjects(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0 && value.every((b) => isSchema(b) && isObjectSchema(b));
}

function mapValues(record: Record<string, unknown>, fn: (schema: JsonSchema, key: string) => JsonSchema): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [key, value] of Object.entries(record)) if (isSchema(value)) setOwn(out, key, fn(value, key));
  return out;
}

/**
 * OpenAI's limits on a strict schema, from its Structured Outputs guide:
 * schemas over them are answered with a 400, so they are refused here first.
 */
export const OPENAI_STRICT_LIMITS = Object.freeze({
  nestingLevels: 10,
  properties: 5_000,
  enumValues: 1_000,
  /** Property names, definition names, enum values and const values, in characters. */
  stringChars: 120_000,
  /** Of one string enum with more than `largeEnum` values, in characters. */
  largeEnumChars: 15_000,
  largeEnum: 250,
});

/** Throws a RangeError naming the first of OpenAI's strict-mode limits `schema` exceeds. */
export function checkStrictLimits(schema: JsonSchema, tool: string): void {
  const limits = OPENAI_STRICT_LIMITS;
  let properties = 0;
  let enumValues = 0;
  let chars = 0;
  let deepest = { depth: 0, path: '' };
  const fail = (what: string): never => {
    throw new RangeError(
      `toOpenAITool: the strict schema of tool '${tool}' exceeds OpenAI's limit of ${what}, so OpenAI would refuse it. Simplify the parameters (fewer or flatter properties, shorter enums, a string in place of a long enum) or export it without strict.`,
    );
  };
  const visit = (node: JsonSchema, path: string, depth: number): void => {
    const isObject = isSchema(node.properties);
    const level = isObject ? depth + 1 : depth;
    if (level > deepest.depth) deepest = { depth: level, path };
    if (Array.isArray(node.enum)) {
      enumValues += node.enum.length;
      const strings = node.enum.filter((v): v is string => typeof v === 'string');
      const length = strings.reduce((sum, v) => sum + v.length, 0);
      chars += length;
      if (node.enum.length > limits.largeEnum && length > limits.largeEnumChars) {
        fail(`${limits.largeEnumChars} characters for the values of an enum of more than ${limits.largeEnum} (${length} at '${path || '(root)'}')`);
      }
    }
    if (typeof node.const === 'string') chars += node.const.length;
    for (const keyword of ['properties', '$defs', 'definitions'] as const) {
      const record = node[keyword];
      if (!isSchema(record)) continue;
      for (const [key, child] of Object.entries(record)) {
        chars += key.length;
        if (keyword === 'properties') properties += 1;
        if (isSchema(child)) visit(child, joinPath(path, keyword, key), keyword === 'properties' ? level : 0);
      }
    }
    if (isSchema(node.items)) visit(node.items, joinPath(path, 'items'), level);
    if (Array.isArray(node.anyOf)) node.anyOf.forEach((b, i) => isSchema(b) && visit(b, joinPath(path, 'anyOf', i), level));
  };
  visit(schema, '', 0);
  if (deepest.depth > limits.nestingLevels) fail(`${limits.nestingLevels} nesting levels (objects nest ${deepest.depth} deep at '${deepest.path}')`);
  if (properties > limits.properties) fail(`${limits.properties} properties (it has ${properties})`);
  if (enumValues > limits.enumValues) fail(`${limits.enumValues} enum values (it has ${enumValues})`);
  if (chars > limits.stringChars) fail(`${limits.stringChars} characters of property names, definition names, enum and const values (it has ${chars})`);
}
