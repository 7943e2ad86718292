import { ToolResult, contentText, type ToolContentBlock } from '@victor-tools/core';
import { limitText } from '../limits';
import { describeValue } from '@victor-tools/core/internal';

/** The most characters of a server's error text a failed result carries. */
export const MAX_REMOTE_ERROR_LENGTH = 10_000;

/**
 * A server's `tools/call` result as a `ToolResult`, so that serving it again
 * over MCP gives the same answer. Success: the content blocks as they are
 * (`ToolResult.withContent`: text, images, audio, resources, links), the
 * output being the `structuredContent` when there is one, else the blocks'
 * text. `isError`: a failed result whose error is the blocks' text, which the
 * model reads. `who` names the tool in the messages of a malformed result.
 */
export function remoteToolResult(result: unknown, who: string): ToolResult {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) {
    return ToolResult.fail(`${who} answered with ${describeValue(result)}, not a tools/call result`);
  }
  const { content = [], structuredContent, isError } = result as { content?: unknown; structuredContent?: unknown; isError?: unknown };
  if (!Array.isArray(content) || !content.every(isContentBlock)) {
    return ToolResult.fail(`${who} answered content that is not a list of MCP content blocks (objects with a string 'type')`);
  }
  if (isError === true) {
    const text = contentText(content).trim();
    return ToolResult.fail(limitText(text === '' ? `${who} failed without saying why` : text, MAX_REMOTE_ERROR_LENGTH));
  }
  const structured = isPlainObject(structuredContent) ? structuredContent : undefined;
  return ToolResult.withContent(content, structured);
}

function isContentBlock(block: unknown): block is ToolContentBlock {
  return block !== null && typeof block === 'object' && typeof (block as { type?: unknown }).type === 'string';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
