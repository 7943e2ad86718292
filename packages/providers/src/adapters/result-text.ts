import { cutText } from '@victor-tools/core/internal';

/** JSON data: what `toJsonValue` answers. */
export type JsonValue = null | string | number | boolean | JsonValue[] | { [key: string]: JsonValue };

/** The text of a failed result that carries no message of its own. */
const FAILED_CALL = 'Tool call failed';

/**
 * The most characters of text one answer carries (a tool's output, an error
 * message), at every door: the MCP server, the framework adapters. The
 * official MCP client drops a connection on a stdio line over 10 MB;
 * 1,000,000 characters stay well under that even when JSON escaping swells
 * every character to six, and are more than any model reads.
 */
export const DEFAULT_MAX_TEXT_LENGTH = 1_000_000;

/**
 * `text` when it has at most `limit` characters; otherwise cut, followed by a
 * line saying how much was cut, the whole at most `limit` characters (for a
 * limit longer than that line). The line counts, so a text cut here passes a
 * second hop with the same limit (a gateway in front of a server) unchanged,
 * still saying how much the first cut left out. Never splits a surrogate pair.
 */
export function limitText(text: string, limit: number = DEFAULT_MAX_TEXT_LENGTH): string {
  if (text.length <= limit) return text;
  const note = (cut: number, length: number): string => `\n[cut: ${cut} of ${length} characters left out, over the limit of ${limit}]`;
  // The line is longest when everything is cut: room for that is kept.
  return cutText(text, Math.max(0, limit - note(text.length, text.length).length), note);
}

/** Options of `resultReply`, `resultText` and `outputText`. */
export interface ResultTextOptions {
  /** The tool's name, for the message of an output that cannot be sent ("Tool 'x' returned ..."). */
  toolName?: string;
  /** The most characters of text the answer carries; longer text is cut and says so. `DEFAULT_MAX_TEXT_LENGTH` by default. */
  maxTextLength?: number;
}

/** What a model reads of a call's result: its text, and whether it is a failure. */
export interface ResultReply {
  /** False for a failed call, and for a successful one whose output cannot be sent. */
  success: boolean;
  /** The output as text, or the failure's message; never over the limit. */
  text: string;
}

/**
 * What a model reads of a call's result, the same at every door: the output
 * as text (`outputText`) when it succeeded, else its error message. A
 * successful call whose output cannot be sent (a BigInt, a cycle, a throwing
 * getter or `toJSON`, a value nested too deep for JSON) is a failure saying
 * why, as the MCP server answers it. Text over `maxTextLength` is cut with a
 * note of how much. Takes any result-shaped object (a `ToolResult`, or its
 * JSON read back), reads it by shape, and never throws.
 */
export function resultReply(
  result: { readonly success?: unknown; readonly output?: unknown; readonly error?: unknown },
  options: ResultTextOptions = {},
): ResultReply {
  const limit = options.maxTextLength ?? DEFAULT_MAX_TEXT_LENGTH;
  let success: unknown;
  let output: unknown;
  let error: unknown;
  try {
    ({ success, output, error } = result);
  } catch (thrown) {
    return { success: false, text: limitText(`${who(options.toolName)} returned a result that cannot be read: ${reasonOf(thrown)}`, limit) };
  }
  if (success !== true) return { success: false, text: limitText(typeof error === 'string' ? error : FAILED_CALL, limit) };
  const sent = outputText(output, options);
  return sent.error === undefined ? { success: true, text: limitText(sent.text, limit) } : { success: false, text: limitText(sent.error, limit) };
}

/** The text of `resultReply`: the output as text on success, else the failure's message. Never throws. */
export function resultText(
  result: { readonly success?: unknown; readonly output?: unknown; readonly error?: unknown },
  options: ResultTextOptions = {},
): string {
  return resultReply(result, options).text;
}

/**
 * A tool's output as the text of a message: a string as it is, anything else
 * as JSON (`outputJson`), `'undefined'` for `undefined`; or, as `error`, why
 * it cannot be sent (a function or a symbol among them).
 * Not cut (`resultReply` cuts). Never throws.
 */
export function outputText(output: unknown, options: Pick<ResultTextOptions, 'toolName'> = {}): { text: string; error?: undefined } | { error: string; text?: undefined } {
  if (typeof output === 'string') return { text: output };
  const sent = outputJson(output, options);
  if (sent.error !== undefined) return sent;
  if (sent.json !== undefined) return { text: sent.json };
  try {
    return { text: String(output) };
  } catch (thrown) {
    return { error: `${who(options.toolName)} returned an output that cannot be sent as text: ${reasonOf(thrown)}` };
  }
}

/**
 * A tool's output as JSON text, what every door sends: `json` (undefined
 * for `undefined`, which JSON has no text for), or `error`, the message of a
 * failed result when JSON cannot carry the output (a function, a symbol, a
 * BigInt, a cycle, a throwing getter, `toJSON` or Proxy, a value nested too
 * deep, one too large for a string): "Tool 'x' returned an output that
 * cannot be sent as JSON: <why>". Never throws; no recursion of its own, so
 * a deeply nested value cannot overflow the stack.
 */
export function outputJson(output: unknown, options: Pick<ResultTextOptions, 'toolName'> = {}): { json: string | undefined; error?: undefined } | { error: string; json?: undefined } {
  // A function or a symbol has no JSON; its String() would send a function's source code to the model.
  if (typeof output === 'function' || typeof output === 'symbol') {
    return { error: `${who(options.toolName)} returned an output that cannot be sent as JSON: ${typeof output === 'function' ? 'a function' : 'a symbol'} is not a JSON value` };
  }
  try {
    return { json: JSON.stringify(output) as string | undefined };
  } catch (thrown) {
    return { error: `${who(options.toolName)} returned an output that cannot be sent as JSON: ${reasonOf(thrown)}` };
  }
}

/**
 * A value as JSON data: `null` for `undefined` (and for a function or a
 * symbol), a JSON copy otherwise; `undefined` when JSON cannot carry it (see
 * `outputJson`). Never throws.
 */
export function toJsonValue(value: unknown): JsonValue | undefined {
  if (value === undefined || value === null || typeof value === 'function' || typeof value === 'symbol') return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  const sent = outputJson(value);
  if (sent.error !== undefined) return undefined;
  return sent.json === undefined ? null : (JSON.parse(sent.json) as JsonValue);
}

function who(toolName: string | undefined): string {
  return toolName === undefined ? 'The tool' : `Tool '${toolName}'`;
}

/** What a throwing `toJSON`, getter or `toString` threw, on one line; never throws itself (a hostile value's `toString` may). */
function reasonOf(error: unknown): string {
  try {
    return (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ');
  } catch {
    return 'it threw a value that cannot be shown';
  }
}
