// Tools and a scripted chat model shared by the LangChain adapter's tests (not a test file).
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { StructuredToolInterface } from '@langchain/core/tools';

export { RecordingTool, readFile, writeFile, deleteFile, runCommand, quietLogger, registryWith, selectionRegistry } from '../../../test/support/adapter-tools';

/** One scripted model turn: tool calls, or a final text. */
export type Turn = { toolCalls: Array<{ id: string; name: string; args: Record<string, unknown> }> } | { text: string };

/**
 * A fake tool-calling chat model: each call answers the next scripted turn
 * and records the messages it was sent; `bindTools` records the tools.
 */
export class ScriptedChatModel extends BaseChatModel {
  readonly seen: BaseMessage[][] = [];
  /** The names of the tools bound when each call was made. */
  readonly offered: string[][] = [];
  bound: StructuredToolInterface[] = [];
  private next = 0;

  constructor(private readonly turns: Turn[]) {
    super({});
  }

  _llmType() {
    return 'scripted';
  }

  override bindTools(tools: StructuredToolInterface[]) {
    this.bound = tools;
    return this;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.seen.push(messages);
    this.offered.push(this.bound.map((tool) => tool.name));
    const turn = this.turns[this.next++];
    if (turn === undefined) throw new Error(`The model was called ${this.next} times; only ${this.turns.length} turns are scripted`);
    const message =
      'text' in turn
        ? new AIMessage(turn.text)
        : new AIMessage({ content: '', tool_calls: turn.toolCalls.map((call) => ({ ...call, type: 'tool_call' as const })) });
    return { generations: [{ message, text: typeof message.content === 'string' ? message.content : '' }] };
  }
}

/** The tool messages the model was sent in its `call`-th turn (0-based), as { name, status, content }. */
export function toolMessagesSentTo(model: ScriptedChatModel, call: number) {
  return (model.seen[call] ?? [])
    .filter((message) => message.getType() === 'tool')
    .map((message) => {
      const tool = message as BaseMessage & { name?: string; status?: string };
      return { name: tool.name, status: tool.status, content: tool.content };
    });
}
