import { BaseTool, ToolResult, type JsonSchema, type ToolCallContext, type ToolMetadataInput } from '@victor-tools/core';

/** Reads a (fake) file: a required path, READONLY. */
export class ReadFileTool extends BaseTool {
  get name() {
    return 'read_file';
  }
  get description() {
    return 'Read a text file.';
  }
  get parameters(): JsonSchema {
    return { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false };
  }
  override get metadata(): ToolMetadataInput {
    return { accessMode: 'readonly' };
  }
  async execute(_ctx: ToolCallContext, args: Record<string, unknown>) {
    return ToolResult.ok(`contents of ${String(args.path)}`);
  }
}

/** Returns an object, to check structuredContent. */
export class StatTool extends BaseTool {
  get name() {
    return 'stat';
  }
  get description() {
    return 'Describe a file.';
  }
  get parameters(): JsonSchema {
    return { type: 'object', properties: { path: { type: 'string' }, follow: { type: 'boolean' } }, required: ['path'] };
  }
  override get metadata(): ToolMetadataInput {
    return { accessMode: 'readonly' };
  }
  override get isIdempotent() {
    return true;
  }
  async execute(_ctx: ToolCallContext, args: Record<string, unknown>) {
    return ToolResult.ok({ path: args.path, size: 42, followed: 'follow' in args ? args.follow : 'absent' });
  }
}

/** Writes: WRITE and danger MEDIUM. */
export class WriteFileTool extends BaseTool {
  get name() {
    return 'write_file';
  }
  get description() {
    return 'Write a text file.';
  }
  get parameters(): JsonSchema {
    return { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] };
  }
  override get metadata(): ToolMetadataInput {
    return { accessMode: 'write', dangerLevel: 'medium' };
  }
  async execute() {
    return ToolResult.fail('Disk is read-only');
  }
}

/** Waits until its signal aborts, and says whether it was aborted. */
export class WaitTool extends BaseTool {
  readonly started: Promise<void>;
  /** Resolves with whether the signal was aborted when the tool stopped waiting. */
  readonly finished: Promise<boolean>;
  private markStarted!: () => void;
  private markFinished!: (aborted: boolean) => void;

  constructor() {
    super();
    this.started = new Promise((resolve) => (this.markStarted = resolve));
    this.finished = new Promise((resolve) => (this.markFinished = resolve));
  }
  get name() {
    return 'wait';
  }
  get description() {
    return 'Wait until cancelled.';
  }
  get parameters(): JsonSchema {
    return { type: 'object', properties: {} };
  }
  async execute(ctx: ToolCallContext) {
    this.markStarted();
    await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
    this.markFinished(ctx.signal.aborted);
    return ToolResult.fail('cancelled');
  }
}

/** Answers whatever output it was built with (a BigInt, a cycle, 12 MB of text), READONLY. */
export class OutputTool extends BaseTool {
  constructor(
    private readonly output: () => unknown,
    private readonly toolName = 'output',
  ) {
    super();
  }
  get name() {
    return this.toolName;
  }
  get description() {
    return 'Return a fixed output.';
  }
  get parameters(): JsonSchema {
    return { type: 'object', properties: {} };
  }
  override get metadata(): ToolMetadataInput | undefined {
    return { accessMode: 'readonly' };
  }
  async execute() {
    return ToolResult.ok(this.output());
  }
}

/** Keeps the context of every call, READONLY; `step` is a progress parameter for loop detection. */
export class ContextSpyTool extends BaseTool {
  readonly contexts: ToolCallContext[] = [];
  get name() {
    return 'spy';
  }
  get description() {
    return 'Record the call context.';
  }
  get parameters(): JsonSchema {
    return { type: 'object', properties: { step: { type: 'string' } } };
  }
  override get metadata(): ToolMetadataInput {
    return { accessMode: 'readonly', progressParams: ['step'] };
  }
  async execute(ctx: ToolCallContext) {
    this.contexts.push(ctx);
    return ToolResult.ok('seen');
  }
}

/** Reports progress `count` times in a burst, waits `settleMs`, then reports once more after its result is due. */
export class ProgressTool extends BaseTool {
  /** Resolves once the tool made its late report (after it returned). */
  lateReport!: Promise<void>;
  get name() {
    return 'progress';
  }
  get description() {
    return 'Report progress.';
  }
  get parameters(): JsonSchema {
    return { type: 'object', properties: { count: { type: 'integer' }, settleMs: { type: 'integer' } }, required: ['count'] };
  }
  override get metadata(): ToolMetadataInput {
    return { accessMode: 'readonly' };
  }
  async execute(ctx: ToolCallContext, args: Record<string, unknown>) {
    const report = (ctx as { reportProgress?: (progress: number, total?: number, message?: string) => void }).reportProgress;
    const count = Number(args.count);
    for (let i = 1; i <= count; i++) report?.(i, count, `step ${i}`);
    await new Promise((resolve) => setTimeout(resolve, Number(args.settleMs ?? 0)));
    this.lateReport = new Promise((resolve) =>
      setTimeout(() => {
        report?.(count + 1, count, 'too late');
        resolve();
      }, 20),
    );
    return ToolResult.ok(`reported ${count}`);
  }
}

/** An `OutputTool` that declares no metadata at all, so no access mode. */
export class UndeclaredTool extends OutputTool {
  override get metadata(): ToolMetadataInput | undefined {
    return undefined;
  }
}

/** Answers `<server>:<text>`, counting its calls: which server answered, and what. */
export class EchoTool extends BaseTool {
  calls = 0;
  constructor(private readonly server = 'echo') {
    super();
  }
  get name() {
    return 'echo';
  }
  get description() {
    return 'Echo a text.';
  }
  get parameters(): JsonSchema {
    return { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false };
  }
  override get metadata(): ToolMetadataInput {
    return { accessMode: 'readonly' };
  }
  async execute(_ctx: ToolCallContext, args: Record<string, unknown>) {
    this.calls += 1;
    return ToolResult.ok(`${this.server}:${String(args.text)}`);
  }
}
