import { ToolResult } from '../results';
// From the modules themselves, not the folder's index: TypeScript's CommonJS
// re-exports are getters, a call each time the hot path reads one.
import { ArgumentFailureBox, checkArguments } from '../validation/validate-arguments';
import { getCompiledSchema } from '../validation/validator-cache';
import { errorMessage } from './describe-error';
import type { PipelineHost } from './pipeline-host';
import type { ToolEntry } from './tool-entry';

/**
 * The validated copy of `args` for a call of `entry` (defaults applied; the
 * tool never holds the caller's object), or the failed result saying why
 * not, with `metadata.invalidParams` (and `metadata.hook` when `hookName`
 * names the before-hook that replaced the arguments).
 */
export function validateCall(
  host: PipelineHost,
  entry: ToolEntry,
  args: unknown,
  hookName?: string,
): Record<string, unknown> | ToolResult {
  let checked;
  try {
    let compiled = entry.compiled;
    if (compiled === undefined) {
      compiled = getCompiledSchema(entry.parameters);
      entry.compiled = compiled;
    }
    const options = host.validationOptions;
    checked = checkArguments(entry.parameters, compiled, args, options.coerce === true, options.nullAsAbsent === true);
  } catch (error) {
    return ToolResult.fail(prefix(entry) + errorMessage(error), withHook({ invalidParams: {} }, hookName));
  }
  if (!(checked instanceof ArgumentFailureBox)) return checked;
  const { result } = checked.failure;
  return ToolResult.fail(prefix(entry) + result.errors.join('; '), withHook({ invalidParams: result.invalidParams }, hookName));
}

function prefix(entry: ToolEntry): string {
  return `Invalid parameters for tool '${entry.name}': `;
}

function withHook(metadata: Record<string, unknown>, hookName: string | undefined): Record<string, unknown> {
  if (hookName !== undefined) metadata.hook = hookName;
  return metadata;
}
