import { errorMessage } from '../error-text';
import { ToolResult } from '../results';
import type { Hook } from './hook';

// The failed results the pipeline builds itself, worded in one place.

/** The result of a call the caller's signal stopped. */
export function cancelledResult(toolName: string, reason: unknown): ToolResult {
  return ToolResult.fail(`Tool '${toolName}' was cancelled`, { cancelled: true, reason: errorMessage(reason) });
}

/** The result of a call that outlived its timeout, counted from the call's start. */
export function timedOutResult(toolName: string, timeoutMs: number): ToolResult {
  return ToolResult.fail(`Tool '${toolName}' timed out after ${timeoutMs} ms`, { timedOut: true, timeoutMs });
}

/** The result of a call whose critical hook threw or rejected. */
export function criticalHookFailure(hook: Hook, toolName: string, error: unknown, phase: 'before' | 'after'): ToolResult {
  return ToolResult.fail(`Critical hook '${hook.name}' failed for tool '${toolName}': ${errorMessage(error)}`, {
    hook: hook.name,
    phase,
  });
}

/**
 * The result of a call broken by a hostile context, tool property or logger
 * (a throwing getter); `afterRun` when the tool had already run, so the
 * message does not claim it never did.
 */
export function internalFailure(toolName: string, error: unknown, afterRun = false): ToolResult {
  const what = afterRun ? 'ran, but the call could not be completed' : 'failed before it could run';
  return ToolResult.fail(`Tool '${toolName}' ${what}: ${errorMessage(error)}`, { exception: 'InternalError' });
}
