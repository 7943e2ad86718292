import { hostname } from 'node:os';
import { Worker, type Job } from 'bullmq';
import type { Logger, ToolRegistry } from '@victor-tools/core';
import { DEFAULT_TIMEOUT_MS, timeoutDelay, valueOrKind } from '@victor-tools/core/internal';
import { bullConnection, closeRedis, createRedis } from '../connection';
import { QueueKeys, readCancelMessage } from '../job';
import { readSecret } from '../job-approval';
import { checkQueueOptions, DEFAULT_PREFIX, positiveInteger, type CloseWorkerOptions, type ToolWorkerOptions } from '../options';
import { errorMessage } from '../results';
import { RecentCancellations } from './recent-cancellations';
import { runToolJob, type RunnerHost } from './run-tool-job';

const DEFAULT_GRACE_MS = 30_000;
/** After the grace period, how long each step of the forced close waits for BullMQ. */
const FORCE_WAIT_MS = 2_000;

/** A running worker, as `startToolWorker` resolves to it. */
export interface ToolWorker {
  /** The worker's name. */
  readonly name: string;
  /** The queue it takes calls from. */
  readonly queue: string;
  /** Tool runs going on now, those that go on past their deadline or cancellation included. */
  readonly running: number;
  /**
   * Stops taking calls, lets running ones finish within `graceMs`, then closes every
   * connection. Calls still running after the grace period are aborted and left to the
   * queue (their results are not sent: the queue takes them up again).
   */
  close(options?: CloseWorkerOptions): Promise<void>;
}

/**
 * Takes tool calls from the queue and runs them with the tools of `registry`:
 * looks the tool up by its registered name, refuses a call made against another
 * schema, and applies again what the caller's registry checked and a job can
 * lie about (the queue is not trusted): the agent mode's policy, validation
 * (ajv, then a Standard Schema's library), the EXPLORE sandbox, and approval
 * (a tool that requires it runs only from a job signed with the `secret` the
 * invokers share). It runs the tool with the documented context keys only,
 * under the earliest of the call's deadline and the tool's own timeout (or the
 * worker's default, at most `maxTimeoutMs`) and an abort signal that the
 * caller's cancellation reaches, sends its progress and logs to the caller,
 * and answers its ToolResult. At most `concurrency` tools run at once: a run
 * that goes on past its stop keeps its slot until it ends. The registry's
 * hooks, enabled state and loop detection stay the caller's.
 */
export async function startToolWorker(registry: Pick<ToolRegistry, 'get'>, options: ToolWorkerOptions): Promise<ToolWorker> {
  const queue = checkQueueOptions('startToolWorker', options);
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const lockDuration = positiveInteger('lockDuration', options.lockDuration, 10_000, 100);
  const settings = {
    concurrency: positiveInteger('concurrency', options.concurrency, 10),
    lockDuration,
    stalledInterval: positiveInteger('stalledInterval', options.stalledInterval, Math.ceil(lockDuration / 2), 50),
    maxStalledCount: positiveInteger('maxStalledCount', options.maxStalledCount, 1, 0),
    progressIntervalMs: positiveInteger('progressIntervalMs', options.progressIntervalMs, 100, 0),
    maxResultBytes: positiveInteger('maxResultBytes', options.maxResultBytes, 1024 * 1024),
    defaultTimeoutMs: timeoutDelay(nonNegative('defaultTimeoutMs', options.defaultTimeoutMs) ?? DEFAULT_TIMEOUT_MS),
    maxTimeoutMs: timeoutDelay(nonNegative('maxTimeoutMs', options.maxTimeoutMs)),
    secret: readSecret(options.secret),
  };
  const name = options.name ?? `${hostname()}:${process.pid}`;
  const logger: Logger = options.logger ?? console;
  const keys = new QueueKeys(prefix, queue);
  const cancellations = new RecentCancellations();
  const commands = createRedis(options.connection, `victor-tools:worker:${name}`);
  const subscriber = createRedis(options.connection, `victor-tools:worker-cancel:${name}`);
  let running = 0;

  const host: RunnerHost = {
    registry,
    workerName: name,
    progressIntervalMs: settings.progressIntervalMs,
    maxResultBytes: settings.maxResultBytes,
    defaultTimeoutMs: settings.defaultTimeoutMs,
    maxTimeoutMs: settings.maxTimeoutMs,
    secret: settings.secret,
    queueBase: keys.base,
    controllers: new Set(),
    wasCancelled: (jobId) => cancellations.has(jobId),
    cancelReason: (jobId) => cancellations.reason(jobId),
    keepResult: async (callKey, json, ttlMs) => {
      await commands.set(keys.result(callKey), json, 'PX', ttlMs);
    },
    claimApproval: async (callId, ttlMs) => (await commands.set(keys.usedApproval(callId), '1', 'PX', ttlMs, 'NX')) === 'OK',
    warn: (message, error) => logger.warn(`victor-tools worker ${name}: ${message}`, ...(error === undefined ? [] : [error])),
  };

  // Three parameters: BullMQ then hands each job an AbortSignal that worker.cancelJob aborts.
  // runToolJob resolves only when the tool's run has ended, so BullMQ's concurrency
  // counts runs: one that goes on past its deadline keeps its slot.
  const processor = async (job: Job, _token?: string, signal?: AbortSignal): Promise<unknown> => {
    running += 1;
    try {
      return await runToolJob(host, job, signal);
    } finally {
      running -= 1;
    }
  };
  // Inside the cleanup: should BullMQ refuse an option, the two connections above must not stay open.
  let worker: Worker;
  try {
    worker = new Worker(queue, processor, {
      connection: bullConnection(options.connection),
      prefix,
      name,
      concurrency: settings.concurrency,
      lockDuration: settings.lockDuration,
      stalledInterval: settings.stalledInterval,
      maxStalledCount: settings.maxStalledCount,
      autorun: false,
    });
  } catch (error) {
    await Promise.all([closeRedis(subscriber), closeRedis(commands)]);
    throw error;
  }
  worker.on('error', (error) => logger.error(`victor-tools worker ${name}: ${errorMessage(error)}`));

  // Only the worker holding a job can abort it, so every worker hears every cancellation.
  // The caller's reason, if it sent one, is kept for the run to hand its tool (runToolJob reads it).
  subscriber.on('message', (_channel: string, message: string) => {
    const { jobId, reason } = readCancelMessage(message);
    cancellations.add(jobId, reason);
    worker.cancelJob(jobId, 'cancelled by the caller');
  });
  subscriber.on('error', (error) => logger.warn(`victor-tools worker ${name}: cancellation channel: ${errorMessage(error)}`));
  commands.on('error', (error) => logger.warn(`victor-tools worker ${name}: ${errorMessage(error)}`));

  try {
    await subscriber.subscribe(keys.cancelChannel);
    await worker.waitUntilReady();
  } catch (error) {
    await Promise.all([worker.close(true), closeRedis(subscriber), closeRedis(commands)]);
    throw error;
  }
  void worker.run().catch((error: unknown) => logger.error(`victor-tools worker ${name} stopped: ${errorMessage(error)}`));

  let closing: Promise<void> | undefined;
  return {
    name,
    queue,
    get running() {
      return running;
    },
    close(closeOptions: CloseWorkerOptions = {}) {
      closing ??= (async () => {
        const graceMs = Math.max(0, closeOptions.graceMs ?? DEFAULT_GRACE_MS);
        // BullMQ's graceful close: it cuts the blocking connection, so that no new call is
        // taken (a pause would still take the one its pending fetch brings), and waits
        // for the running calls.
        const graceful = worker.close();
        let timer: NodeJS.Timeout | undefined;
        const inTime = await Promise.race([
          graceful.then(() => true),
          new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
        ]);
        clearTimeout(timer);
        if (!inTime) {
          // The calls still running are left to the queue: with the worker's connections cut,
          // their results cannot be written, their locks expire, and the queue takes them up
          // again (an idempotent call runs on another worker, any other is answered "outcome unknown").
          // Bounded: while Redis is away, BullMQ's disconnect waits for an 'end' event ioredis never
          // emits for a client that is reconnecting, and its close for Redis; a worker stopping on
          // SIGTERM during an outage must still stop.
          await within(Promise.all([worker.disconnect(), forceDisconnect(worker)]), FORCE_WAIT_MS);
          for (const controller of host.controllers) controller.abort(new Error('the worker stopped'));
          await within(graceful, FORCE_WAIT_MS);
        }
        await Promise.all([closeRedis(subscriber), closeRedis(commands)]);
      })();
      return closing;
    },
  };
}

/** A timeout option: a number of at least 0 (0 or Infinity: none), or undefined; a programmer error throws. */
function nonNegative(name: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) throw new RangeError(`${name} must be a number of milliseconds of at least 0 (0 or Infinity: none), got ${valueOrKind(value)}.`);
  return value;
}

/**
 * Drops the worker's two connections at once, so that each emits 'end'. BullMQ's
 * close and disconnect wait for that event, which ioredis never emits for a client
 * disconnected while it reconnects to a Redis that is away: it only stops retrying.
 * One more connect of such a client fails at once (or, should Redis be back, is
 * disconnected again) and, as the client was closed by hand, ends it with 'end';
 * BullMQ's close then goes on and stops its timers, which would keep the process alive.
 */
async function forceDisconnect(worker: Worker): Promise<void> {
  const backend = worker.getBackend();
  const clients = await Promise.all([backend.client, backend.blockingClient]);
  for (const client of clients) {
    if (client === undefined || client.status === 'end') continue;
    const socketless = client.status === 'reconnecting';
    client.disconnect();
    if (socketless) client.connect().then(() => client.disconnect(), () => undefined);
  }
}

/** Waits for `work` (its failure included), but no longer than `ms`. */
async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
