import { ToolValidationResult } from '../results';
import type { JsonSchema } from '../types';
import { coerceArguments } from './coerce';
import { describeErrors, jsonTypeOf, type ArgumentProblem } from './error-messages';
import { copyArguments, NonJsonArgumentError, toPlainObjects, type JsonCopy } from './json-copy';
import { getCompiledSchema } from './validator-cache';

/** Options of `validateArguments`. */
export interface ValidationOptions {
  /** Safe coercion of numeric strings and 'true'/'false', on the copy (never inside anyOf/oneOf). */
  coerce?: boolean;
}

/** The result plus the copy of the arguments (defaults applied) handed to `execute`. */
export interface ValidationOutcome {
  result: ToolValidationResult;
  value: Record<string, unknown>;
}

/**
 * Validates `args` against `schema` with ajv (JSON Schema Draft 7), every
 * error collected, in the messages of SPEC section 4. The schema is compiled
 * on first use and reused. `args` is never mutated: validation runs on a deep
 * copy, which is returned as `value` with the schema's defaults (and, with
 * `coerce`, the safe coercions) applied. Never throws, whatever `args` is.
 */
export function validateArguments(schema: JsonSchema, args: unknown, options: ValidationOptions = {}): ValidationOutcome {
  const input = args === undefined ? {} : args;
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return failure([{ message: `Parameters must be an object, got ${jsonTypeOf(input)}`, reason: 'not an object' }]);
  }

  let data: JsonCopy;
  try {
    data = copyArguments(input);
  } catch (err) {
    if (err instanceof NonJsonArgumentError) {
      return failure([{ message: err.message, param: err.path[0], reason: 'not JSON-serializable' }]);
    }
    // A throwing getter or Proxy trap in the caller's object.
    const detail = err instanceof Error ? err.message : String(err);
    return failure([{ message: `Parameters could not be read: ${detail}`, reason: 'unreadable' }]);
  }

  const compiled = getCompiledSchema(schema);
  if (compiled.error !== undefined) return failure([{ message: compiled.error, reason: 'invalid schema' }], data);

  if (options.coerce) data = coerceArguments(schema, data);
  const valid = compiled.validate(data);
  if (valid) return { result: ToolValidationResult.success(), value: toPlainObjects(data) as Record<string, unknown> };
  return failure(describeErrors(compiled.validate.errors ?? [], data), data);
}

function failure(problems: ArgumentProblem[], data?: JsonCopy): ValidationOutcome {
  const invalidParams: Record<string, string> = {};
  for (const problem of problems) {
    if (problem.param !== undefined && !Object.prototype.hasOwnProperty.call(invalidParams, problem.param)) {
      defineEntry(invalidParams, problem.param, problem.reason);
    }
  }
  const value = data !== undefined && data !== null && typeof data === 'object' && !Array.isArray(data) ? data : {};
  return {
    result: ToolValidationResult.failure(
      problems.map((p) => p.message),
      invalidParams,
    ),
    value: toPlainObjects(value) as Record<string, unknown>,
  };
}

/** `invalidParams` may be keyed by a hostile name such as `__proto__`: define, never assign. */
function defineEntry(target: Record<string, string>, key: string, value: string): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
