import type { JSONValue } from 'ai';
import type { ToolResult } from '@victor-tools/core';
import { DEFAULT_MAX_TEXT_LENGTH, limitText, outputJson, resultReply, toJsonValue } from '@victor-tools/providers/framework';

/**
 * What a victor tool's `execute` answers in the AI SDK: the call's
 * `ToolResult` as JSON data. An output JSON cannot carry (a BigInt, a cycle,
 * a throwing getter or `toJSON`, a value nested too deep) makes it a failed
 * result saying why, as the MCP server answers it; metadata JSON cannot carry
 * is left out. The model is sent only `output`, or `error` as an error
 * result; the whole object stays in `toolResults` and in UI messages for the
 * program.
 */
export interface VictorToolOutput {
  success: boolean;
  output: JSONValue;
  error?: string;
  metadata?: { [key: string]: JSONValue };
}

/** The result as JSON data; never throws. */
export function toToolOutput(result: ToolResult, toolName?: string): VictorToolOutput {
  let answer: VictorToolOutput;
  if (result.success) {
    const sent = outputJson(result.output, { toolName });
    answer =
      sent.error !== undefined
        ? { success: false, output: null, error: sent.error }
        : { success: true, output: sent.json === undefined ? null : (JSON.parse(sent.json) as JSONValue) };
  } else {
    answer = { success: false, output: toJsonValue(result.output) ?? null };
    if (result.error !== undefined) answer.error = result.error;
  }
  const metadata = result.metadata === undefined ? undefined : toJsonValue(result.metadata);
  if (metadata !== undefined && metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata)) answer.metadata = metadata;
  return answer;
}

/** What the model reads: the output (text as it is, JSON otherwise) or the error as an error result. */
export type ModelOutput = { type: 'text'; value: string } | { type: 'json'; value: JSONValue } | { type: 'error-text'; value: string };

/**
 * The model's view of a `VictorToolOutput`, as every door gives it (see
 * providers' `resultReply`): the output, or the error as an error result;
 * an output that cannot be sent is an error saying why, and one whose text
 * is over the limit is sent as its text, cut with a note of how much. It
 * reads the object by shape, because in a UI round trip it comes back as
 * parsed JSON; it never throws.
 */
export function toModelOutput(answer: unknown, toolName?: string): ModelOutput {
  const result = (answer ?? {}) as Partial<VictorToolOutput>;
  let output: unknown;
  try {
    output = result.success === true ? (result.output ?? null) : undefined;
  } catch {
    output = undefined; // resultReply says why
  }
  if (output === undefined || typeof output === 'string') {
    const reply = resultReply(result, { toolName });
    return reply.success ? { type: 'text', value: reply.text } : { type: 'error-text', value: reply.text };
  }
  const sent = outputJson(output, { toolName });
  if (sent.error !== undefined) return { type: 'error-text', value: limitText(sent.error) };
  if (sent.json === undefined) return { type: 'json', value: null };
  // Over the limit: the JSON as text, cut with a note, as the MCP server sends it.
  if (sent.json.length > DEFAULT_MAX_TEXT_LENGTH) return { type: 'text', value: limitText(sent.json) };
  return { type: 'json', value: JSON.parse(sent.json) as JSONValue };
}
