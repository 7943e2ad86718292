// OWNED BY the schema-levels helper: replace this stub (may become a folder).
import type { SchemaLevel } from './enums';
import type { ToolJSONSchema } from './types';

/** Renders a FULL function schema at `level`. */
export function renderSchema(schema: ToolJSONSchema, level: SchemaLevel): ToolJSONSchema {
  void level;
  return schema;
}

/** Tokens of the serialized schema, counted with a real tokenizer. */
export function estimateTokens(schema: unknown): number {
  return JSON.stringify(schema).length;
}
