import type { ApprovalDecision } from '../policy/approval';
import type { LoopDetection, LoopScope } from '../policy/loop-detector';
import type { PolicyContext } from '../policy/mode-policy';
import type { ToolEntry } from '../registry/tool-entry';
import { ToolResult } from '../results';
import type { ProgressReporter, ToolCallContext, ToolExecutionContext, ToolLogFunction } from '../types';
import { copyCallContext } from './call-context';
import { cancelledResult, internalFailure, timedOutResult } from './failures';
import { thrownResult, toToolResult } from './normalize-result';
import { runSteps, type Answer, type Step } from './run-steps';
import type { PipelineHost } from './pipeline-host';
import { toolLogFunction } from './tool-log';

const RESOLVED = Promise.resolve();
const NO_ARGUMENTS: Readonly<Record<string, unknown>> = Object.freeze({});

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
  /** The name asked for, shown safely; the registered name once the tool is resolved. */
  name: string;
  /** The registered tool, set by the first step (resolveTool). */
  entry!: ToolEntry;
  /** What the caller passed; replaced by the validated, frozen copy (and, for a Standard Schema tool, by its library's output). */
  args: Readonly<Record<string, unknown>>;
  /**
   * The arguments as they passed JSON Schema validation, before a Standard
   * Schema library's transform (`ToolInvocation.input`): set with `args` by
   * `validate` and by a before-hook's replacement, the same object until
   * `validateStandard` replaces `args` with the library's output.
   */
  input: Readonly<Record<string, unknown>>;
  readonly rawArgs: unknown;
  readonly ctx: ToolCallContext;
  readonly mode: unknown;
  readonly sandbox: unknown;
  readonly loopScope: LoopScope;
  /** The call's timeout in ms (undefined: none), set once the tool is resolved. */
  timeoutMs: number | undefined;
  /**
   * Date.now() at the call's start, read by the first step for a call with a
   * timeout (no other call needs it); reset when it is approved (waiting for
   * approval does not count against the timeout).
   */
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
  /** Set once the tool answered (or timed out, or was cancelled): its progress reports are ignored from then on. */
  settled = false;

  private controller: AbortController | undefined;
  /** The timeout or cancellation that stopped the call, once one did. */
  private stoppedWith: { result: ToolResult; reason: unknown } | undefined;
  /** The call's one promise and its resolver, made at the first wait (see `wait`). */
  private answered: Promise<Answer> | undefined;
  private resolveAnswered: ((answer: Answer) => void) | undefined;
  /** The wait in progress, if any. */
  private waiting: Waiting | undefined;
  /** Set by the approval step while it waits: approval has its own timeout and watches the signal itself. */
  approving = false;
  private timer: NodeJS.Timeout | undefined;
  private stopOnAbort: (() => void) | undefined;
  private progress: ProgressReporter | undefined;
  private logFunction: ToolLogFunction | undefined;

  constructor(
    readonly host: PipelineHost,
    name: unknown,
    args: unknown,
    callerCtx: unknown,
  ) {
    this.rawName = name;
    this.name = typeof name === 'string' ? name : showName(name);
    this.rawArgs = args;
    this.args = NO_ARGUMENTS;
    this.input = NO_ARGUMENTS;
    const source = callerCtx !== null && typeof callerCtx === 'object' ? (callerCtx as ToolExecutionContext) : undefined;
    const ctx = copyCallContext(this, source);
    this.ctx = ctx;
    this.mode = ctx.mode;
    this.sandbox = ctx.sandbox;
    const conversation = ctx.conversationId;
    this.loopScope = typeof conversation === 'string' && conversation !== '' ? conversation : (source ?? host.loops);
  }

  // ---------------------------------------------------------------- what the tool gets

  /** The signal the tool sees: made on first read (an AbortController costs microseconds), aborted when the call is stopped. */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.stoppedWith !== undefined) this.controller.abort(this.stoppedWith.reason);
    }
    return this.controller.signal;
  }

  /** `ctx.reportProgress`: to the caller's reporter while the call runs; never throws into the tool. */
  get reportProgress(): ProgressReporter {
    this.progress ??= (progress, total, message) => {
      if (this.settled || typeof this.callerReport !== 'function') return;
      try {
        (this.callerReport as ProgressReporter)(progress, total, message);
      } catch (error) {
        this.host.logger.debug(`A progress reporter failed for tool '${this.name}'`, error);
      }
    };
    return this.progress;
  }

  /** `ctx.log`: to the caller's `ctx.log` while the call runs, else to the registry's logger. */
  get log(): ToolLogFunction {
    this.logFunction ??= toolLogFunction(this, this.callerLog);
    return this.logFunction;
  }

  // ---------------------------------------------------------------- stopping

  /** Date.now()-based time at which the call times out, or undefined for none. */
  get deadline(): number | undefined {
    return this.timeoutMs === undefined ? undefined : this.startedAt + this.timeoutMs;
  }

  /**
   * Whether the call must stop before its tool: checked after every wait
   * (approval, an async before-hook). The call timed out or the caller
   * aborted meanwhile, or its tool was disabled, unregistered or replaced.
   */
  interrupted(): Answer {
    if (this.reachedTool) return undefined;
    if (this.stoppedWith !== undefined) return this.stoppedWith.result;
    const signal = this.callerSignal;
    if (signal !== undefined && signal.aborted) return cancelledResult(this.name, signal.reason);
    const deadline = this.deadline;
    if (deadline !== undefined && Date.now() >= deadline) return timedOutResult(this.name, this.timeoutMs!);
    const current = this.host.lookup(this.name);
    if (current !== this.entry) return ToolResult.fail(`Tool '${this.name}' was unregistered while the call was waiting`);
    if (!this.entry.enabled) return ToolResult.fail(`Tool '${this.name}' is disabled`);
    return undefined;
  }

  /** The cancelled result when the caller's signal is aborted. */
  cancelled(): ToolResult | undefined {
    const signal = this.callerSignal;
    return signal !== undefined && signal.aborted ? cancelledResult(this.name, signal.reason) : undefined;
  }

  /**
   * Waits for the promise a step answered (see `runSteps`), then runs the
   * rest of `steps`, from `next`, in the same turn of the microtask queue.
   * Answers the call's one promise, made at its first wait, which resolves
   * once, with the answer that ends the steps (undefined when they let the
   * call through): a later wait of the same call answers that same promise.
   * The tool's own answer (the wait that follows `invokeTool`) is normalized
   * into `call.result` on the way.
   *
   * A wait races the call's stop, its timeout or the caller's abort: stopped
   * before the tool, the call answers the stop's failed result; once the tool
   * was reached, that result becomes `call.result` and the after-hooks still
   * run. Approval does not race (it has its own timeout and watches the
   * signal itself), nor do the after-hooks (the tool has answered).
   *
   * The timer is armed a turn of the microtask queue later, and only if the
   * wait is not over by then: most tools answer with a promise that is
   * already resolved and need no timer at all. It is set for what is left
   * until the deadline, counted from the call's start, so a busy event loop
   * does not lengthen the timeout; armed once, it stays until the tool
   * settles. A call that asked for approval starts its clock when approved.
   */
  wait(pending: PromiseLike<unknown>, steps: readonly Step[], next: number): Promise<Answer> {
    if (pending === this.answered) {
      // A step ran steps of its own through runSteps: waiting for the call's own promise would never end.
      return Promise.resolve(this.failure(new Error('a step answered the promise of its own call; a step that runs steps loops over them, as the hook steps do')));
    }
    const waiting: Waiting = { steps, next, raced: !this.approving && !this.settled };
    this.waiting = waiting;
    this.answered ??= new Promise<Answer>((resolve) => {
      this.resolveAnswered = resolve;
    });
    try {
      pending.then(
        (value) => this.settleWait(waiting, value, false),
        (error: unknown) => this.settleWait(waiting, error, true),
      );
    } catch (error) {
      this.settleWait(waiting, error, true); // a tool's own thenable whose `then` throws
    }
    // A promise job rather than queueMicrotask, which costs an async-hooks resource per call in Node.
    if (waiting.raced && this.race(waiting)) void RESOLVED.then(() => this.armTimer());
    return this.answered;
  }

  /**
   * Makes `waiting` end on the caller's abort; answers whether it still
   * needs a timer (the call has a timeout, armed at most once).
   */
  private race(waiting: Waiting): boolean {
    if (this.waiting !== waiting) return false; // over already: a thenable that answered at once
    if (this.stoppedWith !== undefined) {
      this.resume(waiting, this.answerStop(this.stoppedWith.result));
      return false;
    }
    // The caller aborted while the tool ran synchronously: the tool's signal follows, as it would later.
    const cancelled = this.cancelled();
    if (cancelled !== undefined) {
      this.stop(cancelled, this.callerSignal!.reason);
      return false;
    }
    const signal = this.callerSignal;
    if (signal !== undefined && this.stopOnAbort === undefined) {
      const onAbort = (): void => this.stop(cancelledResult(this.name, signal.reason), signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      this.stopOnAbort = () => signal.removeEventListener('abort', onAbort);
    }
    return this.timer === undefined && this.timeoutMs !== undefined;
  }

  /** The promise `waiting` waited for settled: the tool's answer becomes the call's result, a step's answer ends the wait. */
  private settleWait(waiting: Waiting, value: unknown, rejected: boolean): void {
    if (this.waiting !== waiting) return; // a stop came first
    let answer: Answer;
    try {
      if (this.reachedTool && !this.settled) answer = this.takeToolAnswer(rejected ? thrownResult(value) : toToolResult(value));
      else answer = rejected ? this.failure(value) : (value as Answer);
    } catch (error) {
      answer = this.failure(error);
    }
    this.resume(waiting, answer);
  }

  /**
   * Ends the wait in progress with `answer` (once: whatever comes second, the
   * pending promise or a stop, finds the wait over) and runs the rest of its
   * steps; resolves the call's promise unless those steps wait again.
   */
  private resume(waiting: Waiting, answer: Answer): void {
    if (this.waiting !== waiting) return;
    this.waiting = undefined;
    let outcome: Answer | Promise<Answer>;
    try {
      outcome = answer ?? this.interrupted() ?? runSteps(this, waiting.steps, waiting.next);
      if (outcome === this.answered) return; // a later wait answers it
      if (outcome !== undefined) this.stopWaiting(); // the call ended: its timer and abort listener go
    } catch (error) {
      outcome = this.failure(error);
    }
    this.resolveAnswered!(outcome as Answer);
  }

  private takeToolAnswer(result: ToolResult): Answer {
    this.settleTool(result);
    return undefined;
  }

  /** What a stop answers: its result before the tool; once the tool was reached, the call's result (for the after-hooks). */
  private answerStop(result: ToolResult): Answer {
    if (!this.reachedTool) return result;
    this.settleTool(result);
    return undefined;
  }

  /** The tool's answer, normalized, or its timeout or cancellation: the call's result from now on. */
  settleTool(result: ToolResult): void {
    this.settled = true;
    this.result = result;
    this.stopWaiting();
  }

  /** Arms the timer for what is left until the deadline, unless the wait is already over. */
  armTimer(): void {
    if (this.waiting?.raced !== true || this.timer !== undefined || this.stoppedWith !== undefined) return;
    const remaining = this.deadline! - Date.now();
    if (remaining <= 0) this.timeOut();
    else this.timer = setTimeout(fireTimeout, remaining, this);
  }

  /** Called by the timer: the call outlived its timeout. */
  timeOut(): void {
    const result = timedOutResult(this.name, this.timeoutMs!);
    this.stop(result, new DOMException(result.error!, 'TimeoutError'));
  }

  /** Stops the call (once): aborts the tool's signal and ends the raced wait in progress with `result`. */
  private stop(result: ToolResult, reason: unknown): void {
    if (this.stoppedWith !== undefined) return;
    this.stoppedWith = { result, reason };
    this.controller?.abort(reason);
    this.stopWaiting();
    const waiting = this.waiting;
    if (waiting?.raced === true) this.resume(waiting, this.answerStop(result));
  }

  /** Clears the timer and the abort listener, once the tool settled or the call ended before it. */
  stopWaiting(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.stopOnAbort !== undefined) {
      this.stopOnAbort();
      this.stopOnAbort = undefined;
    }
  }

  // ---------------------------------------------------------------- the end

  /** The failed result of a call broken by something thrown where nothing should throw (a hostile getter or logger). */
  failure(error: unknown): ToolResult {
    return internalFailure(this.name, error, this.reachedTool);
  }
}

/** A wait in progress: where the steps go on after it, and whether the call's stop ends it. */
interface Waiting {
  readonly steps: readonly Step[];
  readonly next: number;
  readonly raced: boolean;
}

// A name that is not a string shows as JSON (never '[object Object]'); capText cuts a huge one.
function showName(value: unknown): string {
  try {
    return value !== null && typeof value === 'object' ? (JSON.stringify(value) ?? typeof value) : String(value);
  } catch {
    return typeof value;
  }
}

function fireTimeout(call: ToolCall): void {
  call.timeOut();
}
