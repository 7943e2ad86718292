import { errorMessage } from '../error-text';
import { ToolResult } from '../results';
// The one call site of the execute path into validation/.
import { InvalidArguments } from '../validation/compiled-schema';
import { getCompiledSchema } from '../validation/validator-cache';
import type { StepAnswer, ToolCall } from './tool-call';

/**
 * The validation step: `Invalid parameters for tool 'x': <errors joined by '; '>`,
 * with `metadata.invalidParams`; otherwise the call goes on with the validated copy.
 */
export function validate(call: ToolCall): StepAnswer {
  const checked = validateArgs(call, call.rawArgs);
  if (checked instanceof ToolResult) return checked;
  call.args = checked;
  call.input = checked;
  return undefined;
}

/**
 * The validated copy of `args` for the call's tool (defaults applied; the
 * tool never holds the caller's object), deeply frozen so that hooks,
 * approval and the tool see and run exactly what was checked; or the failed
 * result saying why not (with `metadata.hook` when `hookName` names the
 * before-hook that replaced the arguments).
 */
export function validateArgs(call: ToolCall, args: unknown, hookName?: string): Readonly<Record<string, unknown>> | ToolResult {
  const entry = call.entry;
  let checked;
  try {
    entry.compiled ??= getCompiledSchema(entry.parameters);
    checked = entry.compiled.check(args, call.host.validationOptions);
  } catch (error) {
    return invalid(call, errorMessage(error), { invalidParams: {} }, hookName);
  }
  if (!(checked instanceof InvalidArguments)) return deepFreeze(checked);
  const { result } = checked.failure;
  return invalid(call, result.errors.join('; '), { invalidParams: result.invalidParams, issues: result.issues }, hookName);
}

function invalid(call: ToolCall, problems: string, metadata: Record<string, unknown>, hookName: string | undefined): ToolResult {
  if (hookName !== undefined) metadata.hook = hookName;
  return ToolResult.fail(`Invalid parameters for tool '${call.name}': ${problems}`, metadata);
}

/**
 * Freezes `value` and every object and array inside it (a validated copy:
 * plain JSON, no cycles); linear, no recursion. Arrays are walked by index:
 * `for...in` would make a string of every index (a million for a million items).
 * Not `freezePlainData`: this copy needs none of its checks, and every call pays them.
 */
function deepFreeze<T extends object>(value: T): Readonly<T> {
  const stack: object[] = [value];
  while (stack.length > 0) {
    const node = stack.pop()! as Record<string, unknown>;
    Object.freeze(node);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const child: unknown = node[i];
        if (child !== null && typeof child === 'object') stack.push(child);
      }
    } else {
      for (const key in node) {
        const child = node[key];
        if (child !== null && typeof child === 'object') stack.push(child);
      }
    }
  }
  return value;
}
