import type { StandardJSONSchemaV1, StandardSchemaV1 } from './standard-schema';
import type { JsonSchema, ReadonlyJsonSchema } from '../json-schema';

/**
 * A TypeBox 1.x schema (the `typebox` package), known by the `~kind` its
 * types declare. At run time it is a JSON Schema (its `~kind` and
 * `~optional` are not enumerable); only its declared types need this member.
 */
export interface TypeBoxSchemaLike {
  readonly '~kind': string;
}

/**
 * A schema as a user may give it: a JSON Schema (TypeBox 0.34 and 1.x schemas
 * are JSON Schemas), or a Standard Schema whose library produces JSON Schema
 * (Standard JSON Schema: zod 4, arktype, valibot through `toStandardJsonSchema`).
 * `readSchemaInput` turns any of them into its JSON Schema and its validator.
 * A JSON Schema may be written `as const` (`ReadonlyJsonSchema`).
 */
export type SchemaInput = JsonSchema | ReadonlyJsonSchema | StandardJSONSchemaV1 | TypeBoxSchemaLike;

/** Whether the JSON Schema of a schema's input side (what a caller sends) or of its output side (what it produces) is wanted. */
export type SchemaSide = 'input' | 'output';

/** What `readSchemaInput` makes of a schema. */
export interface SchemaForms {
  /** The JSON Schema (Draft 7): what models see and ajv checks. The given object itself when it was one. */
  readonly jsonSchema: JsonSchema;
  /** The Standard Schema whose `~standard.validate` runs after ajv (refinements, transforms); undefined for a JSON Schema. */
  readonly standard: StandardSchemaV1 | undefined;
}
