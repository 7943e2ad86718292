import type { JsonSchema, SchemaInput } from '@victor-tools/core';
import { DecoratorUsageError } from '../errors/decorator-usage-error';

// Core's EXPLORE sandbox always checks a string whose schema says
// `format: 'path'`, whatever the parameter's name. `@Param({ path: true })` and
// the `pathParams` option are the decorators' way to say it; both end here.

function isObjectSchema(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A copy of `schema` declaring its value a path: `format: 'path'` on the
 * schema itself, or on its `items` when it is an array of paths.
 */
export function markPath(schema: JsonSchema): JsonSchema {
  if (isObjectSchema(schema.items)) return { ...schema, items: { ...schema.items, format: 'path' } };
  return { ...schema, format: 'path' };
}

/**
 * A copy of the object schema `schema` in which each parameter named by
 * `names` is declared a path (`markPath`). A name is a top-level parameter
 * (`output`) or a dotted route through nested objects (`options.output`),
 * arrays of objects included (`files.dest`). A name that leads nowhere is a
 * `DecoratorUsageError` naming `owner`, so that a typo cannot leave a path
 * unchecked.
 */
export function withPathParams(schema: SchemaInput, names: readonly string[], owner: string): JsonSchema {
  if (isObjectSchema(schema) && '~standard' in schema) {
    // Its JSON Schema is the library's to make; a copy marked here would lose the library's own validation.
    throw new DecoratorUsageError(
      `${owner}: pathParams needs a JSON Schema or TypeBox schema; with a Standard Schema (zod...), declare the path in it (zod: z.string().meta({ format: 'path' })).`,
    );
  }
  let result = schema as JsonSchema;
  for (const name of names) {
    if (typeof name !== 'string' || name === '') throw new DecoratorUsageError(`${owner}: pathParams takes parameter names, got ${JSON.stringify(name)}.`);
    const marked = markAt(result, name.split('.'));
    if (marked === undefined) {
      throw new DecoratorUsageError(`${owner}: pathParams names '${name}', which is not a parameter of its schema (declare it in the parameters, or fix the name).`);
    }
    result = marked;
  }
  return result;
}

/** `node` with the property at `route` marked as a path, copied along the way; `undefined` when the route leads nowhere. */
function markAt(node: JsonSchema, route: readonly string[]): JsonSchema | undefined {
  const [key, ...rest] = route;
  // An array of objects: the route goes on through its items.
  if (!isObjectSchema(node.properties) && isObjectSchema(node.items)) {
    const items = markAt(node.items, route);
    return items && { ...node, items };
  }
  const properties = node.properties;
  if (!isObjectSchema(properties) || !Object.prototype.hasOwnProperty.call(properties, key)) return undefined;
  const child = properties[key];
  if (!isObjectSchema(child)) return undefined;
  const marked = rest.length === 0 ? markPath(child) : markAt(child, rest);
  return marked && { ...node, properties: { ...properties, [key]: marked } };
}
