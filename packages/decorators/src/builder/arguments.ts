import { ToolResult, ToolValidationResult } from '@victor-tools/core';
import { classValidatorBridge, toParamsInstance } from './class-validator-slot';
import type { BuiltParams } from './params-schema';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Adds class-validator's findings to a JSON Schema validation result, leaving
 * out parameters the schema already found wrong (one message per problem).
 */
export function withClassValidation(params: BuiltParams, args: unknown, base: ToolValidationResult): ToolValidationResult {
  const bridge = classValidatorBridge();
  if (!params.classValidator || !params.paramsClass || bridge === undefined || !isRecord(args)) return base;
  const errors = [...base.errors];
  const invalidParams = { ...base.invalidParams };
  for (const problem of bridge.validate(params.paramsClass, args)) {
    const top = problem.path.split('.')[0]!;
    if (base.invalidParams[top] !== undefined) continue;
    errors.push(`Validation error at '${problem.path}': ${problem.message}`);
    invalidParams[top] ??= problem.constraint;
  }
  return errors.length === 0 ? base : ToolValidationResult.failure(errors, invalidParams);
}

/** The arguments a declared tool's code receives, or the failed result that stops the call. */
export type PreparedArguments = { readonly args: unknown } | { readonly refusal: ToolResult };

/**
 * The arguments `execute` receives: an instance of the params class when
 * there is one (by class-transformer with the class-validator bridge), after
 * class-validator, whose refusal comes back as the registry's "Invalid
 * parameters" failure.
 */
export function prepareArguments(toolName: string, params: BuiltParams, args: unknown): PreparedArguments {
  if (!params.paramsClass || !isRecord(args)) return { args };
  if (params.classValidator) {
    const checked = withClassValidation(params, args, ToolValidationResult.success());
    if (!checked.valid) {
      const error = `Invalid parameters for tool '${toolName}': ${checked.errors.join('; ')}`;
      return { refusal: ToolResult.fail(error, { invalidParams: checked.invalidParams }) };
    }
  }
  return { args: toParamsInstance(params.paramsClass, args) };
}
