import { plainToInstance } from 'class-transformer';
import { ToolResult, ToolValidationResult } from '@victor-tools/core';
import { runClassValidator } from './class-validator-bridge';
import type { BuiltParams } from './params-schema';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Adds class-validator's findings to a JSON Schema validation result, leaving
 * out parameters the schema already found wrong (one message per problem).
 */
export function withClassValidation(params: BuiltParams, args: unknown, base: ToolValidationResult): ToolValidationResult {
  if (!params.classValidator || !params.paramsClass || !isRecord(args)) return base;
  const errors = [...base.errors];
  const invalidParams = { ...base.invalidParams };
  for (const problem of runClassValidator(params.paramsClass, args)) {
    const top = problem.path.split('.')[0]!;
    if (base.invalidParams[top] !== undefined) continue;
    errors.push(`Validation error at '${problem.path}': ${problem.message}`);
    invalidParams[top] ??= problem.constraint;
  }
  return errors.length === 0 ? base : ToolValidationResult.failure(errors, invalidParams);
}

/**
 * The arguments `execute` receives: an instance of the params class (made by
 * class-transformer) when there is one, after class-validator, whose refusal
 * comes back as the registry's "Invalid parameters" failure.
 */
export function prepareArguments(toolName: string, params: BuiltParams, args: unknown): unknown {
  if (!params.paramsClass || !isRecord(args)) return args;
  if (params.classValidator) {
    const checked = withClassValidation(params, args, ToolValidationResult.success());
    if (!checked.valid) {
      return ToolResult.fail(`Invalid parameters for tool '${toolName}': ${checked.errors.join('; ')}`, {
        invalidParams: checked.invalidParams,
      });
    }
  }
  return plainToInstance(params.paramsClass as new () => object, args);
}

/** A tool's return value as a `ToolResult`: results pass through (failed ones too), anything else is wrapped. */
export function toToolResult(value: unknown): ToolResult {
  if (value instanceof ToolResult) return value;
  if (isRecord(value) && typeof value.success === 'boolean' && value.constructor?.name === 'ToolResult') {
    // A ToolResult from another copy of core.
    return new ToolResult(value as unknown as ConstructorParameters<typeof ToolResult>[0]);
  }
  return ToolResult.ok(value);
}
