import { errorMessage, errorName } from '../error-text';
import { ToolResult } from '../results';

const RESULT_KEYS = new Set(['success', 'output', 'error', 'metadata']);

/**
 * Whether `value` is a ToolResult made by another copy of core (or its
 * JSON, or a literal such as `{ success: false, error: 'boom' }`): an object
 * with a boolean `success` and no own keys but the four of a ToolResult,
 * `error` a string when present and `metadata` an object. A tool's own
 * `{ success, items }` output is not mistaken for one.
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
 * The one result rule, for whatever a tool (or an invoker, or an after-hook)
 * answers: a `ToolResult` passes through as it is (failed ones too); a
 * result-shaped object (see `isForeignResult`) becomes that result; a
 * generator (a generator function's) is a failure, for a call answers once;
 * any other value becomes `ToolResult.ok(value)`. Never throws: a value whose
 * getters throw gives the failed result of a throwing tool.
 */
export function toToolResult(value: unknown): ToolResult {
  try {
    if (value instanceof ToolResult) return value;
    if (isForeignResult(value)) {
      return new ToolResult({
        success: value.success,
        output: value.output,
        error: value.error as string | undefined,
        metadata: value.metadata as Record<string, unknown> | undefined,
      });
    }
    // A generator (what a generator function returns) holds no answer yet; as an output it would read as `{}`.
    if (isGenerator(value)) return thrownResult(new TypeError(`the tool returned ${value[Symbol.toStringTag] === 'AsyncGenerator' ? 'an async generator' : 'a generator'}: a tool answers each call once, with its final value`));
    return ToolResult.ok(value);
  } catch (error) {
    return thrownResult(error);
  }
}

function isGenerator(value: unknown): value is { [Symbol.toStringTag]: string } {
  if (value === null || typeof value !== 'object') return false;
  const tag = Object.prototype.toString.call(value);
  return tag === '[object AsyncGenerator]' || tag === '[object Generator]';
}

/** Whether a hook's return value is a result that replaces the call's. */
export function isResultLike(value: unknown): boolean {
  try {
    return value instanceof ToolResult || isForeignResult(value);
  } catch {
    return false;
  }
}

/** The failed result of a tool that threw: `Tool execution failed: <message>`, `metadata.exception` = the error's name. */
export function thrownResult(error: unknown): ToolResult {
  return ToolResult.fail(`Tool execution failed: ${errorMessage(error)}`, { exception: errorName(error) });
}
