import type { JobsOptions, Queue } from 'bullmq';
import { ToolResult, type Logger } from '@victor-tools/core';
import type { ToolInvocation, ToolLogLevel } from '@victor-tools/core/framework';
import { schemaFingerprint } from '../fingerprint';
import {
  callJobId,
  cancelMessages,
  idempotentCallKey,
  idempotentJobId,
  jobContext,
  MAX_LOG_DATA_CHARS,
  MAX_LOGGER_CHARS,
  newCallId,
  type JobUpdate,
  type QueueKeys,
  type ToolJobData,
} from '../job';
import { approveJob } from '../job-approval';
import { DROPPED_LOGS_MESSAGE, MAX_LOGS_PER_CALL } from '@victor-tools/core/internal';
import { cancelledResult, capText, cutText, errorMessage, outcomeUnknownResult, queueFailure, resultFromWire, timedOutResult } from '../results';
import type { ScriptedRedis } from './scripts';

/** BullMQ's reason for a job whose worker died more often than `maxStalledCount` allows. */
const STALLED_REASON = 'job stalled more than allowable limit';
/** How often a waiting idempotent call re-queues its job after someone else removed or cancelled it. */
const MAX_RESUBMITS = 3;
/** How long the waiter count of a call without a deadline is kept. */
const NO_DEADLINE_KEEP_MS = 3_600_000;

/** What a call needs from its invoker. */
export interface CallHost {
  readonly queue: Queue;
  readonly redis: ScriptedRedis;
  readonly keys: QueueKeys;
  readonly logger: Logger;
  readonly settings: {
    readonly attempts: number;
    readonly backoffMs: number;
    readonly backoffJitter: number;
    readonly resultTtlMs: number;
    readonly maxJobBytes: number;
    readonly progressIntervalMs: number;
  };
  /** The secret the invoker signs its jobs with (`job-approval.ts`), when it has one. */
  readonly secret: string | undefined;
  /** Resolves once the invoker hears the queue's events. */
  ready(): Promise<void>;
  /** Routes the job's events to `call` until `unregister`. */
  register(jobId: string, call: RemoteCall): void;
  unregister(jobId: string, call: RemoteCall): void;
  /** Work that outlives the call (leaving, cancelling the job): `close()` waits for it. */
  background(work: Promise<unknown>): void;
}

/**
 * One call on its way through the queue: queued as a job, answered by the
 * job's completed or failed event, cut short by the caller's abort or its
 * deadline (which also take the job back: removed while it waits, aborted by
 * broadcast while it runs). An idempotent call shares its job with identical
 * calls and is answered by a kept result when there is one.
 */
export class RemoteCall {
  private settled = false;
  private resolve: ((result: ToolResult) => void) | undefined;
  private data!: ToolJobData;
  private jobId!: string;
  private callKey: string | undefined;
  /** Counted among the waiters of a shared (idempotent) job. */
  private joined = false;
  /** Whether the job was queued (false: queueing failed); set once `add` was called. */
  private added: Promise<boolean> | undefined;
  /** Redis acknowledged the job (and no new `add` has started since). */
  private queued = false;
  private resubmits = 0;
  private timer: NodeJS.Timeout | undefined;
  private signal: AbortSignal | undefined;
  /** Log messages of the call seen so far (counted against `MAX_LOGS_PER_CALL`). */
  private logs = 0;
  /** When a progress report last went to the caller, the one held back meanwhile, and when it goes. */
  private lastProgress = 0;
  private pendingProgress: ProgressUpdate | undefined;
  private progressTimer: NodeJS.Timeout | undefined;
  /** The caller's reason for aborting, as text for the worker's tool; none for a plain `abort()`. */
  private abortReason: string | undefined;
  private readonly onAbort = (): void => {
    this.abortReason = ownReason(this.signal?.reason);
    this.finish(cancelledResult(this.call.name, this.signal?.reason), true);
  };

  constructor(
    private readonly host: CallHost,
    private readonly call: ToolInvocation,
  ) {}

  /** Queues the call; resolves to its result, at the latest at its deadline or the caller's abort. */
  start(): Promise<ToolResult> {
    const { call } = this;
    const name = call.name;
    const signal = call.ctx.signal;
    if (signal?.aborted) return Promise.resolve(cancelledResult(name, signal.reason));
    if (call.deadline !== undefined && Date.now() >= call.deadline) return Promise.resolve(timedOutResult(name, call.timeoutMs));

    let idempotent: boolean;
    try {
      idempotent = call.tool.isIdempotent === true;
      const ctx = jobContext(call.ctx);
      this.data = {
        v: 1,
        callId: newCallId(),
        tool: name,
        fingerprint: schemaFingerprint(call.tool),
        // As ajv passed them, before a Standard Schema library's transform: the worker validates them again (ajv, then the library).
        args: call.input as Record<string, unknown>,
        ctx,
        idempotent,
      };
      if (call.deadline !== undefined) this.data.deadline = call.deadline;
      if (call.timeoutMs !== undefined && Number.isFinite(call.timeoutMs)) this.data.timeoutMs = call.timeoutMs;
      if (idempotent) {
        this.callKey = idempotentCallKey(name, this.data.fingerprint, this.data.args, ctx);
        if (this.host.settings.resultTtlMs > 0) this.data.resultTtlMs = this.host.settings.resultTtlMs;
      }
      // Last: the approval covers everything else in the job.
      if (this.host.secret !== undefined) this.data.approval = approveJob(this.host.secret, this.host.keys.base, this.data);
    } catch (error) {
      return Promise.resolve(queueFailure(name, `the call could not be prepared for the queue: ${errorMessage(error)}`, { reason: 'not-queued' }));
    }

    this.jobId = this.callKey !== undefined ? idempotentJobId(this.callKey) : callJobId(this.data.callId);
    // The deadline and the caller's abort hold from here on, even while Redis does not answer.
    const result = new Promise<ToolResult>((resolve) => (this.resolve = resolve));
    if (call.deadline !== undefined) this.timer = setTimeout(() => this.finish(timedOutResult(name, call.timeoutMs), true), call.deadline - Date.now());
    if (signal !== undefined) {
      this.signal = signal;
      signal.addEventListener('abort', this.onAbort, { once: true });
      if (signal.aborted) this.onAbort();
    }
    void this.enqueue();
    return result;
  }

  /** Waits for the event reader, joins an identical idempotent call or takes its kept result, and queues the job. */
  private async enqueue(): Promise<void> {
    const { call, host } = this;
    const name = call.name;
    try {
      await host.ready();
    } catch (error) {
      this.finish(queueFailure(name, `cannot listen to the queue's events: ${errorMessage(error)}`, { reason: 'not-queued' }), false);
      return;
    }
    if (this.callKey !== undefined && !this.settled) {
      const keepMs = call.deadline === undefined ? NO_DEADLINE_KEEP_MS : Math.max(0, call.deadline - Date.now()) + 60_000;
      let kept: string | null;
      try {
        kept = await host.redis.vtJoin(host.keys.result(this.callKey), host.keys.waiters(this.jobId), host.settings.resultTtlMs > 0 ? '1' : '0', keepMs);
      } catch (error) {
        this.finish(queueFailure(name, `the call could not be queued: ${errorMessage(error)}`, { reason: 'not-queued' }), false);
        return;
      }
      if (kept !== null) {
        this.finish(keptResult(name, kept), false);
        return;
      }
      this.joined = true;
      // Ended while joining: count this caller out again; nothing was queued.
      if (this.settled) host.background(this.release(false));
    }
    if (!this.settled) {
      host.register(this.jobId, this);
      this.added = this.add();
    }
  }

  /**
   * The job finished: its result, unless it ended for another caller of a shared
   * job this call still waits for: cancelled by them, or timed out at their deadline
   * (the job carries the deadline of the caller who queued it). Then the job is
   * queued again, so that this call ends at its own deadline, as the README promises.
   */
  onCompleted(returnvalue: unknown): void {
    const result = resultFromWire(returnvalue ?? null);
    if (this.callKey !== undefined && (result.metadata?.cancelled === true || this.othersTimeout(result)) && this.resubmit()) return;
    this.finish(result, false);
  }

  /**
   * Whether a timed-out result is another caller's timeout, not this call's: this
   * call's deadline has not passed, and the result names another timeout than this
   * call's. A tool's own timeout on the worker names the tool's timeout, which is
   * this call's too (the caller's registry applies the same one), so such a run is
   * not repeated.
   */
  private othersTimeout(result: ToolResult): boolean {
    if (result.metadata?.timedOut !== true) return false;
    const { deadline, timeoutMs } = this.call;
    if (deadline !== undefined && Date.now() >= deadline) return false;
    return result.metadata.timeoutMs !== timeoutMs;
  }

  /** BullMQ failed the job (not the tool: a tool's failure completes the job with a failed result). */
  onFailed(reason: string): void {
    const name = this.call.name;
    if (reason === STALLED_REASON) {
      this.finish(
        this.data.idempotent
          ? queueFailure(name, 'the workers running it stopped more often than they allow (maxStalledCount); it was not run again', { reason: 'stalled' })
          : outcomeUnknownResult(name),
        false,
      );
      return;
    }
    this.finish(queueFailure(name, reason, { reason: 'failed' }), false);
  }

  /** Someone else removed the job (another caller's cancellation of a shared job, or a queue cleanup). */
  onRemoved(): void {
    if (this.callKey !== undefined && this.resubmit()) return;
    this.finish(queueFailure(this.call.name, 'its job was removed from the queue by another client, so it has no result; it was not retried', { reason: 'removed' }), false);
  }

  /**
   * A progress report or log message of the tool, for the caller's context,
   * under the caps the worker applies, whoever wrote the event (anyone who can
   * write to Redis can add one): at most one progress report per
   * `progressIntervalMs` (the latest wins; one held back goes before the
   * result), at most `MAX_LOGS_PER_CALL` log messages (then one warning that
   * the rest were dropped), messages and levels cut at 1,000 characters, the
   * logger's name too, and data over `MAX_LOG_DATA_CHARS` of JSON left out.
   */
  onUpdate(update: JobUpdate): void {
    if (this.settled || update === null || typeof update !== 'object') return;
    if (update.kind === 'progress') {
      if (typeof update.progress !== 'number' || !Number.isFinite(update.progress)) return;
      const report: ProgressUpdate = { progress: update.progress };
      if (typeof update.total === 'number' && Number.isFinite(update.total)) report.total = update.total;
      if (typeof update.message === 'string') report.message = capText(update.message);
      this.progressUpdate(report);
    } else if (update.kind === 'log' && typeof update.message === 'string') {
      this.logs += 1;
      if (this.logs > MAX_LOGS_PER_CALL + 1) return;
      if (this.logs === MAX_LOGS_PER_CALL + 1) {
        this.deliver(() => this.call.ctx.log?.('warning', DROPPED_LOGS_MESSAGE));
        return;
      }
      const level = (typeof update.level === 'string' ? capText(update.level) : 'info') as ToolLogLevel;
      const message = capText(update.message);
      const data = boundedData(update.data);
      // The logger's name only when the tool gave one, as core passes it on.
      const logger = typeof update.logger === 'string' ? cutText(update.logger, MAX_LOGGER_CHARS) : undefined;
      this.deliver(() => {
        if (logger !== undefined) this.call.ctx.log?.(level, message, data, logger);
        else this.call.ctx.log?.(level, message, data);
      });
    }
  }

  /** Passes a progress report on now, or holds it back (the latest wins) until `progressIntervalMs` has passed since the last one. */
  private progressUpdate(report: ProgressUpdate): void {
    const wait = this.lastProgress + this.host.settings.progressIntervalMs - Date.now();
    if (wait <= 0 && this.progressTimer === undefined) {
      this.reportProgress(report);
      return;
    }
    this.pendingProgress = report;
    this.progressTimer ??= setTimeout(() => this.flushProgress(), Math.max(wait, 0));
  }

  /** Passes on the progress report held back, if any. */
  private flushProgress(): void {
    if (this.progressTimer !== undefined) clearTimeout(this.progressTimer);
    this.progressTimer = undefined;
    const report = this.pendingProgress;
    this.pendingProgress = undefined;
    if (report !== undefined) this.reportProgress(report);
  }

  private reportProgress(report: ProgressUpdate): void {
    this.lastProgress = Date.now();
    this.deliver(() => this.call.ctx.reportProgress?.(report.progress, report.total, report.message));
  }

  /** Runs a receiver of the caller's context; one that throws is reported, not the call's problem. */
  private deliver(receive: () => void): void {
    try {
      receive();
    } catch (error) {
      this.host.logger.warn(`victor-tools queue: a progress or log receiver of '${this.call.name}' threw: ${errorMessage(error)}`);
    }
  }

  /** The job id, once Redis has acknowledged the job, while the call waits for it. */
  get queuedJobId(): string | undefined {
    return this.queued && !this.settled ? this.jobId : undefined;
  }

  /**
   * Redis lost the job (it restarted empty): as when a worker dies, an
   * idempotent call is queued again (counted again among its shared job's
   * waiters, whose count went with the rest), any other is answered
   * "outcome unknown", since it may have run before the job was lost.
   */
  onLost(): void {
    if (this.settled) return;
    const name = this.call.name;
    if (!this.data.idempotent) {
      this.finish(outcomeUnknownResult(name), false);
      return;
    }
    if (this.signal?.aborted || this.resubmits >= MAX_RESUBMITS) {
      this.finish(queueFailure(name, `Redis lost its job, which was queued again ${this.resubmits} times already; it was not queued again`, { reason: 'lost' }), false);
      return;
    }
    this.resubmits += 1;
    this.queued = false;
    this.added = this.rejoin().then(() => this.add());
  }

  /** Counts this caller among the waiters of its shared job again; a failure only makes the job easier to cancel. */
  private async rejoin(): Promise<void> {
    if (!this.joined || this.callKey === undefined) return;
    const keepMs = this.call.deadline === undefined ? NO_DEADLINE_KEEP_MS : Math.max(0, this.call.deadline - Date.now()) + 60_000;
    try {
      await this.host.redis.vtJoin(this.host.keys.result(this.callKey), this.host.keys.waiters(this.jobId), '0', keepMs);
    } catch (error) {
      this.host.logger.warn(`victor-tools queue: could not count a call of '${this.call.name}' among its job's waiters again: ${errorMessage(error)}`);
    }
  }

  /** Ends the call because its invoker closes; its job, if queued, stays on the queue. */
  abandon(): void {
    this.finish(queueFailure(this.call.name, 'the queue invoker was closed before the result came', { reason: 'closed' }), false);
  }

  /** Ends the call with `result` (the first answer wins); `cancelJob` also takes its job back. */
  finish(result: ToolResult, cancelJob: boolean): void {
    if (this.settled) return;
    // A progress report held back came before the answer: the caller sees it first, unless the call was cut short.
    if (cancelJob) this.pendingProgress = undefined;
    this.flushProgress();
    this.settled = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.signal?.removeEventListener('abort', this.onAbort);
    this.host.unregister(this.jobId, this);
    this.resolve?.(result);
    if (this.joined || cancelJob) this.host.background(this.release(cancelJob));
  }

  private async add(): Promise<boolean> {
    const { settings } = this.host;
    const options: JobsOptions = { jobId: this.jobId, sizeLimit: settings.maxJobBytes };
    if (this.data.idempotent) {
      options.attempts = settings.attempts;
      options.backoff = { type: 'exponential', delay: settings.backoffMs, jitter: settings.backoffJitter };
    }
    try {
      await this.host.queue.add(this.call.name, this.data, options);
      this.queued = true;
      return true;
    } catch (error) {
      this.finish(queueFailure(this.call.name, `the call could not be queued: ${errorMessage(error)}`, { reason: 'not-queued' }), false);
      return false;
    }
  }

  /** Queues the shared job again for the callers still waiting; false when it was done too often. */
  private resubmit(): boolean {
    if (this.settled || this.signal?.aborted || this.resubmits >= MAX_RESUBMITS) return false;
    this.resubmits += 1;
    this.queued = false;
    this.added = this.add();
    return true;
  }

  /**
   * After the call ended: one waiter fewer on a shared job; and when the call
   * was cut short and nobody else waits, the job is taken back (removed while
   * it waits; while it runs, every worker is told, and the one holding it aborts it).
   */
  private async release(cancelJob: boolean): Promise<void> {
    const { host } = this;
    let last = true;
    if (this.joined) last = (await host.redis.vtLeave(host.keys.waiters(this.jobId))) <= 0;
    if (!cancelJob || !last || this.added === undefined || !(await this.added)) return;
    const removed = await host.queue.remove(this.jobId);
    if (removed !== 1) {
      for (const message of cancelMessages(this.jobId, this.abortReason)) await host.redis.publish(host.keys.cancelChannel, message);
    }
  }
}

/** A progress report as the caller's `reportProgress` takes it. */
interface ProgressUpdate {
  progress: number;
  total?: number;
  message?: string;
}

/** Log data as it goes to the caller: left out when its JSON is over `MAX_LOG_DATA_CHARS`, as the worker leaves it out. */
function boundedData(data: unknown): unknown {
  if (data === undefined) return undefined;
  try {
    const json = JSON.stringify(data);
    return json !== undefined && json.length <= MAX_LOG_DATA_CHARS ? data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The text of an abort reason the caller gave, for the tool on the worker; undefined for
 * a plain `abort()` (an AbortError), which the worker words as it always has.
 */
function ownReason(reason: unknown): string | undefined {
  if (reason === undefined) return undefined;
  if (reason instanceof DOMException && reason.name === 'AbortError') return undefined;
  return errorMessage(reason);
}

function keptResult(name: string, json: string): ToolResult {
  try {
    return resultFromWire(JSON.parse(json));
  } catch (error) {
    return queueFailure(name, `its kept result could not be read: ${errorMessage(error)}`, { reason: 'kept-result' });
  }
}
