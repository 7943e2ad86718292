import { ToolValidationResult } from '../results';
import type { JsonSchema } from '../types';
import { coerceArguments } from './coerce';
import { describeErrors, jsonTypeOf, type ArgumentProblem } from './error-messages';
import { copyArguments, copyJson, NonJsonArgumentError, toPlainObjects, type JsonCopy } from './json-copy';
import { dropNullsInPlace } from './null-optionals';
import { getCompiledSchema, type CompiledSchema } from './validator-cache';

/** Options of `validateArguments`. */
export interface ValidationOptions {
  /** Safe coercion of numeric strings and 'true'/'false', on the copy (never inside anyOf/oneOf). */
  coerce?: boolean;
  /**
   * Take a `null` for an optional, non-nullable property as absent (removed
   * from the copy before validation, so defaults apply), as OpenAI strict-mode
   * models send null for what they would leave out (see `dropNullOptionals`).
   * Off by default here, so this function and `BaseTool.validateParameters*`
   * give JSON Schema's own verdict; `ToolRegistry` turns it on by default.
   */
  nullAsAbsent?: boolean;
}

/** The result plus the copy of the arguments (defaults applied) handed to `execute`. */
export interface ValidationOutcome {
  result: ToolValidationResult;
  value: Record<string, unknown>;
}

/**
 * Validates `args` against `schema` with ajv (JSON Schema Draft 7), every
 * error collected, in messages a model can act on. The schema is compiled
 * on first use and reused. `args` is never mutated: validation runs on a deep
 * copy, which is returned as `value` with the schema's defaults (and, with
 * `coerce`, the safe coercions) applied. Never throws, whatever `args` is.
 */
export function validateArguments(schema: JsonSchema, args: unknown, options: ValidationOptions = {}): ValidationOutcome {
  const checked = checkArguments(schema, undefined, args, options.coerce === true, options.nullAsAbsent === true);
  return checked instanceof ArgumentFailureBox ? checked.failure : { result: ToolValidationResult.success(), value: checked };
}

/** Wraps a failure (what was wrong, and the copy checked) so a successful copy (any plain object) can never be mistaken for one. */
export class ArgumentFailureBox {
  constructor(readonly failure: ValidationOutcome) {}
}

/**
 * The hot path behind `validateArguments`, for the registry: the validated
 * copy itself on success (no result object is built), an `ArgumentFailureBox`
 * otherwise. `compiled` is the schema's validator when the caller already
 * holds it (from `getCompiledSchema`), saving the cache lookup. Never throws.
 */
export function checkArguments(
  schema: JsonSchema,
  compiled: CompiledSchema | undefined,
  args: unknown,
  coerce: boolean,
  nullAsAbsent = false,
): Record<string, unknown> | ArgumentFailureBox {
  const input = args === undefined ? {} : args;
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return failure([{ message: `Parameters must be an object, got ${jsonTypeOf(input)}`, reason: 'not an object' }]);
  }
  const validator = compiled ?? getCompiledSchema(schema);
  // Ordinary objects when the schema allows it (ajv is much faster on them), null-prototype ones otherwise.
  const plain = validator.plainData;

  let data: JsonCopy;
  try {
    data = (plain ? copyJson(input, validator.shapes) : copyArguments(input)) as JsonCopy;
  } catch (err) {
    if (err instanceof NonJsonArgumentError) {
      return failure([{ message: err.message, param: err.path[0], reason: 'not JSON-serializable' }]);
    }
    // A throwing getter or Proxy trap in the caller's object.
    const detail = err instanceof Error ? err.message : String(err);
    return failure([{ message: `Parameters could not be read: ${detail}`, reason: 'unreadable' }]);
  }

  if (validator.error !== undefined) return failure([{ message: validator.error, reason: 'invalid schema' }], data, plain);

  // On the private copy only: the caller's object keeps its nulls.
  if (nullAsAbsent && validator.nulls !== undefined) dropNullsInPlace(validator.nulls, data);
  if (coerce) data = coerceArguments(schema, data);
  if (validator.validate(data)) return (plain ? data : toPlainObjects(data)) as Record<string, unknown>;
  return failure(describeErrors(validator.validate.errors ?? [], data), data, plain);
}

function failure(problems: ArgumentProblem[], data?: JsonCopy, plain = false): ArgumentFailureBox {
  const invalidParams: Record<string, string> = {};
  for (const problem of problems) {
    if (problem.param !== undefined && !Object.prototype.hasOwnProperty.call(invalidParams, problem.param)) {
      defineEntry(invalidParams, problem.param, problem.reason);
    }
  }
  const copy = data !== undefined && data !== null && typeof data === 'object' && !Array.isArray(data) ? data : {};
  return new ArgumentFailureBox({
    result: ToolValidationResult.failure(
      problems.map((p) => p.message),
      invalidParams,
    ),
    value: (plain ? copy : toPlainObjects(copy)) as Record<string, unknown>,
  });
}

/** `invalidParams` may be keyed by a hostile name such as `__proto__`: define, never assign. */
function defineEntry(target: Record<string, string>, key: string, value: string): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
