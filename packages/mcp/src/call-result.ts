import type { ToolResult } from '@victor-tools/core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * A `ToolResult` as an MCP `tools/call` result. Success: the output as text
 * (a string as it is, anything else as JSON) and, for a plain object, as
 * `structuredContent` too. Failure: `isError: true` with the registry's
 * message, which the model reads and can act on.
 */
export function toCallToolResult(result: ToolResult): CallToolResult {
  if (!result.success) {
    return { isError: true, content: [{ type: 'text', text: result.error ?? 'Tool call failed' }] };
  }
  const { output } = result;
  const callResult: CallToolResult = { content: [{ type: 'text', text: outputText(output) }] };
  if (isPlainObject(output)) callResult.structuredContent = output;
  return callResult;
}

function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  try {
    return JSON.stringify(output) ?? String(output);
  } catch {
    // Circular structures and BigInts cannot be JSON; the model still gets something readable.
    return String(output);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
