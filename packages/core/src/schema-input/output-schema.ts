import type { JsonSchema } from '../json-schema';
import { readSchemaInput } from './read-schema-input';
import { describeValue } from '../error-text';

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
  if (declared === undefined || declared === null) return undefined;
  if (typeof declared !== 'object' || Array.isArray(declared)) {
    throw new TypeError(`its outputSchema must be a JSON Schema object, got ${describeValue(declared)}`);
  }
  // A Standard Schema (zod, arktype, valibot's toStandardJsonSchema) gives its output side's JSON Schema.
  const schema = readSchemaInput(declared as JsonSchema, { side: 'output', what: 'its output schema' }).jsonSchema;
  const type = schema.type;
  if (type !== 'object') {
    throw new TypeError(
      `its outputSchema must describe an object (type: 'object'), got type ${JSON.stringify(type) ?? 'undefined'}: MCP carries structured output as an object`,
    );
  }
  return schema;
}
