import type { ToolResult } from '../results';
import type { ToolCall } from './tool-call';

/** What a step answers: a ToolResult ends the call with it; `undefined` lets the call through. */
export type Answer = ToolResult | undefined;

/**
 * A step's answer, now or later: a promise resolves to the step's Answer,
 * except the one `invokeTool` answers, which is the tool's own (normalized by
 * `ToolCall.wait`).
 */
export type Outcome = Answer | PromiseLike<unknown>;

/** A value `await` would wait for: an object or function with a callable `then`. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** A step of a call: lets it through (answers undefined) or answers its ToolResult, now or later. */
export type Step = (call: ToolCall) => Outcome;

/**
 * Runs `steps` in order until one answers. Sync-first: while the answers are
 * plain values the loop runs on without a turn of the event loop; an answer
 * that is a promise is waited for by `call.wait`, which goes on with the
 * rest of the steps once it settles (after checking `call.interrupted()`:
 * the call was cancelled, timed out, or its tool disabled or unregistered
 * meanwhile). Never throws or rejects: what a step throws answers the call's
 * internal failure. Runs a call's `STEPS`: a step that runs a list of its own
 * loops over it (see `runHooks`), since every wait of a call answers the
 * call's one promise.
 */
export function runSteps(call: ToolCall, steps: readonly Step[], from = 0): Answer | Promise<Answer> {
  for (let i = from; i < steps.length; i++) {
    let outcome: Outcome;
    try {
      outcome = steps[i](call);
      if (outcome === undefined) continue;
      if (!isThenable(outcome)) return outcome;
    } catch (error) {
      return call.failure(error);
    }
    return call.wait(outcome, steps, i + 1);
  }
  return undefined;
}
