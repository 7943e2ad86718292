import type { ToolResult } from '../results';
import type { ToolCall } from './tool-call';

/** What a step answers: a ToolResult ends the call with it; `undefined` lets the call through. */
export type Answer = ToolResult | undefined;

/** A step's answer, now or later. */
export type Outcome = Answer | PromiseLike<Answer>;

/** A value `await` would wait for: an object or function with a callable `then`. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * Applies `apply` to each of `items` in order until one answers. Sync-first:
 * while the answers are plain values the loop runs on without a turn of the
 * event loop, and it waits only on an answer that is a promise. After each
 * wait, `call.interrupted()` may answer instead (the call was cancelled,
 * timed out, or its tool disabled or unregistered meanwhile). Never throws
 * or rejects: what a step throws answers the call's internal failure.
 */
export function runSteps<T>(call: ToolCall, items: readonly T[], apply: (call: ToolCall, item: T) => Outcome, from = 0): Outcome {
  for (let i = from; i < items.length; i++) {
    let outcome: Outcome;
    try {
      outcome = apply(call, items[i]);
      if (outcome === undefined) continue;
      if (!isThenable(outcome)) return outcome;
    } catch (error) {
      return call.failure(error);
    }
    return Promise.resolve(outcome).then(
      (answer) => answer ?? call.interrupted() ?? runSteps(call, items, apply, i + 1),
      (error: unknown) => call.failure(error),
    );
  }
  return undefined;
}
