import { BaseTool, ToolResult, type JsonSchema, type ToolCallContext, type ToolMetadataInput } from '@victor-tools/core';

/** How a feature tool is built. */
export interface FeatureToolSpec {
  name: string;
  parameters?: JsonSchema;
  outputSchema?: JsonSchema;
  run: (ctx: ToolCallContext, args: Record<string, unknown>) => unknown;
}

/** A READONLY BaseTool from a spec, keeping the context of its last call. */
export class FeatureTool extends BaseTool {
  lastContext: ToolCallContext | undefined;
  constructor(private readonly spec: FeatureToolSpec) {
    super();
  }
  get name() {
    return this.spec.name;
  }
  get description() {
    return `The ${this.spec.name} tool.`;
  }
  get parameters(): JsonSchema {
    return this.spec.parameters ?? { type: 'object', properties: {} };
  }
  override get outputSchema(): JsonSchema | undefined {
    return this.spec.outputSchema;
  }
  override get metadata(): ToolMetadataInput {
    return { accessMode: 'readonly' };
  }
  async execute(ctx: ToolCallContext, args: Record<string, unknown>): Promise<ToolResult> {
    this.lastContext = ctx;
    return (await this.spec.run(ctx, args)) as ToolResult;
  }
}

/**
 * A long tool: reports progress every 50 ms until `ms` passed (then answers
 * 'finished') or its signal aborts (then it records when, and answers
 * 'aborted'). `started` resolves once it runs.
 */
export class SlowTool extends FeatureTool {
  abortedAt: number | undefined;
  started: Promise<void>;
  private markStarted!: () => void;

  constructor() {
    super({
      name: 'slow',
      parameters: { type: 'object', properties: { ms: { type: 'integer' } } },
      run: (ctx, args) => this.work(ctx, Number(args.ms ?? 30_000)),
    });
    this.started = new Promise((resolve) => (this.markStarted = resolve));
  }

  private work(ctx: ToolCallContext, ms: number): Promise<ToolResult> {
    this.markStarted();
    return new Promise((resolve) => {
      let step = 0;
      const tick = setInterval(() => ctx.reportProgress(++step, undefined, `step ${step}`), 50);
      const done = setTimeout(() => finish('finished'), ms);
      const finish = (how: string) => {
        clearInterval(tick);
        clearTimeout(done);
        resolve(ToolResult.ok(how));
      };
      ctx.signal.addEventListener('abort', () => {
        this.abortedAt = Date.now();
        finish('aborted');
      });
    });
  }
}

/** Reports 0, 50 and 100 of 100, 50 ms apart (the conformance suite's `test_tool_with_progress`). */
export function progressTool(): FeatureTool {
  return new FeatureTool({
    name: 'three_steps',
    run: async (ctx) => {
      for (const progress of [0, 50, 100]) {
        if (progress > 0) await new Promise((resolve) => setTimeout(resolve, 50));
        ctx.reportProgress(progress, 100, `at ${progress}`);
      }
      return 'three steps done';
    },
  });
}

/** Counts words, declaring `{ count: integer }` as its output; `lie: true` breaks the schema. */
export function countWordsTool(): FeatureTool {
  return new FeatureTool({
    name: 'count_words',
    parameters: { type: 'object', properties: { text: { type: 'string' }, lie: { type: 'boolean' } }, required: ['text'] },
    outputSchema: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'], additionalProperties: false },
    run: (_ctx, args) => (args.lie ? { count: 'many' } : { count: String(args.text).split(/\s+/).filter(Boolean).length }),
  });
}

/** The smallest PNG: one red pixel. */
export const RED_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
