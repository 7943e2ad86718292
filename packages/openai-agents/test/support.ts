// Tools and a fake model provider shared by the OpenAI Agents adapter's tests (not a test file).
import { Runner } from '@openai/agents';
import { ScriptedModel, assistantMessage, functionCall } from '@openai/agents/testing';

export { RecordingTool, readFile, writeFile, deleteFile, runCommand, quietLogger, toolAbortingItsCaller, registryWith, selectionRegistry } from '../../../test/support/adapter-tools';

/** One scripted model turn: function calls, or a final text. */
export type Turn = { calls: Array<{ id: string; name: string; args: Record<string, unknown> }> } | { text: string };

/** A ScriptedModel answering the turns, and a Runner whose model provider hands it out for every agent. */
export function scriptedRun(turns: Turn[]) {
  const model = new ScriptedModel(
    turns.map((turn) => ('text' in turn ? [assistantMessage(turn.text)] : turn.calls.map((c) => functionCall(c.name, c.args, { callId: c.id })))),
  );
  const runner = new Runner({ modelProvider: { getModel: async () => model }, tracingDisabled: true });
  return { model, runner };
}

/** The function-call outputs the model was sent in its `call`-th request (0-based), as { callId, output }. */
export function outputsSentTo(model: ScriptedModel, call: number): Array<{ callId: string; output: unknown }> {
  const input = model.calls[call]?.request.input;
  if (!Array.isArray(input)) return [];
  return input.flatMap((item) => (item.type === 'function_call_result' ? [{ callId: item.callId, output: item.output }] : []));
}
