import { ExecutionCategory } from '../enums';
import { ToolResult } from '../results';
import type { ToolExecutionContext } from '../context';
import { describeValue, errorMessage } from '../error-text';

/** One call of a batch. */
export interface BatchCall {
  name: string;
  args?: Record<string, unknown>;
}

/** Options of `executeBatch`. */
export interface BatchOptions {
  /** The context every call of the batch runs with. */
  ctx?: ToolExecutionContext;
  /** At most this many calls run at once; unlimited by default. */
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

/**
 * Runs `calls` and resolves to their results in the calls' order. A call
 * waits for every earlier call whose execution category conflicts with its
 * own (WRITE after WRITE, EXECUTE after WRITE...); calls that do not
 * conflict run side by side. Since every conflicting category conflicts
 * with itself, waiting for the latest earlier call of each conflicting
 * category is waiting for all of them. One call failing never loses the others.
 */
export async function runBatch(
  calls: readonly BatchCall[],
  options: BatchOptions,
  categoryOf: (name: unknown) => ExecutionCategory,
  execute: (name: string, args: unknown, ctx: ToolExecutionContext | undefined) => Promise<ToolResult>,
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
      try {
        return await execute(name as string, args, options.ctx);
      } finally {
        semaphore.release();
      }
    })();
    if (!category.canParallelize) latest.set(category, result);
    return result;
  });
  return Promise.all(results);
}
