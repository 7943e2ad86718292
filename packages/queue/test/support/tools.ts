// Tools for the in-process tests: each records its runs where the test sees them.
import { BaseTool, ToolResult, type JsonSchema, type ToolMetadataInput } from '@victor-tools/core';
import type { ToolCallContext } from '@victor-tools/core';

export interface Run {
  args: Record<string, unknown>;
  ctx: ToolCallContext;
  aborted?: { at: number; reason: unknown };
}

export interface ProbeOptions {
  name: string;
  idempotent?: boolean;
  parameters?: JsonSchema;
  /** Declared metadata (access mode, danger level); none by default: BUILD takes the tool as READONLY, PLAN and EXPLORE refuse it. */
  metadata?: ToolMetadataInput;
  timeoutMs?: number;
  run?: (args: Record<string, unknown>, ctx: ToolCallContext, run: Run) => unknown;
}

/** A tool that records every run (its arguments, context and when its signal aborted). */
export class ProbeTool extends BaseTool {
  readonly runs: Run[] = [];
  constructor(private readonly o: ProbeOptions) {
    super();
  }
  get name() {
    return this.o.name;
  }
  get description() {
    return `The ${this.o.name} probe.`;
  }
  get parameters(): JsonSchema {
    return this.o.parameters ?? { type: 'object', properties: { value: { type: 'string' }, ms: { type: 'integer', minimum: 0 } } };
  }
  override get isIdempotent() {
    return this.o.idempotent === true;
  }
  override get metadata() {
    return this.o.metadata;
  }
  override get timeoutMs() {
    return this.o.timeoutMs;
  }
  async execute(ctx: ToolCallContext, args: Record<string, unknown>): Promise<ToolResult> {
    const run: Run = { args, ctx };
    this.runs.push(run);
    ctx.signal.addEventListener('abort', () => (run.aborted = { at: Date.now(), reason: ctx.signal.reason }), { once: true });
    if (this.o.run) return (await this.o.run(args, ctx, run)) as ToolResult;
    const ms = typeof args.ms === 'number' ? args.ms : 0;
    if (ms > 0) await sleep(ms, ctx.signal);
    return ToolResult.ok({ value: args.value ?? null, ran: this.runs.length });
  }
}

/** Waits `ms`, or until `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Polls `check` every 20 ms until it holds or `timeoutMs` passes; answers whether it held. */
export async function eventually(check: () => boolean, timeoutMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await sleep(20);
  }
  return check();
}
