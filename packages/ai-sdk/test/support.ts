// Tools and a scripted model shared by the AI SDK adapter's tests (not a test file).
import { MockLanguageModelV3 } from 'ai/test';
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
