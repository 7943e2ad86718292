// The JSON Schema shapes core reads and writes.

/**
 * A JSON Schema (Draft 7) object. TypeBox schemas are JSON Schemas and fit
 * here as they are.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  enum?: unknown[];
  description?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  [keyword: string]: unknown;
}

/**
 * A JSON Schema as a user may write it: `JsonSchema` with readonly arrays, so
 * that a schema declared `as const` (for its literal types) is taken where a
 * schema is given (`tool({ parameters })`, `@Tool({ params })`). Core never
 * changes a given schema.
 */
export interface ReadonlyJsonSchema {
  type?: string | readonly string[];
  properties?: { readonly [name: string]: ReadonlyJsonSchema };
  required?: readonly string[];
  items?: ReadonlyJsonSchema | readonly ReadonlyJsonSchema[];
  enum?: readonly unknown[];
  description?: string;
  default?: unknown;
  additionalProperties?: boolean | ReadonlyJsonSchema;
  anyOf?: readonly ReadonlyJsonSchema[];
  oneOf?: readonly ReadonlyJsonSchema[];
  allOf?: readonly ReadonlyJsonSchema[];
  format?: string;
  [keyword: string]: unknown;
}

/** The schema of a tool's parameters: an object schema. */
export interface ParametersSchema extends JsonSchema {
  type: 'object';
  properties?: Record<string, JsonSchema>;
}

/** The OpenAI-style function schema of `toJSONSchema()` and `toSchema(level)`. */
export interface ToolJSONSchema {
  type: 'function';
  function: {
    name: string;
    description: string;
    parameters: JsonSchema;
  };
}
