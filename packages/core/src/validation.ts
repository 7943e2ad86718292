// OWNED BY the validation helper: replace this stub.
import { ToolValidationResult } from './results';
import type { JsonSchema } from './types';

/** Options of `validateArguments`. */
export interface ValidationOptions {
  /** Safe coercion of numeric strings and 'true'/'false', on the copy. */
  coerce?: boolean;
}

/** The result plus the copy of the arguments (defaults applied) handed to `execute`. */
export interface ValidationOutcome {
  result: ToolValidationResult;
  value: Record<string, unknown>;
}

/** Validates `args` against `schema` (compiled once, cached). Never mutates `args`. */
export function validateArguments(schema: JsonSchema, args: unknown, options: ValidationOptions = {}): ValidationOutcome {
  void schema;
  void options;
  return { result: ToolValidationResult.success(), value: { ...(args as object) } };
}
