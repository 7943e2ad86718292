import type { ToolResult } from '@victor-tools/core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { outputJson, outputText } from '@victor-tools/providers/framework';
import { DEFAULT_MAX_TEXT_LENGTH, limitText } from './limits';
import { describeValue } from '@victor-tools/core/internal';

/** Options of `toCallToolResult`. */
export interface CallResultOptions {
  /** The most characters of text the result carries; longer text is cut and says so. 1,000,000 by default. */
  maxTextLength?: number;
  /** The tool's name, for the message of an output that cannot be sent. */
  toolName?: string;
  /**
   * The tool declares an output schema: its successful result must carry the
   * output as `structuredContent` (MCP), so an output that cannot be (not an
   * object, or over the limit) is a failed result saying why.
   */
  structured?: boolean;
}

type ContentBlock = CallToolResult['content'][number];

/** How much larger than `maxTextLength` the JSON of content blocks may be: what that much text can swell to. */
const CONTENT_JSON_FACTOR = 6;

/**
 * A `ToolResult` as an MCP `tools/call` result, always one that can be sent.
 * Success: the content blocks of a `ToolResult.withContent` result as they
 * are, else the output as text (a string as it is, anything else as JSON);
 * a plain-object output is also sent as `structuredContent` (a JSON copy, so
 * what the transport serializes is plain data). Failure: `isError: true`
 * with the registry's message, which the model reads and can act on. An
 * output JSON cannot carry (a BigInt, a cycle, a throwing `toJSON`) is a
 * failure saying why. Text over `maxTextLength` is cut with a note of how
 * much, and then no `structuredContent` is sent (it would be the same data,
 * whole), unless the tool declares an output schema (`structured`), where an
 * output too large to send is a failure.
 */
export function toCallToolResult(result: ToolResult, options: CallResultOptions = {}): CallToolResult {
  const limit = options.maxTextLength ?? DEFAULT_MAX_TEXT_LENGTH;
  if (!result.success) return errorResult(result.error ?? 'Tool call failed', limit);
  const who = options.toolName === undefined ? 'The tool' : `Tool '${options.toolName}'`;
  const { output } = result;

  let json: string | undefined;
  if (typeof output !== 'string' || options.structured) {
    // The same test and message as the framework adapters' (providers' outputJson).
    const sent = outputJson(output, { toolName: options.toolName });
    if (sent.error !== undefined) return errorResult(sent.error, limit);
    json = sent.json;
  }
  // A toJSON may turn the object into anything; only an object is structured content.
  const data = json !== undefined && isPlainObject(output) ? (JSON.parse(json) as unknown) : undefined;
  const structured = isPlainObject(data) ? data : undefined;
  if (options.structured) {
    if (structured === undefined) return errorResult(`${who} declares an output schema but returned ${describeValue(output)}, not an object`, limit);
    if (json!.length > limit) {
      return errorResult(`${who} returned a structured output of ${json!.length} characters of JSON, over the limit of ${limit}`, limit);
    }
  }

  if (result.content !== undefined) {
    const content = sendableContent(result.content, limit);
    if (typeof content === 'string') return errorResult(`${who} returned content that cannot be sent: ${content}`, limit);
    const callResult: CallToolResult = { content };
    if (structured !== undefined && json!.length <= limit) callResult.structuredContent = structured;
    return callResult;
  }

  // JSON.stringify answers undefined for undefined, functions and symbols: outputText gives their String().
  let text: string;
  if (json !== undefined && typeof output !== 'string') {
    text = json;
  } else {
    const sent = outputText(output, { toolName: options.toolName });
    if (sent.error !== undefined) return errorResult(sent.error, limit);
    text = sent.text;
  }
  const cut = limitText(text, limit);
  const callResult: CallToolResult = { content: [{ type: 'text', text: cut }] };
  if (cut === text && structured !== undefined) callResult.structuredContent = structured;
  return callResult;
}

/**
 * Content blocks as plain JSON data, each text cut to `limit`; or why they
 * cannot be sent (not JSON, or more JSON than `limit` characters of text can
 * swell to, e.g. a huge image).
 */
function sendableContent(blocks: readonly unknown[], limit: number): ContentBlock[] | string {
  let json: string;
  try {
    json = JSON.stringify(blocks.map((block) => cutBlockText(block, limit)));
  } catch (error) {
    return `it is not JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  const max = limit * CONTENT_JSON_FACTOR;
  if (json.length > max) return `${json.length} characters of JSON, over the limit of ${max}`;
  return JSON.parse(json) as ContentBlock[];
}

function cutBlockText(block: unknown, limit: number): unknown {
  if (isPlainObject(block) && block.type === 'text' && typeof block.text === 'string' && block.text.length > limit) {
    return { ...block, text: limitText(block.text, limit) };
  }
  return block;
}

/** A failed result with `message` as its text, cut to `limit`. */
export function errorResult(message: string, limit: number = DEFAULT_MAX_TEXT_LENGTH): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: limitText(message, limit) }] };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

