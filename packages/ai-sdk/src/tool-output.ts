import type { JSONValue } from 'ai';
import type { ToolResult } from '@victor-tools/core';
import { resultText, toJsonValue } from '@victor-tools/providers/framework';

/**
 * What a victor tool's `execute` answers in the AI SDK: the call's
 * `ToolResult` as JSON data (an output that JSON cannot carry as it is, such
 * as a Map or a BigInt, becomes its text). The model is sent only `output`, or
 * `error` as an error result; the whole object stays in `toolResults` and in
 * UI messages for the program.
 */
export interface VictorToolOutput {
  success: boolean;
  output: JSONValue;
  error?: string;
  metadata?: { [key: string]: JSONValue };
}

/** The result as JSON data. */
export function toToolOutput(result: ToolResult): VictorToolOutput {
  const answer: VictorToolOutput = { success: result.success, output: toJsonValue(result.output) };
  if (result.error !== undefined) answer.error = result.error;
  if (result.metadata !== undefined) answer.metadata = toJsonValue(result.metadata) as { [key: string]: JSONValue };
  return answer;
}

/** What the model reads: the output (text as it is, JSON otherwise) or the error as an error result. */
export type ModelOutput = { type: 'text'; value: string } | { type: 'json'; value: JSONValue } | { type: 'error-text'; value: string };

/**
 * The model's view of a `VictorToolOutput`. It reads the object by shape,
 * because in a UI round trip it comes back as parsed JSON.
 */
export function toModelOutput(answer: unknown): ModelOutput {
  const result = (answer ?? {}) as Partial<VictorToolOutput>;
  if (result.success !== true) return { type: 'error-text', value: resultText(result) };
  const output = result.output ?? null;
  return typeof output === 'string' ? { type: 'text', value: output } : { type: 'json', value: output };
}
