import type { Logger } from '@victor-tools/core';
import type { RedisConnection } from './connection';
import type { ToolInvocation } from '@victor-tools/core/framework';
import { capText, checkOptionKeys, describeValue, valueOrKind } from '@victor-tools/core/internal';

/** The queue every caller and worker uses unless told otherwise. */
export const DEFAULT_QUEUE = 'victor-tools';
/** BullMQ's own key prefix. */
export const DEFAULT_PREFIX = 'bull';

/** Where the calls go: shared by callers, workers and the tool-state sync. */
export interface QueueLocation {
  /** The Redis server (a URL, a unix socket path, or ioredis options). */
  connection: RedisConnection;
  /** The BullMQ queue name; 'victor-tools' by default. Callers and workers of one deployment use the same. */
  queue?: string;
  /** BullMQ's key prefix; 'bull' by default. */
  prefix?: string;
}

/** Options of `queueInvoker`. */
export interface QueueInvokerOptions extends QueueLocation {
  /**
   * Which calls run on the workers: every call by default; a list of
   * registered tool names; or a function of the call. The others run in this
   * process, as without the queue.
   */
  remote?: readonly string[] | ((call: ToolInvocation) => boolean);
  /** Runs of an idempotent call whose tool throws, the first included; 3 by default. */
  attempts?: number;
  /** First delay before a retry, doubled each time; 200 ms by default. */
  backoffMs?: number;
  /** Share of each retry delay drawn at random (0 to 1), so retries of many calls spread out; 0.5 by default. */
  backoffJitter?: number;
  /**
   * How long a successful result of an idempotent tool answers identical calls
   * (same tool, arguments, mode and sandbox) without running it again; 0 (the
   * default) keeps none. Failures are never kept.
   */
  resultTtlMs?: number;
  /** Largest job (the call's JSON) the invoker queues; 1 MiB by default. A larger call fails without being queued. */
  maxJobBytes?: number;
  /**
   * Least time between two progress reports of one call passed on to the caller's `ctx.reportProgress`,
   * in ms; 100 by default, as a worker's `progressIntervalMs` (give both the same). The latest report
   * wins, and one held back is passed on before the result. It holds whoever wrote the queue's event
   * stream, as do the worker's caps on log messages (100 per call, messages cut at 1,000 characters,
   * data over 8 KiB of JSON left out), which the invoker applies again.
   */
  progressIntervalMs?: number;
  /**
   * How many events the queue's event stream keeps (BullMQ's `streams.events.maxLen`); 100,000 by
   * default. A caller that falls further behind than this loses the results it missed (they time out).
   */
  eventsMaxLen?: number;
  /**
   * A secret shared with the workers (at least 16 characters; `openssl rand -hex 32` makes one).
   * Every job this invoker queues then carries an approval signed with it (an HMAC of the job, its
   * queue and an expiry), which tells a worker that the call passed this registry's checks. A worker
   * runs a tool that requires approval (WRITE, EXECUTE, MIXED, or a danger level of MEDIUM and
   * above) only with such an approval, and a worker given a secret runs no job without one.
   */
  secret?: string;
  /** Where connection errors and events it cannot read are reported; the console by default. */
  logger?: Logger;
}

/** Options of `startToolWorker`. */
export interface ToolWorkerOptions extends QueueLocation {
  /**
   * Tool runs at once in this worker; 10 by default. A run that goes on after its deadline or its
   * cancellation (a tool that ignores `ctx.signal`) keeps its slot until it ends, and is reported.
   */
  concurrency?: number;
  /**
   * The secret the invokers sign their jobs with (`QueueInvokerOptions.secret`). With it, the worker
   * runs only jobs whose approval holds, and a job of a tool that is not idempotent once. Without
   * it, the worker runs no tool that requires approval, since it cannot tell an invoker's job from
   * one written into Redis by anyone else.
   */
  secret?: string;
  /**
   * Timeout of a tool that sets no `timeoutMs`, counted from when the worker takes the call; 30,000 ms
   * by default, as a registry's `defaultTimeoutMs` (give both the same). 0 or Infinity: none. The
   * call's own deadline, which travels with it, may end it sooner.
   */
  defaultTimeoutMs?: number;
  /** The longest any call runs on this worker, whatever the tool or the job says, in ms; no cap by default. */
  maxTimeoutMs?: number;
  /**
   * How long a running call's lock lasts without renewal, in ms; 10,000 by default. The worker renews
   * it while the call runs; when the worker dies, its calls are taken up again once their locks have
   * expired and a stalled check (every `stalledInterval`) has seen them twice. Too short on a busy
   * machine, and a live worker loses the lock of a call that is still running ("Missing lock").
   */
  lockDuration?: number;
  /** How often stalled calls are looked for, in ms; half of `lockDuration` by default. */
  stalledInterval?: number;
  /**
   * How many times a call may be found stalled (its worker gone) and taken up again before it fails;
   * 1 by default. An idempotent call runs again; any other call is answered "outcome unknown".
   */
  maxStalledCount?: number;
  /** The worker's name, in results and BullMQ's job records; `<hostname>:<pid>` by default. */
  name?: string;
  /** Least time between two progress updates of one call sent to its caller, in ms; 100 by default. */
  progressIntervalMs?: number;
  /** Largest result (as JSON) the worker sends back; 1 MiB by default. A larger one is answered with a failure. */
  maxResultBytes?: number;
  /** Where the worker reports what it cannot send to a caller (errors, lost connections); the console by default. */
  logger?: Logger;
}

/** Options of `ToolWorker.close`. */
export interface CloseWorkerOptions {
  /**
   * How long running calls may take to finish, in ms; 30,000 by default. The worker takes no new
   * call meanwhile. Calls still running then are aborted and left to the queue: an idempotent one
   * runs again on another worker, any other is answered "outcome unknown".
   */
  graceMs?: number;
}

/** Options of `syncToolStates`. */
export type SyncToolStatesOptions = QueueLocation & {
  /** Where errors of the sync are reported; the console by default. */
  logger?: Logger;
};

/** The options `queueInvoker` takes: any other is refused, so that a misspelt one is not dropped in silence. */
const INVOKER_OPTION_KEYS: ReadonlyArray<keyof QueueInvokerOptions> = [
  'connection', 'queue', 'prefix', 'remote', 'attempts', 'backoffMs', 'backoffJitter', 'resultTtlMs',
  'maxJobBytes', 'progressIntervalMs', 'eventsMaxLen', 'secret', 'logger',
];
/** The options `startToolWorker` takes. */
const WORKER_OPTION_KEYS: ReadonlyArray<keyof ToolWorkerOptions> = [
  'connection', 'queue', 'prefix', 'concurrency', 'secret', 'defaultTimeoutMs', 'maxTimeoutMs', 'lockDuration',
  'stalledInterval', 'maxStalledCount', 'name', 'progressIntervalMs', 'maxResultBytes', 'logger',
];

/** The options `syncToolStates` takes. */
const SYNC_OPTION_KEYS: ReadonlyArray<keyof SyncToolStatesOptions> = ['connection', 'queue', 'prefix', 'logger'];

/**
 * Checks the options of `queueInvoker`, `startToolWorker` or `syncToolStates` as core checks its own
 * (an object, no unknown key), and answers the queue's name: a non-empty string
 * without ':' (BullMQ refuses one, and only once connections are open). A
 * programmer error throws a TypeError naming `owner`.
 */
export function checkQueueOptions(owner: 'queueInvoker' | 'startToolWorker' | 'syncToolStates', options: unknown): string {
  checkOptionKeys(owner, options, owner === 'queueInvoker' ? INVOKER_OPTION_KEYS : owner === 'startToolWorker' ? WORKER_OPTION_KEYS : SYNC_OPTION_KEYS);
  const queue = (options as QueueLocation).queue ?? DEFAULT_QUEUE;
  if (typeof queue !== 'string' || queue === '') throw new TypeError(`${owner}: option 'queue' must be a non-empty string, got ${describeValue(queue)}.`);
  if (queue.includes(':')) throw new TypeError(`${owner}: option 'queue' cannot contain ':' (BullMQ refuses it), got '${capText(queue)}'.`);
  return queue;
}

/** A positive integer option, or its default; a programmer error throws. */
export function positiveInteger(name: string, value: number | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min) throw new RangeError(`${name} must be an integer of at least ${min}, got ${valueOrKind(value)}.`);
  return value;
}
