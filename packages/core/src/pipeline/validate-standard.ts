import { freezePlainData } from '../freeze';
import { ToolResult } from '../results';
import { runStandardValidation, type StandardOutcome, type StandardSchemaV1 } from '../schema-input';
import { copyJson } from '../validation/json-copy';
import { isThenable, type StepAnswer, type ToolCall } from './tool-call';

/**
 * The Standard Schema step, right after `validate`: for a tool whose
 * parameters are a Standard Schema (zod, valibot, arktype), its library's own
 * `~standard.validate` runs on the copy ajv passed, so refinements JSON
 * Schema cannot express still apply (`Invalid parameters for tool 'x':
 * Validation error at 'end': <the library's message>`), and its output
 * (transforms applied) is what the hooks and the tool receive, while
 * `call.input` keeps the copy ajv passed (for an invoker that runs the tool
 * elsewhere, where the library checks it again). A library that
 * answers a promise (async refinements) is waited for, under the call's
 * timeout and the caller's signal, like any step.
 */
export function validateStandard(call: ToolCall): StepAnswer | Promise<StepAnswer> {
  const standard = call.entry.standard;
  return standard === undefined ? undefined : checkStandard(call, standard, call.args);
}

/**
 * Runs `standard` on `args` (already checked by ajv): the call goes on with
 * its output, deeply frozen where it is plain data, or answers the failure
 * (with `metadata.hook` when `hookName` names the before-hook whose
 * replacement is checked). The library gets a copy it may change: `args` is
 * frozen, and some libraries transform in place (arktype's morphs).
 */
export function checkStandard(call: ToolCall, standard: StandardSchemaV1, args: unknown, hookName?: string): StepAnswer | Promise<StepAnswer> {
  const outcome = runStandardValidation(standard, copyJson(args), call.host.validationOptions);
  return isThenable(outcome) ? outcome.then((settled) => take(call, settled, hookName)) : take(call, outcome, hookName);
}

function take(call: ToolCall, outcome: StandardOutcome, hookName: string | undefined): StepAnswer {
  if ('failure' in outcome) {
    const { errors, invalidParams, issues } = outcome.failure;
    const metadata: Record<string, unknown> = { invalidParams, issues };
    if (hookName !== undefined) metadata.hook = hookName;
    return ToolResult.fail(`Invalid parameters for tool '${call.name}': ${errors.join('; ')}`, metadata);
  }
  call.args = freezePlainData(outcome.value) as Readonly<Record<string, unknown>>;
  return undefined;
}
