// Tools and a scripted chat model shared by the LangChain adapter's tests (not a test file).
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { AccessMode, BaseTool, DangerLevel, ToolResult, type JsonSchema, type ToolCallContext, type ToolMetadataInput } from '@victor-tools/core';

export interface Call {
  args: Record<string, unknown>;
  ctx: ToolCallContext;
}

/** A tool configured by options, recording its calls. */
export class RecordingTool extends BaseTool {
  readonly calls: Call[] = [];
  constructor(
    private readonly spec: {
      name: string;
      description?: string;
      parameters?: JsonSchema;
      metadata?: ToolMetadataInput;
      aliases?: string[];
      run?: (args: Record<string, unknown>, ctx: ToolCallContext) => unknown;
    },
  ) {
    super();
  }
  get name() {
    return this.spec.name;
  }
  get description() {
    return this.spec.description ?? `The ${this.spec.name} tool. It does one thing well.`;
  }
  get parameters(): JsonSchema {
    return this.spec.parameters ?? { type: 'object', properties: {} };
  }
  override get metadata() {
    return this.spec.metadata;
  }
  override get aliases() {
    return this.spec.aliases ?? [];
  }
  async execute(ctx: ToolCallContext, args: Record<string, unknown>): Promise<ToolResult> {
    this.calls.push({ args, ctx });
    const out = this.spec.run ? await this.spec.run(args, ctx) : `${this.spec.name} done`;
    return out instanceof ToolResult ? out : ToolResult.ok(out);
  }
}

export const readFile = () =>
  new RecordingTool({
    name: 'read_file',
    description: 'Read a UTF-8 text file and return its contents. Large files are cut at 1 MB.',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string', description: 'File to read' }, limit: { type: 'integer', minimum: 1 } },
      required: ['path'],
    },
    metadata: { accessMode: AccessMode.READONLY },
    aliases: ['cat'],
    run: (args) => `contents of ${String(args.path)}`,
  });

export const writeFile = () =>
  new RecordingTool({
    name: 'write_file',
    parameters: { type: 'object', properties: { path: { type: 'string' }, text: { type: 'string' } }, required: ['path', 'text'] },
    metadata: { accessMode: AccessMode.WRITE },
  });

export const deleteFile = () =>
  new RecordingTool({
    name: 'delete_file',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    metadata: { accessMode: AccessMode.WRITE, dangerLevel: DangerLevel.HIGH },
  });

export const runCommand = () =>
  new RecordingTool({
    name: 'run_command',
    parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
    metadata: { accessMode: AccessMode.EXECUTE },
  });

export const quietLogger = () => ({ debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() });

/** One scripted model turn: tool calls, or a final text. */
export type Turn = { toolCalls: Array<{ id: string; name: string; args: Record<string, unknown> }> } | { text: string };

/**
 * A fake tool-calling chat model: each call answers the next scripted turn
 * and records the messages it was sent; `bindTools` records the tools.
 */
export class ScriptedChatModel extends BaseChatModel {
  readonly seen: BaseMessage[][] = [];
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
