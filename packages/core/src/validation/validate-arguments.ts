import type { JsonSchema } from '../json-schema';
import { InvalidArguments, type CompiledSchema, type ValidationOptions, type ValidationOutcome } from './compiled-schema';
import { getCompiledSchema } from './validator-cache';

export { InvalidArguments, type CompiledSchema, type ValidationOptions, type ValidationOutcome };

/**
 * Compiles `schema` once (JSON Schema Draft 7, ajv) and returns the handle
 * that validates calls' arguments against it. The same schema object (or an
 * equal one) gives the same handle while it is in use.
 */
export function compileSchema(schema: JsonSchema | boolean): CompiledSchema {
  return getCompiledSchema(schema);
}

/**
 * Validates `args` against `schema` with ajv (JSON Schema Draft 7): every
 * problem found, the first `maxErrors` (20) of them in messages a model can act
 * on and the rest counted, within `maxErrorChars` (2048) characters. The
 * schema is compiled on first use and reused. `args` is never mutated:
 * validation runs on a deep copy, which is returned as `value` with the
 * schema's defaults (and, with `coerce`, the safe coercions) applied. Never
 * throws, whatever `args` is.
 */
export function validateArguments(schema: JsonSchema, args: unknown, options: ValidationOptions = {}): ValidationOutcome {
  return getCompiledSchema(schema).validate(args, options);
}
