import type { ApprovalConfig, ApprovalDecision } from '../policy/approval';
import type { LoopDetection, LoopDetector, LoopScope } from '../policy/loop-detector';
import type { PolicyContext } from '../policy/mode-policy';
import type { ToolEntry } from '../registry/tool-entry';
import { ToolResult } from '../results';
import type { ToolCallContext, ToolExecutionContext, ToolLogLevel } from '../context';
import { onAbort } from '../abort-listeners';
import { copyCallContext } from './call-context';
import { cancelledResult, internalFailure, timedOutResult } from './failures';
import { thrownResult, toToolResult } from './normalize-result';
import type { Logger } from '../logger';
import type { ValidationOptions } from '../validation';
import type { ToolInvoker } from './invoker';
import { logToolMessage } from './tool-log';

const NO_ARGUMENTS: Readonly<Record<string, unknown>> = Object.freeze({});

/** What a step answers: a ToolResult ends the call with it; `undefined` lets the call through. */
export type StepAnswer = ToolResult | undefined;

/**
 * A step of a call: lets it through (undefined) or answers its ToolResult,
 * now or later. A promise resolves to the step's answer, except the one
 * `invokeTool` answers, which is the tool's own (normalized by `ToolCall.watch`).
 */
export type Step = (call: ToolCall) => StepAnswer | PromiseLike<unknown>;

/** What the execute pipeline reads from its registry. */
export interface PipelineHost {
  lookup(name: string): ToolEntry | undefined;
  /** The names and aliases of the tools that could be called now (enabled and available), for suggestions. */
  knownNames(): Iterable<string>;
  /** The hooks as steps (see `hook-steps.ts`); replaced, never mutated, so a call in flight keeps the hooks it started with. */
  beforeHooks: readonly Step[];
  afterHooks: readonly Step[];
  readonly logger: Logger;
  readonly validationOptions: ValidationOptions;
  /** The timeout of tools that set none; undefined for none. */
  readonly defaultTimeoutMs: number | undefined;
  /** The `approve` option as read once: who decides calls that need approval. */
  readonly approval: ApprovalConfig;
  /** undefined: no limit. */
  readonly approvalTimeoutMs: number | undefined;
  readonly loops: LoopDetector;
  readonly refuseLoops: boolean;
  readonly invoker: ToolInvoker;
}

/**
 * One call through the registry: what the steps read and write as it goes
 * (see `steps.ts` for the order), its deadline and its cancellation.
 *
 * The caller's context is read once, here, at the call's start: the tool and
 * the hooks get a copy, and the policy reads `mode` and `sandbox` from it
 * once, so nothing a hook or a tool writes can change the call's policy or
 * the caller's object.
 */
export class ToolCall implements PolicyContext {
  /** The name asked for, as given. */
  readonly rawName: unknown;
  /** The name asked for, shown safely; the registered name once the tool is found. */
  name: string;
  /** The registered tool, set by the first step (findTool). */
  entry!: ToolEntry;
  /** What the tool runs with: the validated, frozen copy of the arguments, or a Standard Schema library's output of it. */
  args: Readonly<Record<string, unknown>> = NO_ARGUMENTS;
  /** The validated copy before a Standard Schema library's transform (`ToolInvocation.input`); the same object as `args` without one. */
  input: Readonly<Record<string, unknown>> = NO_ARGUMENTS;
  readonly rawArgs: unknown;
  readonly ctx: ToolCallContext;
  readonly mode: unknown;
  readonly sandbox: unknown;
  readonly loopScope: LoopScope;
  /** The call's timeout in ms (undefined: none), set once the tool is found. */
  timeoutMs: number | undefined;
  /** Date.now() when the call's clock started (read only for a call with a timeout); restarted once approved. */
  startedAt = 0;
  /** The caller's own `signal`, `reportProgress` and `log` (read once, by copyCallContext). */
  callerSignal: AbortSignal | undefined;
  callerReport: unknown;
  callerLog: unknown;
  approval: ApprovalDecision | undefined;
  loop: LoopDetection | undefined;
  /** The tool's normalized answer (or its timeout or cancellation), once it ran. */
  result: ToolResult | undefined;
  /** Set once the tool was invoked: hooks and interruptions before it no longer apply. */
  reachedTool = false;
  /** Set once the tool answered (or timed out, or was cancelled): later waits are not raced, late reports are ignored. */
  settled = false;
  /** Set by the approval step while it waits: approval has its own timeout and watches the caller's signal itself. */
  approving = false;

  private controller: AbortController | undefined;
  /** The timeout or cancellation that stopped the call, once one did. */
  private stopped: { result: ToolResult; reason: unknown } | undefined;
  /** The raced wait in progress, if any (see `watch`). */
  private waiting: Waiting | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private unlisten: (() => void) | undefined;

  constructor(
    readonly host: PipelineHost,
    name: unknown,
    args: unknown,
    callerCtx: unknown,
    /** Told of the tool's own promise when it answers one (`executeBatch`: a tool stopped by its timeout may run on). */
    readonly onToolPromise?: (running: PromiseLike<unknown>) => void,
  ) {
    this.rawName = name;
    this.name = typeof name === 'string' ? name : showName(name);
    this.rawArgs = args;
    const source = callerCtx !== null && typeof callerCtx === 'object' ? (callerCtx as ToolExecutionContext) : undefined;
    const ctx = copyCallContext(this, source);
    this.ctx = ctx;
    this.mode = ctx.mode;
    this.sandbox = ctx.sandbox;
    const conversation = ctx.conversationId;
    this.loopScope = typeof conversation === 'string' && conversation !== '' ? conversation : (source ?? host.loops);
  }

  // ---------------------------------------------------------------- what the tool gets (through ctx)

  /** `ctx.signal`: aborted when the call is stopped. Made on first read: on Node 20 an AbortController costs more than a whole call. */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.stopped !== undefined) this.controller.abort(this.stopped.reason);
    }
    return this.controller.signal;
  }

  /** `ctx.reportProgress`: to the caller's reporter while the call runs; never throws into the tool. */
  reportProgress(progress: number, total?: number, message?: string): void {
    if (this.settled || typeof this.callerReport !== 'function') return;
    try {
      (this.callerReport as (progress: number, total?: number, message?: string) => void)(progress, total, message);
    } catch (error) {
      this.host.logger.debug(`A progress reporter failed for tool '${this.name}'`, error);
    }
  }

  /** `ctx.log`: to the caller's `ctx.log` while the call runs, else to the registry's logger. */
  log(level: ToolLogLevel, message: string, data?: unknown, logger?: string): void {
    logToolMessage(this, level, message, data, logger);
  }

  // ---------------------------------------------------------------- waiting and stopping

  /** Date.now()-based time at which the call times out, or undefined for none. */
  get deadline(): number | undefined {
    return this.timeoutMs === undefined ? undefined : this.startedAt + this.timeoutMs;
  }

  /**
   * Whether the call must stop before its tool: checked after every wait
   * (approval, an async before-hook). The call timed out or the caller
   * aborted meanwhile, or its tool was disabled, unregistered or replaced.
   */
  interrupted(): StepAnswer {
    if (this.reachedTool) return undefined;
    const stop = this.stopped?.result ?? this.cancelled() ?? this.pastDeadline();
    if (stop !== undefined) return stop;
    if (this.host.lookup(this.name) !== this.entry) return ToolResult.fail(`Tool '${this.name}' was unregistered while the call was waiting`);
    return this.entry.enabled ? undefined : ToolResult.fail(`Tool '${this.name}' is disabled`);
  }

  /** The cancelled result when the caller's signal is aborted. */
  cancelled(): ToolResult | undefined {
    const signal = this.callerSignal;
    return signal !== undefined && signal.aborted ? cancelledResult(this.name, signal.reason) : undefined;
  }

  /**
   * Starts waiting for the promise a step answered; the runner gives it one
   * microtask turn (most tools' promises have settled by then), then reads
   * `waiting.answer` if `done`, else waits for `race(waiting)`. A rejection
   * is the call's internal failure; the tool's own promise is normalized
   * into `call.result` instead (the wait answers undefined). Until the tool
   * answered, the wait is raced against the call's timeout and the caller's
   * abort (not while approval waits: it has its own timeout); a stop before
   * the tool answers its failed result, one after it becomes `call.result`
   * and the after-hooks still run.
   */
  watch(pending: PromiseLike<unknown>): Waiting {
    const waiting: Waiting = { isTool: this.reachedTool && !this.settled, done: false, answer: undefined, resolve: undefined };
    if (!this.approving && !this.settled) this.waiting = waiting;
    try {
      pending.then(
        (value) => this.settle(waiting, value, false),
        (error: unknown) => this.settle(waiting, error, true),
      );
    } catch (error) {
      this.settle(waiting, error, true); // a thenable whose `then` throws
    }
    return waiting;
  }

  /**
   * The answer of a wait still in progress after its first turn. Only now
   * are the timer and the abort listener armed: a timer armed and cleared on
   * every call would cost about as much as the rest of the call. It is set
   * for what is left until the deadline counted from the call's start, so a
   * busy event loop does not lengthen the timeout, and stays until the tool settles.
   */
  race(waiting: Waiting): Promise<StepAnswer> {
    return new Promise<StepAnswer>((resolve) => {
      waiting.resolve = resolve;
      if (this.waiting === waiting) this.arm();
    });
  }

  /**
   * The promise `waiting` waited for settled: the tool's answer becomes the
   * call's result, a step's answer ends the wait. A tool that answers past
   * its deadline (it blocked the event loop, so no timer could fire first)
   * has timed out all the same.
   */
  private settle(waiting: Waiting, value: unknown, rejected: boolean): void {
    if (waiting.done) return;
    try {
      if (waiting.isTool) this.end(waiting, this.settleTool(this.pastDeadline() ?? (rejected ? thrownResult(value) : toToolResult(value))));
      else this.end(waiting, rejected ? this.failure(value) : (value as StepAnswer));
    } catch (error) {
      this.end(waiting, this.failure(error));
    }
  }

  /** Ends `waiting` with `answer`, once: whatever comes second, the promise or a stop, finds it over. */
  private end(waiting: Waiting, answer: StepAnswer): void {
    if (waiting.done) return;
    waiting.done = true;
    waiting.answer = answer;
    if (this.waiting === waiting) this.waiting = undefined;
    waiting.resolve?.(answer);
  }

  /** Starts watching the caller's signal and the deadline for the raced wait in progress (see `race`). */
  private arm(): void {
    if (this.stopped !== undefined) return this.endWithStop(this.stopped.result);
    // The caller aborted while the tool ran synchronously: the tool's signal follows, as it would later.
    const cancelled = this.cancelled();
    if (cancelled !== undefined) return this.stop(cancelled, this.callerSignal!.reason);
    const signal = this.callerSignal;
    if (signal !== undefined && this.unlisten === undefined) {
      this.unlisten = onAbort(signal, () => this.stop(cancelledResult(this.name, signal.reason), signal.reason));
    }
    if (this.timer !== undefined || this.timeoutMs === undefined) return;
    const remaining = this.deadline! - Date.now();
    if (remaining <= 0) this.timeOut();
    else this.timer = setTimeout(fireTimeout, remaining, this);
  }

  /** The timed-out result when the call's deadline has passed (checked where no timer could have fired: see `settle`). */
  pastDeadline(): ToolResult | undefined {
    const deadline = this.deadline;
    return deadline !== undefined && Date.now() >= deadline ? timedOutResult(this.name, this.timeoutMs!) : undefined;
  }

  /** Called by the timer: the call outlived its timeout. */
  timeOut(): void {
    const result = timedOutResult(this.name, this.timeoutMs!);
    this.stop(result, new DOMException(result.error!, 'TimeoutError'));
  }

  /** Stops the call (once): aborts the tool's signal and ends the raced wait in progress with `result`. */
  private stop(result: ToolResult, reason: unknown): void {
    if (this.stopped !== undefined) return;
    this.stopped = { result, reason };
    this.controller?.abort(reason);
    this.stopWaiting();
    this.endWithStop(result);
  }

  /** Ends the raced wait in progress with a stop: before the tool, the stop's result answers; once the tool was reached, it becomes the call's result. */
  private endWithStop(result: ToolResult): void {
    const waiting = this.waiting;
    if (waiting !== undefined) this.end(waiting, waiting.isTool ? this.settleTool(result) : result);
  }

  /** The tool's answer, normalized, or its timeout or cancellation: the call's result from now on. Answers undefined (the call goes on). */
  settleTool(result: ToolResult): undefined {
    this.settled = true;
    this.result = result;
    this.stopWaiting();
    return undefined;
  }

  /** Clears the timer and the abort listener, once the tool settled or the call ended before it. */
  stopWaiting(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    unlisten?.();
  }

  /** The failed result of a call broken by something thrown where nothing should throw (a hostile getter or logger). */
  failure(error: unknown): ToolResult {
    return internalFailure(this.name, error, this.reachedTool);
  }
}

/** A value `await` would wait for: an object or function with a callable `then`. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** A wait in progress (see `ToolCall.watch`). */
export interface Waiting {
  /** Whether it waits for the tool's own answer, which becomes `call.result`. */
  readonly isTool: boolean;
  /** Set once the wait is over, with its answer. */
  done: boolean;
  answer: StepAnswer;
  /** Set by `race`, once the runner waits for the wait's promise. */
  resolve: ((answer: StepAnswer) => void) | undefined;
}

// A name that is not a string shows as JSON (never '[object Object]'); capText cuts a huge one.
function showName(value: unknown): string {
  try {
    return value !== null && typeof value === 'object' ? (JSON.stringify(value) ?? typeof value) : String(value);
  } catch {
    return typeof value;
  }
}

// A named function, not a closure per call: the timer's callback (tests recognise it by name).
function fireTimeout(call: ToolCall): void {
  call.timeOut();
}
