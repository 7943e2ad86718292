import { ToolResult, ToolValidationResult } from '@victor-tools/core';
import type { ValidationIssue } from '@victor-tools/core/framework';
import { classValidatorBridge, toParamsInstance } from './class-validator-slot';
import type { BuiltParams } from './params-schema';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The arguments with each `Date` field's string (a checked date-time) turned
 * into a `Date`, as the field's type says, before class-validator (`@IsDate`)
 * and `execute` see them. A copy: the checked arguments stay as they were.
 */
function withDates(params: BuiltParams, args: Record<string, unknown>): Record<string, unknown> {
  if (params.dateFields === undefined || params.dateFields.length === 0) return args;
  const fields = params.dateFields.filter((field) => typeof args[field] === 'string');
  if (fields.length === 0) return args;
  const copy = { ...args };
  for (const field of fields) copy[field] = new Date(args[field] as string);
  return copy;
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
  const issues: ValidationIssue[] = [...base.issues];
  for (const problem of bridge.validate(params.paramsClass, withDates(params, args))) {
    const path = problem.path.split('.');
    if (base.invalidParams[path[0]!] !== undefined) continue;
    const message = `Validation error at '${problem.path}': ${problem.message}`;
    errors.push(message);
    invalidParams[path[0]!] ??= problem.constraint;
    // The same shape as the JSON Schema's issues, the constraint standing for the keyword.
    issues.push({ path, keyword: problem.constraint, message, params: {} });
  }
  return errors.length === 0 ? base : ToolValidationResult.failure(errors, invalidParams, issues, base.omittedIssues);
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
  const dated = withDates(params, args);
  if (params.classValidator) {
    const checked = withClassValidation(params, dated, ToolValidationResult.success());
    if (!checked.valid) {
      const error = `Invalid parameters for tool '${toolName}': ${checked.errors.join('; ')}`;
      return { refusal: ToolResult.fail(error, { invalidParams: checked.invalidParams, issues: checked.issues }) };
    }
  }
  return { args: toParamsInstance(params.paramsClass, dated) };
}
