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
