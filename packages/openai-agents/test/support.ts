// Tools and a fake model provider shared by the OpenAI Agents adapter's tests (not a test file).
import { Runner } from '@openai/agents';
import { ScriptedModel, assistantMessage, functionCall } from '@openai/agents/testing';
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
