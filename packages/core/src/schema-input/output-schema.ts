import type { JsonSchema } from '../json-schema';
import { readSchemaInput } from './read-schema-input';
import { describeValue } from '../error-text';
import type { StandardSchemaV1 } from './standard-schema';

/**
 * The output schema a tool declares, as the registry keeps it: `undefined`
 * for none, else a JSON Schema object schema (a TypeBox `Type.Object` is one).
 * The one place a declared output schema is read: the registry (at
 * registration) and the providers' exporters go through it, so another schema
 * Standard Schema is read here too (its output side's JSON Schema). Throws a TypeError naming the
 * problem for anything else: MCP requires an output schema of `type: 'object'`
 * (clients refuse a `tools/list` that carries another), and a mistake is
 * better found at registration than at the first call.
 */
export function outputSchemaOf(declared: unknown): JsonSchema | undefined {
  return outputSchemaFormsOf(declared)?.jsonSchema;
}

/**
 * `outputSchemaOf`, with the Standard Schema (zod, valibot, arktype) the
 * tool declared, whose library's own validation (refinements JSON Schema
 * cannot express) the registry runs after the JSON Schema's.
 */
export function outputSchemaFormsOf(declared: unknown): { jsonSchema: JsonSchema; standard: StandardSchemaV1 | undefined } | undefined {
  if (declared === undefined || declared === null) return undefined;
  // An arktype type is a function.
  if ((typeof declared !== 'object' && typeof declared !== 'function') || Array.isArray(declared)) {
    throw new TypeError(`its outputSchema must be a JSON Schema object, got ${describeValue(declared)}`);
  }
  // A Standard Schema (zod, arktype, valibot's toStandardJsonSchema) gives its output side's JSON Schema.
  const { jsonSchema, standard } = readSchemaInput(declared as JsonSchema, { side: 'output', what: 'its output schema' });
  const type = jsonSchema.type;
  if (type !== 'object') {
    throw new TypeError(
      `its outputSchema must describe an object (type: 'object'), got type ${JSON.stringify(type) ?? 'undefined'}: MCP carries structured output as an object`,
    );
  }
  return { jsonSchema, standard };
}
