// Tools and a scripted model shared by the AI SDK adapter's tests (not a test file).
import type { ToolSet } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

export { RecordingTool, readFile, writeFile, deleteFile, runCommand, quietLogger, toolAbortingItsCaller, registryWith, selectionRegistry } from '../../../test/support/adapter-tools';

type Step = { toolCalls: Array<{ id: string; name: string; args: unknown }> } | { text: string };

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** A MockLanguageModelV3 that answers each model call with the next scripted step. */
export function scriptedModel(steps: Step[]): MockLanguageModelV3 {
  let next = 0;
  return new MockLanguageModelV3({
    doGenerate: async () => {
      const step = steps[next++];
      if (step === undefined) throw new Error(`The model was called ${next} times; only ${steps.length} steps are scripted`);
      if ('text' in step) {
        return { content: [{ type: 'text', text: step.text }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
      }
      return {
        content: step.toolCalls.map((call) => ({ type: 'tool-call' as const, toolCallId: call.id, toolName: call.name, input: JSON.stringify(call.args) })),
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage,
        warnings: [],
      };
    },
  });
}

/** The tool-result parts the model was sent in its `call`-th prompt (0-based). */
export function toolResultsSentTo(model: MockLanguageModelV3, call: number): Array<{ toolName: string; output: unknown }> {
  const prompt = model.doGenerateCalls[call]?.prompt ?? [];
  return prompt.flatMap((message) =>
    message.role === 'tool' ? message.content.flatMap((part) => (part.type === 'tool-result' ? [{ toolName: part.toolName, output: part.output }] : [])) : [],
  );
}

/** What the SDK passes a tool's `execute` and `needsApproval` outside a model call: AI SDK 7 adds `context`, which 6 does not know. */
export type CallOptions = Parameters<NonNullable<ToolSet[string]['execute']>>[1];

/** Call options for invoking a tool directly in a test, valid for AI SDK 6 and 7. */
export function callOptions(toolCallId: string): CallOptions {
  return { toolCallId, messages: [], context: undefined } as unknown as CallOptions;
}
