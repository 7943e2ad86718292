import { ExecutionCategory } from '../enums';
import { ToolResult } from '../results';
import type { ToolExecutionContext } from '../context';
import { capText, describeValue, errorMessage } from '../error-text';

/** One call of a batch. */
export interface BatchCall {
  name: string;
  args?: Record<string, unknown>;
}

/** Options of `executeBatch`. */
export interface BatchOptions {
  /** The context every call of the batch runs with. */
  ctx?: ToolExecutionContext;
  /**
   * At most this many calls run at once; unlimited by default. A call counts
   * until it ends: a tool that ignores its timeout's signal runs on uncounted
   * (conflicting calls after it are refused while it does).
   */
  concurrency?: number;
}

class Semaphore {
  private readonly waiting: Array<() => void> = [];
  private running = 0;

  constructor(private readonly limit: number) {}

  async acquire(): Promise<void> {
    if (this.running < this.limit) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}

/** A tool whose call ended (its timeout, or a cancellation it ignored) before the tool returned. */
interface RunningTool {
  readonly name: string;
  readonly category: ExecutionCategory;
  settled: boolean;
}

/**
 * Runs `calls` and resolves to their results in the calls' order. A call
 * waits for every earlier call whose execution category conflicts with its
 * own (WRITE after WRITE, EXECUTE after WRITE...); calls that do not
 * conflict run side by side. Since every conflicting category conflicts
 * with itself, waiting for the latest earlier call of each conflicting
 * category is waiting for all of them. A tool that ignores `ctx.signal` runs
 * on after its call timed out or was cancelled: a conflicting call after it
 * is refused while it does (waiting for it could be forever), so conflicting
 * tools never overlap. One call failing never loses the others.
 */
export async function runBatch(
  calls: readonly BatchCall[],
  options: BatchOptions,
  categoryOf: (name: unknown) => ExecutionCategory,
  execute: (name: string, args: unknown, ctx: ToolExecutionContext | undefined, onToolPromise: (running: PromiseLike<unknown>) => void) => Promise<ToolResult>,
): Promise<ToolResult[]> {
  if (!Array.isArray(calls)) {
    throw new TypeError(`executeBatch expects an array of { name, args } calls, got ${describeValue(calls)}.`);
  }
  const concurrency = options.concurrency ?? Infinity;
  // A fraction would let through one call more than it says (1.5 runs 2 at once).
  if (!(concurrency >= 1) || (concurrency !== Infinity && !Number.isInteger(concurrency))) {
    throw new TypeError(`executeBatch concurrency must be a whole number of at least 1 (or Infinity), got ${String(concurrency)}.`);
  }
  const semaphore = new Semaphore(concurrency);
  const latest = new Map<ExecutionCategory, Promise<unknown>>();
  const runningOn = new Set<RunningTool>();
  const results = calls.map((call) => {
    let name: unknown;
    let args: unknown;
    try {
      name = call?.name;
      args = call?.args;
    } catch (error) {
      return Promise.resolve(ToolResult.fail(`Invalid batch call: ${errorMessage(error)}`));
    }
    const category = categoryOf(name);
    const before: Array<Promise<unknown>> = [];
    for (const [other, done] of latest) if (category.conflictsWith(other)) before.push(done);
    const result = (async () => {
      await Promise.all(before);
      await semaphore.acquire();
      let tool: RunningTool | undefined;
      try {
        for (const other of runningOn) if (category.conflictsWith(other.category)) return stillRunning(name, category, other);
        return await execute(name as string, args, options.ctx, (running) => {
          const started: RunningTool = (tool = { name: name as string, category, settled: false });
          const settle = (): void => {
            started.settled = true;
            runningOn.delete(started);
          };
          Promise.resolve(running).then(settle, settle);
        });
      } finally {
        semaphore.release();
        if (tool !== undefined && !tool.settled) runningOn.add(tool);
      }
    })();
    if (!category.canParallelize) latest.set(category, result);
    return result;
  });
  return Promise.all(results);
}

function stillRunning(name: unknown, category: ExecutionCategory, other: RunningTool): ToolResult {
  const shown = typeof name === 'string' ? `'${capText(name)}'` : describeValue(name);
  return ToolResult.fail(
    `Tool ${shown} was not run: the earlier call of '${capText(other.name)}' (${other.category.value}) timed out or was cancelled, ` +
      `but that tool is still running and a ${category.value} call must not overlap it. Call it again once it has finished.`,
  );
}
