import { errorMessage } from '../error-text';
import type { JsonSchema } from '../json-schema';
import { SchemaConversionError } from './schema-conversion-error';
import type { SchemaForms, SchemaInput, SchemaSide } from './schema-input';
import type { StandardJSONSchemaV1, StandardSchemaV1 } from './standard-schema';

/** How `readSchemaInput` reads a schema and names it in its errors. */
export interface ReadSchemaOptions {
  /** Which side's JSON Schema: `input` (a tool's parameters, the default) or `output` (what a tool returns). */
  readonly side?: SchemaSide;
  /** Who declares the schema, for errors: "Tool 'plan_trip'" (a function for a name that costs a getter). */
  readonly owner?: string | (() => string);
  /** What the schema is to its owner, for errors; default 'its parameters schema'. */
  readonly what?: string;
}

// ajv checks Draft 7, and every library converts to it ("strongly recommended" by Standard JSON Schema).
const TARGET = 'draft-07';

/**
 * Vendor options (the interface's `libraryOptions`) that make a library's
 * conversion mean what the others' means here: the JSON Schema states what
 * JSON can, and checks JSON Schema cannot express are left to the library's
 * own validation, which runs after ajv. zod and arktype leave such checks out
 * by themselves (`.refine()`, `.narrow()`); valibot refuses the whole schema
 * over one `check` unless told, per action, to keep what it converted. Types
 * JSON cannot carry still fail the conversion, in every library.
 */
const VENDOR_OPTIONS: Readonly<Record<string, Record<string, unknown>>> = {
  valibot: {
    overrideAction: ({ valibotAction, jsonSchema, errors }: { valibotAction: { kind?: unknown }; jsonSchema: unknown; errors?: unknown }) =>
      errors !== undefined && valibotAction.kind === 'validation' ? jsonSchema : undefined,
  },
};

// Conversions are kept per schema object (and side), so a `parameters` getter
// that returns the same zod object converts once; a fresh object each time is
// converted each time (as a JSON Schema is compiled again by its JSON text).
const converted = new WeakMap<object, { input?: SchemaForms; output?: SchemaForms }>();

/**
 * The one reader of the schemas users give (a tool's parameters, and any
 * other schema a tool declares): a JSON Schema, TypeBox 0.34 or 1.x (JSON
 * Schemas already), or a Standard Schema whose library produces JSON Schema.
 *
 * - A value carrying `~standard` is read through the Standard interfaces
 *   only: its JSON Schema is `~standard.jsonSchema[side]({ target: 'draft-07' })`
 *   (a root `$schema` dropped), and when it has `~standard.validate` it is
 *   also the validator that runs after ajv. (`z.toJSONSchema()` output
 *   carries zod's `~standard` too, so it is read as the zod schema it came
 *   from; a copy, `{ ...output }`, is a plain JSON Schema.)
 * - Anything else object-shaped is a JSON Schema, returned as it is.
 *
 * Throws a `SchemaConversionError` naming the owner, the library and, where
 * the library reports it, the field, when a Standard Schema has no JSON
 * Schema form. Never throws otherwise: whatever else it is given is
 * returned as the JSON Schema, for ajv to judge.
 */
export function readSchemaInput(input: SchemaInput, options: ReadSchemaOptions = {}): SchemaForms {
  // A boolean schema (or anything else that is no object) is left to ajv, which judges it at the first call.
  if ((typeof input !== 'object' && typeof input !== 'function') || input === null) return { jsonSchema: input as JsonSchema, standard: undefined };
  const side = options.side ?? 'input';
  let cached = converted.get(input);
  const known = cached?.[side];
  if (known !== undefined) return known;
  const forms = standardPropsOf(input) === undefined ? { jsonSchema: input as JsonSchema, standard: undefined } : fromStandard(input as StandardJSONSchemaV1, side, options);
  if (cached === undefined) converted.set(input, (cached = {}));
  cached[side] = forms;
  return forms;
}

/** The `~standard` properties of `value`, when it has them (a getter that throws counts as none). */
function standardPropsOf(value: object): Record<string, unknown> | undefined {
  let props: unknown;
  try {
    props = (value as { '~standard'?: unknown })['~standard'];
  } catch {
    return undefined;
  }
  return props !== null && typeof props === 'object' ? (props as Record<string, unknown>) : undefined;
}

function fromStandard(schema: StandardJSONSchemaV1, side: SchemaSide, options: ReadSchemaOptions): SchemaForms {
  const props = schema['~standard'] as StandardJSONSchemaV1.Props & Partial<StandardSchemaV1.Props>;
  const vendor = typeof props.vendor === 'string' ? props.vendor : 'unknown library';
  const convert = props.jsonSchema?.[side];
  if (typeof convert !== 'function') {
    throw new SchemaConversionError(
      `${ownerOf(options)} cannot be registered: ${options.what ?? 'its parameters schema'} is a Standard Schema (${vendor}) without a JSON Schema form ` +
        `(it has no ~standard.jsonSchema, the Standard JSON Schema interface). ${wrapHint(vendor)}`,
      vendor,
      [],
    );
  }
  let json: Record<string, unknown>;
  try {
    json = convert({ target: TARGET, libraryOptions: Object.hasOwn(VENDOR_OPTIONS, vendor) ? VENDOR_OPTIONS[vendor] : undefined });
  } catch (error) {
    throw conversionError(schema, side, vendor, options, error);
  }
  if (json === null || typeof json !== 'object') {
    throw new SchemaConversionError(`${ownerOf(options)} cannot be registered: ${vendor} converted ${options.what ?? 'its parameters schema'} to ${typeof json}, not a JSON Schema object.`, vendor, []);
  }
  const standard = typeof props.validate === 'function' ? (schema as unknown as StandardSchemaV1) : undefined;
  return { jsonSchema: withoutRootMetaSchema(json), standard };
}

// A tool's schema is sent to models and providers as an embedded schema; the
// root's `$schema` (the draft, which ajv needs not be told) would travel along.
function withoutRootMetaSchema(json: Record<string, unknown>): JsonSchema {
  if (!('$schema' in json)) return json as JsonSchema;
  const { $schema: _draft, ...rest } = json;
  return rest as JsonSchema;
}

/**
 * The library's refusal, with the field named where the library says where.
 * Standard JSON Schema has no way to report a location, so this asks the one
 * library that offers it through its vendor options (zod's `unrepresentable`
 * handler, called with the JSON Schema path of the part it cannot convert).
 */
function conversionError(schema: StandardJSONSchemaV1, side: SchemaSide, vendor: string, options: ReadSchemaOptions, error: unknown): SchemaConversionError {
  const path = vendor === 'zod' ? zodFailurePath(schema, side) : [];
  const where = path.length > 0 ? ` at '${path.join('.')}'` : '';
  const field = path.length > 0 ? `the field '${path.join('.')}'` : 'that part';
  return new SchemaConversionError(
    `${ownerOf(options)} cannot be registered: ${options.what ?? 'its parameters schema'} (${vendor}) has no JSON Schema form${where}: ${errorMessage(error).replace(/\.$/, '')}. ` +
      `Give ${field} a type JSON can carry, or declare the schema as a JSON Schema.`,
    vendor,
    path,
    { cause: error },
  );
}

function zodFailurePath(schema: StandardJSONSchemaV1, side: SchemaSide): string[] {
  let found: unknown;
  const unrepresentable = (report: { path?: unknown }): string => {
    found ??= report.path;
    return 'throw';
  };
  try {
    schema['~standard'].jsonSchema[side]({ target: TARGET, libraryOptions: { unrepresentable } });
  } catch {
    // The same failure again; only the path it reported is wanted.
  }
  return Array.isArray(found) ? propertyNames(found) : [];
}

/** The property names in a JSON Schema path (`['properties', 'trip', 'properties', 'when']` → `['trip', 'when']`). */
function propertyNames(schemaPath: readonly unknown[]): string[] {
  const names: string[] = [];
  for (let i = 0; i + 1 < schemaPath.length; i++) {
    if (schemaPath[i] === 'properties') names.push(String(schemaPath[++i]));
  }
  return names;
}

function wrapHint(vendor: string): string {
  const known = vendor === 'valibot' ? ' (valibot: toStandardJsonSchema from @valibot/to-json-schema)' : '';
  return `Wrap it with its library's JSON Schema converter${known}, or declare the schema as a JSON Schema.`;
}

function ownerOf(options: ReadSchemaOptions): string {
  const owner = options.owner;
  if (owner === undefined) return 'The tool';
  if (typeof owner === 'string') return owner;
  try {
    return owner();
  } catch {
    return 'The tool';
  }
}
