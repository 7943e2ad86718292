import { Queue } from 'bullmq';
import { ToolResult, type Logger } from '@victor-tools/core';
import { bullConnection, closeRedis, createRedis } from '../connection';
import { inProcessInvoker, type ToolInvocation, type ToolInvoker } from '@victor-tools/core/framework';
import { QueueKeys } from '../job';
import { readSecret } from '../job-approval';
import { valueOrKind } from '@victor-tools/core/internal';
import { checkQueueOptions, DEFAULT_PREFIX, positiveInteger, type QueueInvokerOptions } from '../options';
import { errorMessage, queueFailure } from '../results';
import { EventReader } from './event-reader';
import { RemoteCall, type CallHost } from './remote-call';
import { defineScripts, type ScriptedRedis } from './scripts';

/** How long `close()` waits for leaving and cancelling messages still on their way. */
const CLOSE_WAIT_MS = 2_000;

/**
 * A `ToolInvoker` that runs calls on the workers of a BullMQ queue
 * (`startToolWorker`, `victor-tools worker`): `new ToolRegistry({ invoker: queueInvoker({ connection }) })`.
 * Everything before the invoker (resolve, enabled, availability, mode policy,
 * validation, approval, hooks) runs at the caller; the job carries the tool
 * name, its schema's fingerprint, the checked arguments, the JSON-safe context
 * (mode, sandbox, conversation id), the deadline and a call id.
 *
 * One event reader per invoker hears every job's events and hands each
 * to the calls waiting for that job, whatever the number of calls in flight.
 * When Redis comes back as a new server (restarted, its jobs lost), the calls
 * whose jobs are gone are queued again (idempotent ones) or answered
 * "outcome unknown" (the others), as when a worker dies.
 */
export class QueueInvoker implements ToolInvoker {
  /** The queue's name. */
  readonly queueName: string;
  private readonly queue: Queue;
  private readonly redis: ScriptedRedis;
  private readonly host: CallHost;
  private readonly waiting = new Map<string, RemoteCall[]>();
  /** Every call not answered yet, queued or still on its way to the queue. */
  private readonly live = new Set<RemoteCall>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly isRemote: (call: ToolInvocation) => boolean;
  private readonly logger: Logger;
  private readonly keys: QueueKeys;
  private events: EventReader | undefined;
  /** The Redis server's run id as last seen: another one after a reconnect is a restarted server. */
  private runId: string | undefined;
  private starting: Promise<void> | undefined;
  private closing: Promise<void> | undefined;

  constructor(private readonly options: QueueInvokerOptions) {
    this.queueName = checkQueueOptions('queueInvoker', options);
    const prefix = options.prefix ?? DEFAULT_PREFIX;
    this.logger = options.logger ?? console;
    const settings = Object.freeze({
      attempts: positiveInteger('attempts', options.attempts, 3),
      backoffMs: positiveInteger('backoffMs', options.backoffMs, 200, 0),
      backoffJitter: fraction('backoffJitter', options.backoffJitter, 0.5),
      resultTtlMs: positiveInteger('resultTtlMs', options.resultTtlMs, 0, 0),
      maxJobBytes: positiveInteger('maxJobBytes', options.maxJobBytes, 1024 * 1024),
      progressIntervalMs: positiveInteger('progressIntervalMs', options.progressIntervalMs, 100, 0),
    });
    this.isRemote = routing(options.remote);
    const secret = readSecret(options.secret);
    this.keys = new QueueKeys(prefix, this.queueName);
    this.queue = new Queue(this.queueName, {
      connection: bullConnection(options.connection),
      prefix,
      // Finished jobs leave Redis at once: results travel on the event stream,
      // and an idempotent call's job id must be free again for the next call.
      defaultJobOptions: { removeOnComplete: true, removeOnFail: true },
      streams: { events: { maxLen: positiveInteger('eventsMaxLen', options.eventsMaxLen, 100_000) } },
    });
    this.queue.on('error', (error) => this.logger.error(`victor-tools queue '${this.queueName}': ${errorMessage(error)}`));
    this.redis = defineScripts(createRedis(options.connection, `victor-tools:invoker:${this.queueName}`));
    this.redis.on('error', (error) => this.logger.warn(`victor-tools queue '${this.queueName}': ${errorMessage(error)}`));
    // 'ready' comes with every (re)connection: the moment to see whether Redis lost its jobs.
    this.redis.on('ready', () => void this.checkServer());
    const waiting = this.waiting;
    const pending = this.pending;
    this.host = {
      queue: this.queue,
      redis: this.redis,
      keys: this.keys,
      logger: this.logger,
      settings,
      secret,
      ready: () => this.ready(),
      register(jobId, call) {
        const calls = waiting.get(jobId);
        if (calls === undefined) waiting.set(jobId, [call]);
        else calls.push(call);
      },
      unregister(jobId, call) {
        const calls = waiting.get(jobId);
        if (calls === undefined) return;
        const rest = calls.filter((c) => c !== call);
        if (rest.length === 0) waiting.delete(jobId);
        else waiting.set(jobId, rest);
      },
      background: (work) => {
        const tracked = work.catch((error: unknown) =>
          this.logger.warn(`victor-tools queue '${this.queueName}': could not release a finished call: ${errorMessage(error)}`),
        );
        pending.add(tracked);
        void tracked.finally(() => pending.delete(tracked));
      },
    };
  }

  /** Runs the call on a worker (or here, when the `remote` option keeps it local) and answers its result. */
  invoke(call: ToolInvocation): ToolResult | Promise<ToolResult> {
    if (this.closing !== undefined) {
      return queueFailure(call.name, 'the queue invoker is closed; the call was not run', { reason: 'closed' });
    }
    let remote: boolean;
    try {
      remote = this.isRemote(call);
    } catch (error) {
      return queueFailure(call.name, `the invoker's remote option threw: ${errorMessage(error)}; the call was not run`, { reason: 'remote-option' });
    }
    if (!remote) return inProcessInvoker.invoke(call);
    const remoteCall = new RemoteCall(this.host, call);
    this.live.add(remoteCall);
    return remoteCall.start().finally(() => this.live.delete(remoteCall));
  }

  /**
   * Starts listening to the queue's events (the first call does it too). The
   * reader starts at the Redis server's clock, read before any call is queued,
   * so no event of a call queued afterwards can be missed.
   */
  ready(): Promise<void> {
    this.starting ??= this.listen();
    return this.starting;
  }

  /** Calls waiting for a result now. */
  get inFlight(): number {
    let count = 0;
    for (const calls of this.waiting.values()) count += calls.length;
    return count;
  }

  /**
   * Answers the calls still waiting with a failure (their jobs stay queued),
   * and closes the invoker's connections.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      for (const call of [...this.live]) {
        call.abandon();
      }
      await within(Promise.all(this.pending), CLOSE_WAIT_MS);
      await Promise.all([this.queue.close(), closeRedis(this.redis)]);
      // A start still waiting for a Redis that never answered stays pending (ioredis does not
      // reject what it queued before a disconnect); it holds nothing open, and is not waited for.
      await within(this.starting?.catch(() => undefined), CLOSE_WAIT_MS);
      await this.events?.close();
    })();
    return this.closing;
  }

  private async listen(): Promise<void> {
    const [seconds, micros] = await this.redis.time();
    if (this.closing !== undefined) throw new Error('the queue invoker was closed');
    const now = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    const label = `victor-tools queue '${this.queueName}' events`;
    const client = createRedis(this.options.connection, `victor-tools:invoker-events:${this.queueName}`);
    client.on('error', (error) => this.logger.warn(`${label}: ${errorMessage(error)}`));
    this.events = new EventReader(
      client,
      `${this.keys.base}:events`,
      `${now - 1}-0`,
      {
        completed: (jobId, returnvalue) => this.each(jobId, (call) => call.onCompleted(returnvalue)),
        failed: (jobId, reason) => this.each(jobId, (call) => call.onFailed(reason)),
        removed: (jobId) => this.each(jobId, (call) => call.onRemoved()),
        progress: (jobId, update) => this.each(jobId, (call) => call.onUpdate(update)),
      },
      this.logger,
      label,
    );
    this.events.start();
  }

  /**
   * On each (re)connection: the server's run id, and when it is another
   * server's than before (Redis restarted), the calls in flight whose jobs it
   * no longer has are taken up again (see `RemoteCall.onLost`). A job still
   * there (a server restarted from its saved data, a replica promoted) goes
   * on as before. Calls whose job is still on its way to Redis are left to it:
   * their job is written to the server that is there now.
   */
  private async checkServer(): Promise<void> {
    let runId: string | undefined;
    try {
      runId = /^run_id:(\w+)/m.exec(await this.redis.info('server'))?.[1];
    } catch (error) {
      this.logger.warn(`victor-tools queue '${this.queueName}': could not read the Redis server's run id: ${errorMessage(error)}`);
      return;
    }
    const before = this.runId;
    this.runId = runId;
    if (before === undefined || runId === undefined || runId === before) return;
    const calls = [...this.live].filter((call) => call.queuedJobId !== undefined);
    if (calls.length === 0) return;
    let found: Array<[Error | null, unknown]> | null;
    try {
      const pipeline = this.redis.pipeline();
      for (const call of calls) pipeline.exists(`${this.keys.base}:${call.queuedJobId}`);
      found = await pipeline.exec();
    } catch (error) {
      this.logger.warn(`victor-tools queue '${this.queueName}': Redis restarted, and its jobs could not be looked for: ${errorMessage(error)}`);
      return;
    }
    const lost = calls.filter((_call, i) => found?.[i]?.[1] === 0);
    if (lost.length === 0) return;
    this.logger.warn(
      `victor-tools queue '${this.queueName}': Redis restarted and lost the jobs of ${lost.length} calls in flight: ` +
        'idempotent ones are queued again, the others answered "outcome unknown"',
    );
    for (const call of lost) call.onLost();
  }

  private each(jobId: string, deliver: (call: RemoteCall) => void): void {
    const calls = this.waiting.get(jobId);
    if (calls === undefined) return;
    for (const call of [...calls]) deliver(call);
  }
}

/** A `ToolInvoker` that runs calls on the workers of a BullMQ queue (see `QueueInvoker`). */
export function queueInvoker(options: QueueInvokerOptions): QueueInvoker {
  return new QueueInvoker(options);
}

function routing(remote: QueueInvokerOptions['remote']): (call: ToolInvocation) => boolean {
  if (remote === undefined) return () => true;
  if (typeof remote === 'function') return (call) => remote(call) === true;
  if (!Array.isArray(remote)) throw new TypeError('remote must be a list of tool names or a function (call) => boolean.');
  const names = new Set(remote);
  return (call) => names.has(call.name);
}

/** Waits for `work`, but no longer than `ms`. */
async function within(work: Promise<unknown> | undefined, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

function fraction(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) throw new RangeError(`${name} must be a number from 0 to 1, got ${valueOrKind(value)}.`);
  return value;
}
