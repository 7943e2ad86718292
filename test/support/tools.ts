// Test tools shared by the suites of several packages and the SPEC contract tests (not a test file):
// a BaseTool subclass configured by options, and a logger that says nothing.
import { BaseTool, CostTier, ToolResult, type JsonSchema, type ToolCallContext, type ToolMetadataInput } from '@victor-tools/core';
import { quietLogger } from './logger';

export interface TestToolOptions {
  name: string;
  description?: string;
  parameters?: JsonSchema;
  costTier?: CostTier;
  metadata?: ToolMetadataInput;
  aliases?: string[];
  timeoutMs?: number;
  available?: () => boolean;
  idempotent?: boolean;
  run?: (args: Record<string, unknown>, ctx: ToolCallContext) => unknown;
}

/** A BaseTool subclass configured by options, as a user would write one. */
export class TestTool extends BaseTool {
  calls: Array<{ args: Record<string, unknown>; ctx: ToolCallContext }> = [];
  constructor(private readonly o: TestToolOptions) {
    super();
  }
  get name() {
    return this.o.name;
  }
  get description() {
    return this.o.description ?? `The ${this.o.name} tool.`;
  }
  get parameters(): JsonSchema {
    return this.o.parameters ?? { type: 'object', properties: {} };
  }
  override get costTier() {
    return this.o.costTier ?? CostTier.FREE;
  }
  override get metadata() {
    return this.o.metadata;
  }
  override get aliases() {
    return this.o.aliases ?? [];
  }
  override get timeoutMs() {
    return this.o.timeoutMs;
  }
  override get isIdempotent() {
    return this.o.idempotent ?? false;
  }
  override isAvailable() {
    return this.o.available ? this.o.available() : true;
  }
  async execute(ctx: ToolCallContext, args: Record<string, unknown>): Promise<ToolResult> {
    this.calls.push({ args, ctx });
    const out = this.o.run ? await this.o.run(args, ctx) : args;
    return out instanceof ToolResult ? out : ToolResult.ok(out);
  }
}

export const silentLogger = quietLogger();
