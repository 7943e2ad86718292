import type { JsonSchema } from '../types';
import { ArgumentFailureBox, type CompiledSchema, type ValidationOptions, type ValidationOutcome } from './compiled-schema';
import { getCompiledSchema, type CompiledSchema as SchemaCompilation } from './validator-cache';

export { ArgumentFailureBox, type CompiledSchema, type ValidationOptions, type ValidationOutcome };

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

/**
 * The registry's call (kept for it; `getCompiledSchema(schema).check(args,
 * options)` is the same with every option): the validated copy itself on
 * success, an `ArgumentFailureBox` otherwise. `compiled` is the schema's
 * compiled form when the caller already holds it. Never throws.
 */
export function checkArguments(
  schema: JsonSchema,
  compiled: SchemaCompilation | undefined,
  args: unknown,
  coerce: boolean,
  nullAsAbsent = false,
): Record<string, unknown> | ArgumentFailureBox {
  return (compiled ?? getCompiledSchema(schema)).check(args, PRESETS[Number(coerce)][Number(nullAsAbsent)]);
}

/** The four option sets of `checkArguments`, made once rather than per call. */
const PRESETS: ReadonlyArray<readonly [ValidationOptions, ValidationOptions]> = [
  [Object.freeze({}), Object.freeze({ nullAsAbsent: true })],
  [Object.freeze({ coerce: true }), Object.freeze({ coerce: true, nullAsAbsent: true })],
];
