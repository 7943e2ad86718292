import type { ToolResult } from '@victor-tools/core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { DEFAULT_MAX_TEXT_LENGTH, cutText } from './limits';

/** Options of `toCallToolResult`. */
export interface CallResultOptions {
  /** The most characters of text the result carries; longer text is cut and says so. 1,000,000 by default. */
  maxTextLength?: number;
  /** The tool's name, for the message of an output that cannot be sent. */
  toolName?: string;
}

/**
 * A `ToolResult` as an MCP `tools/call` result, always one that can be sent.
 * Success: the output as text (a string as it is, anything else as JSON)
 * and, for a plain object, as `structuredContent` too (a JSON copy, so what
 * the transport serializes is plain data). Failure: `isError: true` with the
 * registry's message, which the model reads and can act on. An output JSON
 * cannot carry (a BigInt, a cycle, a throwing `toJSON`) is a failure saying
 * why. Text over `maxTextLength` is cut with a note of how much, and then no
 * `structuredContent` is sent (it would be the same data, whole).
 */
export function toCallToolResult(result: ToolResult, options: CallResultOptions = {}): CallToolResult {
  const limit = options.maxTextLength ?? DEFAULT_MAX_TEXT_LENGTH;
  if (!result.success) return errorResult(result.error ?? 'Tool call failed', limit);
  const { output } = result;
  if (typeof output === 'string') return { content: [{ type: 'text', text: cutText(output, limit) }] };
  let json: string | undefined;
  try {
    json = JSON.stringify(output);
  } catch (error) {
    const who = options.toolName === undefined ? 'The tool' : `Tool '${options.toolName}'`;
    return errorResult(`${who} returned an output that cannot be sent as JSON: ${reasonOf(error)}`, limit);
  }
  // JSON.stringify answers undefined for undefined, functions and symbols.
  let text: string;
  try {
    text = json ?? String(output);
  } catch (error) {
    const who = options.toolName === undefined ? 'The tool' : `Tool '${options.toolName}'`;
    return errorResult(`${who} returned an output that cannot be sent as text: ${reasonOf(error)}`, limit);
  }
  const cut = cutText(text, limit);
  const callResult: CallToolResult = { content: [{ type: 'text', text: cut }] };
  if (cut === text && json !== undefined && isPlainObject(output)) {
    // A toJSON may turn the object into anything; only an object is structured content.
    const data = JSON.parse(json) as unknown;
    if (isPlainObject(data)) callResult.structuredContent = data;
  }
  return callResult;
}

/** A failed result with `message` as its text, cut to `limit`. */
export function errorResult(message: string, limit: number = DEFAULT_MAX_TEXT_LENGTH): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: cutText(message, limit) }] };
}

/** What a throwing `toJSON` or `toString` threw, on one line; never throws itself (a hostile value's `toString` may). */
function reasonOf(error: unknown): string {
  try {
    return (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ');
  } catch {
    return 'it threw a value that cannot be shown';
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
