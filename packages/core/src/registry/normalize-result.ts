import { ToolResult } from '../results';
import { errorMessage, errorName } from './describe-error';

const RESULT_KEYS = new Set(['success', 'output', 'error', 'metadata']);

/**
 * Whether `value` is a ToolResult made by another copy of core (or its
 * JSON): an object with a boolean `success` and no keys but the four of a
 * ToolResult. A tool's own `{ success, items }` output is not mistaken for one.
 */
function isForeignResult(value: unknown): value is { success: boolean; output?: unknown; error?: unknown; metadata?: unknown } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  if (typeof record.success !== 'boolean') return false;
  for (const key of Object.keys(record)) if (!RESULT_KEYS.has(key)) return false;
  if (record.error !== undefined && typeof record.error !== 'string') return false;
  return record.metadata === undefined || (record.metadata !== null && typeof record.metadata === 'object');
}

/**
 * The one rule for a tool's return value: a ToolResult passes through; an object whose only keys are
 * `success` (a boolean), `output`, `error` and `metadata` becomes that result; anything else `ToolResult.ok(value)`.
 */
export function toToolResult(value: unknown): ToolResult {
  if (value instanceof ToolResult) return value;
  if (isForeignResult(value)) {
    return new ToolResult({
      success: value.success,
      output: value.output,
      error: value.error as string | undefined,
      metadata: value.metadata as Record<string, unknown> | undefined,
    });
  }
  return ToolResult.ok(value);
}

/** Whether a hook's return value is a result that replaces the call's. */
export function isResultLike(value: unknown): boolean {
  return value instanceof ToolResult || isForeignResult(value);
}

/** The failed result of a tool that threw: `Tool execution failed: <message>`, `metadata.exception` = the error's name. */
export function thrownResult(error: unknown): ToolResult {
  return ToolResult.fail(`Tool execution failed: ${errorMessage(error)}`, { exception: errorName(error) });
}
