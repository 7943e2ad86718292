import type { JsonSchema } from '@victor-tools/core';
import { readSchemaInput } from '@victor-tools/core/internal';

/**
 * A tool's parameters as JSON Schema, whatever form the tool declared them
 * in: a JSON Schema or TypeBox schema as it is, a Standard Schema (zod,
 * valibot, arktype) through core's reader, the one the registry uses.
 * `refreshFromTools` and `generateMetadata` take tools as their authors wrote
 * them (an array of `tool()`s, a `BaseTool` whose getter returns a zod
 * object), not only the registry's normalized copies: reading `properties`
 * off a zod object found none, so such a tool lost its parameter names from
 * its keywords and from search's parameters field. Undefined for what core
 * cannot read (the registry is where that is reported).
 */
export function parametersSchema(parameters: unknown): JsonSchema | undefined {
  if (parameters === null || (typeof parameters !== 'object' && typeof parameters !== 'function')) return undefined;
  try {
    return readSchemaInput(parameters as JsonSchema).jsonSchema;
  } catch {
    return undefined;
  }
}
