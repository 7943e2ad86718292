import { hostname } from 'node:os';
import { Worker, type Job } from 'bullmq';
import type { Logger, ToolRegistry } from '@victor-tools/core';
import { bullConnection, closeRedis, createRedis } from '../connection';
import { QueueKeys } from '../job';
import { DEFAULT_PREFIX, DEFAULT_QUEUE, positiveInteger, type CloseWorkerOptions, type ToolWorkerOptions } from '../options';
import { errorMessage } from '../results';
import { RecentCancellations } from './recent-cancellations';
import { runToolJob, type RunnerHost } from './run-tool-job';

const DEFAULT_GRACE_MS = 30_000;

/** A running worker, as `startToolWorker` resolves to it. */
export interface ToolWorker {
  /** The worker's name. */
  readonly name: string;
  /** The queue it takes calls from. */
  readonly queue: string;
  /** Calls running now. */
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
 * schema, validates the arguments again as the caller's registry did (ajv,
 * then a Standard Schema's library: the queue is not trusted), runs the
 * tool under the call's deadline and an abort signal that the caller's
 * cancellation reaches, sends its progress and logs to the caller, and answers
 * its ToolResult. The registry's hooks, approval and mode policy are not run
 * here: the caller's registry ran them before queueing the call.
 */
export async function startToolWorker(registry: Pick<ToolRegistry, 'get'>, options: ToolWorkerOptions): Promise<ToolWorker> {
  const queue = options.queue ?? DEFAULT_QUEUE;
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const lockDuration = positiveInteger('lockDuration', options.lockDuration, 10_000, 100);
  const settings = {
    concurrency: positiveInteger('concurrency', options.concurrency, 10),
    lockDuration,
    stalledInterval: positiveInteger('stalledInterval', options.stalledInterval, Math.ceil(lockDuration / 2), 50),
    maxStalledCount: positiveInteger('maxStalledCount', options.maxStalledCount, 1, 0),
    progressIntervalMs: positiveInteger('progressIntervalMs', options.progressIntervalMs, 100, 0),
    maxResultBytes: positiveInteger('maxResultBytes', options.maxResultBytes, 1024 * 1024),
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
    controllers: new Set(),
    wasCancelled: (jobId) => cancellations.has(jobId),
    keepResult: async (callKey, json, ttlMs) => {
      await commands.set(keys.result(callKey), json, 'PX', ttlMs);
    },
    warn: (message, error) => logger.warn(`victor-tools worker ${name}: ${message}`, ...(error === undefined ? [] : [error])),
  };

  // Three parameters: BullMQ then hands each job an AbortSignal that worker.cancelJob aborts.
  const processor = async (job: Job, _token?: string, signal?: AbortSignal): Promise<unknown> => {
    running += 1;
    try {
      return await runToolJob(host, job, signal);
    } finally {
      running -= 1;
    }
  };
  const worker = new Worker(queue, processor, {
    connection: bullConnection(options.connection),
    prefix,
    name,
    concurrency: settings.concurrency,
    lockDuration: settings.lockDuration,
    stalledInterval: settings.stalledInterval,
    maxStalledCount: settings.maxStalledCount,
    autorun: false,
  });
  worker.on('error', (error) => logger.error(`victor-tools worker ${name}: ${errorMessage(error)}`));

  // Only the worker holding a job can abort it, so every worker hears every cancellation.
  subscriber.on('message', (_channel: string, jobId: string) => {
    cancellations.add(jobId);
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
          await worker.disconnect();
          for (const controller of host.controllers) controller.abort(new Error('the worker stopped'));
          await Promise.race([graceful, sleep(5_000)]);
        }
        await Promise.all([closeRedis(subscriber), closeRedis(commands)]);
      })();
      return closing;
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
