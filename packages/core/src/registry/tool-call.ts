import { ToolResult } from '../results';
import type { ToolExecutionContext } from '../types';
import type { ApprovalDecision } from './approval';
import { createCallContext, type SignalSource } from './call-context';
import { cancelledResult, criticalHookFailure, internalFailure } from './call-results';
import { errorMessage } from './describe-error';
import type { AfterHookCallback, AfterHookInfo, BeforeHookCallback, Hook } from './hook';
import type { LoopDetection } from './loop-detector';
import { checkPathArguments, refusalMessage } from './mode-policy';
import { isResultLike, thrownResult, toToolResult } from './normalize-result';
import { EMPTY_CONTEXT, isThenable, type PipelineHost } from './pipeline-host';
import { cancelTimeout, type Bucket, type DurationQueue, type TimeoutTask } from './timeout';
import type { ToolEntry } from './tool-entry';
import { validateCall } from './validate-call';

type Resolve = (value: ToolResult | PromiseLike<ToolResult>) => void;

// One executor shared by every call: `new Promise(captureResolve)` then
// reads `captured`, so no closure is made per call just to get `resolve`.
let captured: Resolve | undefined;
const captureResolve = (resolve: Resolve): void => {
  captured = resolve;
};

function isArgsObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * One call from its before-hooks on: the hooks, the tool under its timeout
 * and the caller's signal, the normalized result, the after-hooks. It is
 * also the call's timeout entry and the source of its lazy `ctx.signal`
 * (creating an AbortController costs several microseconds in Node, more
 * than the rest of a call, and most tools never read it), so a call
 * allocates little beyond itself, its context and its promise.
 *
 * Every step runs synchronously while hooks and the tool return plain
 * values; the call only waits on what returns a promise, so a call through
 * the registry costs one promise (and one turn of the microtask queue) more
 * than calling the tool directly. None of its methods throws or rejects.
 */
export class ToolCall implements TimeoutTask, SignalSource {
  // Fields are assigned in the constructor only, all of them, in one order:
  // every call object then shares one hidden class.
  declare timeoutQueue: DurationQueue | undefined;
  declare timeoutBucket: Bucket | undefined;
  declare timeoutNext: TimeoutTask | undefined;
  private declare controller: AbortController | undefined;
  private declare abortedWith: { reason: unknown } | undefined;
  private declare settled: boolean;
  private declare resolveResult: Resolve | undefined;
  /** The call's result when it settled before its promise was made (a tool that answered synchronously). */
  private declare early: ToolResult | Promise<ToolResult> | undefined;
  private declare stopListening: (() => void) | undefined;
  private declare timeoutMs: number;
  private declare readonly host: PipelineHost;
  private declare readonly entry: ToolEntry;
  private declare args: Record<string, unknown>;
  private declare readonly ctx: ToolExecutionContext | undefined;
  private declare readonly callerSignal: AbortSignal | undefined;
  private declare readonly approval: ApprovalDecision | undefined;
  private declare readonly loop: LoopDetection | undefined;

  constructor(
    host: PipelineHost,
    entry: ToolEntry,
    args: Record<string, unknown>,
    ctx: ToolExecutionContext | undefined,
    callerSignal: AbortSignal | undefined,
    approval: ApprovalDecision | undefined,
    loop: LoopDetection | undefined,
  ) {
    this.timeoutQueue = undefined;
    this.timeoutBucket = undefined;
    this.timeoutNext = undefined;
    this.controller = undefined;
    this.abortedWith = undefined;
    this.settled = false;
    this.resolveResult = undefined;
    this.early = undefined;
    this.stopListening = undefined;
    this.timeoutMs = 0;
    this.host = host;
    this.entry = entry;
    this.args = args;
    this.ctx = ctx;
    this.callerSignal = callerSignal;
    this.approval = approval;
    this.loop = loop;
  }

  // ---------------------------------------------------------------- the signal the tool sees

  /** The call's signal, made on first read; aborted by the timeout or the caller's signal. */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.abortedWith !== undefined) this.controller.abort(this.abortedWith.reason);
    }
    return this.controller.signal;
  }

  private abort(reason: unknown): void {
    if (this.abortedWith !== undefined) return;
    this.abortedWith = { reason };
    this.controller?.abort(reason);
  }

  // ---------------------------------------------------------------- before-hooks

  /** Runs the before-hooks, then the tool, then the after-hooks; resolves to the call's result. */
  run(): Promise<ToolResult> {
    const signal = this.callerSignal;
    if (signal !== undefined && signal.aborted) return Promise.resolve(cancelledResult(this.entry.name, signal.reason));
    const hooks = this.host.beforeHooks;
    for (let i = 0; i < hooks.length; i++) {
      const hook = hooks[i];
      let replacement: unknown;
      try {
        replacement = hook.callback(this.entry.name, this.args, this.ctx ?? EMPTY_CONTEXT);
        if (isThenable(replacement)) return this.beforeHooksAsync(hooks, i, replacement);
      } catch (error) {
        const failed = this.beforeHookFailed(hook, error);
        if (failed !== undefined) return Promise.resolve(failed);
        continue;
      }
      const refused = this.replaceArgs(hook, replacement);
      if (refused !== undefined) return Promise.resolve(refused);
    }
    if (hooks.length > 0 && signal !== undefined && signal.aborted) {
      return Promise.resolve(cancelledResult(this.entry.name, signal.reason));
    }
    return this.startTool();
  }

  /** The rest of `run` once a before-hook returned a promise: from hook `index`, whose answer is `pending`. */
  private async beforeHooksAsync(
    hooks: readonly Hook<BeforeHookCallback>[],
    index: number,
    pending: PromiseLike<unknown>,
  ): Promise<ToolResult> {
    try {
      for (let i = index; i < hooks.length; i++) {
        const hook = hooks[i];
        let replacement: unknown;
        try {
          replacement = await (i === index ? pending : hook.callback(this.entry.name, this.args, this.ctx ?? EMPTY_CONTEXT));
        } catch (error) {
          const failed = this.beforeHookFailed(hook, error);
          if (failed !== undefined) return failed;
          continue;
        }
        const refused = this.replaceArgs(hook, replacement);
        if (refused !== undefined) return refused;
      }
      const signal = this.callerSignal;
      if (signal !== undefined && signal.aborted) return cancelledResult(this.entry.name, signal.reason);
      return await this.startTool();
    } catch (error) {
      return internalFailure(this.entry.name, error);
    }
  }

  /** A critical hook's failure fails the call (returned); a non-critical one is logged and skipped. */
  private beforeHookFailed(hook: Hook, error: unknown): ToolResult | undefined {
    if (hook.critical) return criticalHookFailure(hook, this.entry.name, error, 'before');
    this.host.logger.warn(`Hook '${hook.name}' failed before tool '${this.entry.name}' and was skipped: ${errorMessage(error)}`, error);
    return undefined;
  }

  /** Takes a hook's replacement arguments once validated again and checked against the sandbox; the failure otherwise. */
  private replaceArgs(hook: Hook, replacement: unknown): ToolResult | undefined {
    if (replacement === this.args || !isArgsObject(replacement)) return undefined;
    const again = validateCall(this.host, this.entry, replacement, hook.name);
    if (again instanceof ToolResult) return again;
    const policy = checkPathArguments(this.entry.policy, this.ctx, again);
    if (!policy.allowed) return ToolResult.fail(refusalMessage(this.entry.name, policy), { policy, hook: hook.name });
    this.args = again;
    return undefined;
  }

  // ---------------------------------------------------------------- the tool

  private startTool(): Promise<ToolResult> {
    const signal = this.callerSignal;
    if (signal !== undefined) {
      const onAbort = (): void => {
        this.abort(signal.reason);
        this.finish(cancelledResult(this.entry.name, signal.reason));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.stopListening = () => signal.removeEventListener('abort', onAbort);
    }
    const entry = this.entry;
    this.timeoutMs = entry.timeoutMs ?? this.host.defaultTimeoutMs;
    let timeouts = entry.timeouts;
    if (timeouts === undefined) {
      timeouts = this.host.timeouts.queueFor(this.timeoutMs);
      entry.timeouts = timeouts;
    }
    if (timeouts !== null) timeouts.add(this);
    let pending: unknown;
    let answered: boolean;
    try {
      pending = this.entry.original.execute(createCallContext(this.ctx, this.entry.name, this), this.args);
      answered = !isThenable(pending);
    } catch (error) {
      // The tool threw, or its result's `then` getter did.
      this.finish(thrownResult(error));
      return Promise.resolve(this.early!);
    }
    // A tool that answered synchronously (or whose run the caller's signal
    // stopped meanwhile) needs no promise to race its timeout against.
    if (answered) this.settle(pending);
    if (this.settled) return Promise.resolve(this.early!);
    const promise = new Promise<ToolResult>(captureResolve);
    this.resolveResult = captured;
    captured = undefined;
    void this.watch(pending);
    return promise;
  }

  /**
   * Waits for the tool's answer. An async method rather than `.then` with
   * two arrow functions: `await` on a native promise allocates no derived
   * promise and no closures of ours, which measured faster per call.
   */
  private async watch(pending: unknown): Promise<void> {
    let value: unknown;
    try {
      value = await pending;
    } catch (error) {
      this.finish(thrownResult(error));
      return;
    }
    this.settle(value);
  }

  /** What the tool resolved to, normalized: a ToolResult as it is, anything else wrapped by `ToolResult.ok`. */
  private settle(value: unknown): void {
    if (this.settled) return;
    let result: ToolResult;
    try {
      result = toToolResult(value);
    } catch (error) {
      result = thrownResult(error);
    }
    this.finish(result);
  }

  /** Called by the timeout queue when the tool outlived its timeout. */
  expire(): void {
    const message = `Tool '${this.entry.name}' timed out after ${this.timeoutMs} ms`;
    this.abort(new DOMException(message, 'TimeoutError'));
    this.finish(ToolResult.fail(message, { timedOut: true, timeoutMs: this.timeoutMs }));
  }

  /** Settles the call with the first of the tool's result, its timeout and the caller's abort. */
  private finish(result: ToolResult): void {
    if (this.settled) return;
    this.settled = true;
    cancelTimeout(this);
    if (this.stopListening !== undefined) this.stopListening();
    const after = this.afterTool(result);
    const resolve = this.resolveResult;
    if (resolve !== undefined) resolve(after);
    else this.early = after;
  }

  // ---------------------------------------------------------------- after-hooks

  private afterTool(toolResult: ToolResult): ToolResult | Promise<ToolResult> {
    try {
      let result = toolResult;
      if (this.approval !== undefined || this.loop !== undefined) {
        const extra: Record<string, unknown> = {};
        if (this.approval !== undefined) extra.approval = this.approval;
        if (this.loop !== undefined) extra.loopDetected = this.loop;
        result = result.withMetadata(extra);
      }
      const hooks = this.host.afterHooks;
      if (hooks.length === 0) return result;
      const info: AfterHookInfo = { toolName: this.entry.name, args: this.args };
      for (let i = 0; i < hooks.length; i++) {
        const hook = hooks[i];
        try {
          const replacement = hook.callback(result, info);
          if (isThenable(replacement)) return this.afterHooksAsync(hooks, i, replacement, result, info);
          if (isResultLike(replacement)) result = toToolResult(replacement);
        } catch (error) {
          const failed = this.afterHookFailed(hook, error);
          if (failed !== undefined) return failed;
        }
      }
      return result;
    } catch (error) {
      return internalFailure(this.entry.name, error, true);
    }
  }

  /** The rest of the after-hooks once hook `index` returned a promise (`pending`). */
  private async afterHooksAsync(
    hooks: readonly Hook<AfterHookCallback>[],
    index: number,
    pending: PromiseLike<unknown>,
    before: ToolResult,
    info: AfterHookInfo,
  ): Promise<ToolResult> {
    let result = before;
    try {
      for (let i = index; i < hooks.length; i++) {
        const hook = hooks[i];
        try {
          const replacement = await (i === index ? pending : hook.callback(result, info));
          if (isResultLike(replacement)) result = toToolResult(replacement);
        } catch (error) {
          const failed = this.afterHookFailed(hook, error);
          if (failed !== undefined) return failed;
        }
      }
      return result;
    } catch (error) {
      return internalFailure(this.entry.name, error, true);
    }
  }

  private afterHookFailed(hook: Hook, error: unknown): ToolResult | undefined {
    if (hook.critical) return criticalHookFailure(hook, this.entry.name, error, 'after');
    this.host.logger.warn(`Hook '${hook.name}' failed after tool '${this.entry.name}' and was skipped: ${errorMessage(error)}`, error);
    return undefined;
  }
}
