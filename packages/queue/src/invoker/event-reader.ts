import type { Redis } from 'ioredis';
import type { Logger } from '@victor-tools/core';
import type { JobUpdate } from '../job';
import { capText, errorMessage } from '../results';

/** What the reader hands on: the events of a job that a call may wait for. */
export interface JobEvents {
  completed(jobId: string, returnvalue: unknown): void;
  failed(jobId: string, failedReason: string): void;
  removed(jobId: string): void;
  progress(jobId: string, data: JobUpdate): void;
}

/** XREAD's answer: per stream, its entries as [id, [field, value, ...]]. */
type StreamReply = Array<[string, Array<[string, string[]]>]>;

const LOST = Symbol('lost');
const STOPPED = Symbol('stopped');

/** How long one XREAD blocks on the server, as BullMQ's QueueEvents does. */
const BLOCK_MS = 10_000;
/** Past BLOCK_MS by this much, a read is taken as lost (see `read`). */
const READ_MARGIN_MS = 1_000;
/** Wait before reading again after a failed read. */
const RETRY_MS = 1_000;
/** How long `close()` and a reconnect wait for the connection to end before going on without it. */
const END_WAIT_MS = 2_000;
/** Most skipped events reported per minute: a stream full of them must not flood the log. */
const MAX_REPORTS_PER_MINUTE = 10;

/**
 * Reads the queue's event stream (`<prefix>:<queue>:events`, which BullMQ's
 * scripts write) from `startId` on, and hands each `completed`, `failed`,
 * `removed` and `progress` event to `events`. One blocking connection, one
 * reader per invoker, whatever the number of calls in flight.
 *
 * The package's own loop rather than BullMQ's `QueueEvents`, which parses a
 * completed event's `returnvalue` and a progress event's `data` with a bare
 * `JSON.parse` in its read loop: one event that is not JSON (anyone who can
 * write to Redis can add one) ended the loop for good, and every later call
 * of every invoker on that queue waited for its deadline. Here an event that
 * cannot be read is reported and skipped, and a failed read is tried again.
 */
export class EventReader {
  private closing = false;
  private running: Promise<void> | undefined;
  private reports = 0;
  private reportsSince = 0;
  /** Resolves on `close()`: a read or reconnect waiting on a Redis that is away stops waiting. */
  private readonly stopped: Promise<typeof STOPPED>;
  private stop!: () => void;

  constructor(
    private readonly client: Redis,
    private readonly streamKey: string,
    private lastId: string,
    private readonly events: JobEvents,
    private readonly logger: Logger,
    private readonly label: string,
  ) {
    this.stopped = new Promise((resolve) => (this.stop = () => resolve(STOPPED)));
  }

  /** Starts reading; the loop runs until `close()`. */
  start(): void {
    this.running ??= this.loop();
  }

  /**
   * Stops reading and closes the connection, within `END_WAIT_MS` whatever
   * Redis does: while it is away, ioredis holds the pending read and answers it
   * neither way, so the loop is released by `stopped` rather than by its read.
   */
  async close(): Promise<void> {
    this.closing = true;
    this.stop();
    this.client.disconnect();
    await within(this.running, END_WAIT_MS);
  }

  private async loop(): Promise<void> {
    while (!this.closing) {
      let reply: StreamReply | null;
      try {
        reply = await this.read();
      } catch (error) {
        if (this.closing) return;
        this.logger.warn(`${this.label}: reading the queue's events failed, trying again: ${errorMessage(error)}`);
        await sleep(RETRY_MS);
        continue;
      }
      for (const [, entries] of reply ?? []) {
        for (const [id, fields] of entries) {
          this.lastId = id;
          this.handle(id, fields);
        }
      }
    }
  }

  /**
   * One XREAD, raced against a watchdog: with `maxRetriesPerRequest: null`,
   * ioredis holds a read while Redis is away and sends an interrupted one
   * again after a reconnect, and such a read has been seen never to answer
   * (BullMQ guards its own reads the same way). Past the watchdog the
   * connection is closed, which drops the read, and opened again; the loop
   * then reads from the last event it handled, so nothing is skipped.
   */
  private async read(): Promise<StreamReply | null> {
    const pending = this.client.xread('BLOCK', BLOCK_MS, 'STREAMS', this.streamKey, this.lastId) as Promise<StreamReply | null>;
    pending.catch(() => undefined); // dropped by the watchdog: not an unhandled rejection
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const watchdog = new Promise<typeof LOST>((resolve) => (timer = setTimeout(() => resolve(LOST), BLOCK_MS + READ_MARGIN_MS)));
      try {
        const answer = await Promise.race([pending, watchdog, this.stopped]);
        if (answer === STOPPED) return null;
        if (answer !== LOST) return answer;
      } finally {
        clearTimeout(timer);
      }
      // Redis is away and ioredis is reconnecting: it holds the read and sends it again once
      // Redis is back, so keep waiting for it. Disconnecting now would not help: ioredis then
      // stops reconnecting and never emits 'end' (the reconnect would wait for it forever).
      if (this.client.status === 'ready' || this.client.status === 'end') break;
    }
    await this.reconnect();
    return null;
  }

  private async reconnect(): Promise<void> {
    if (this.closing) return;
    if (this.client.status !== 'end') {
      let ended!: () => void;
      const end = new Promise<void>((resolve) => (ended = resolve));
      this.client.once('end', ended);
      this.client.disconnect();
      // Bounded: a socket that does not close in time is left to ioredis, and the next read's watchdog tries again.
      await within(Promise.race([end, this.stopped]), END_WAIT_MS);
      this.client.off('end', ended);
    }
    // A failed connect is retried by ioredis itself; the next read waits for it.
    if (!this.closing) await this.client.connect().catch(() => undefined);
  }

  private handle(id: string, fields: string[]): void {
    const event: Record<string, string> = {};
    for (let i = 0; i + 1 < fields.length; i += 2) event[fields[i]] = fields[i + 1];
    const { jobId } = event;
    if (jobId === undefined) return;
    let deliver: (() => void) | undefined;
    try {
      switch (event.event) {
        case 'completed': {
          const returnvalue: unknown = JSON.parse(event.returnvalue ?? 'null');
          deliver = () => this.events.completed(jobId, returnvalue);
          break;
        }
        case 'failed':
          deliver = () => this.events.failed(jobId, event.failedReason ?? '');
          break;
        case 'removed':
          deliver = () => this.events.removed(jobId);
          break;
        case 'progress': {
          const data = JSON.parse(event.data ?? 'null') as JobUpdate;
          deliver = () => this.events.progress(jobId, data);
          break;
        }
        default:
        // added, waiting, active, delayed, ...: nothing a call waits for.
      }
    } catch (error) {
      this.report(`${this.label}: skipped event ${id} (${capText(String(event.event))} of job ${capText(jobId)}), which cannot be read: ${errorMessage(error)}`);
      return;
    }
    try {
      deliver?.();
    } catch (error) {
      this.logger.error(`${this.label}: handling event ${id} of job ${capText(jobId)} failed: ${errorMessage(error)}`);
    }
  }

  private report(message: string): void {
    const now = Date.now();
    if (now - this.reportsSince >= 60_000) {
      if (this.reports > MAX_REPORTS_PER_MINUTE) {
        this.logger.warn(`${this.label}: ${this.reports - MAX_REPORTS_PER_MINUTE} more events that cannot be read were skipped in the last minute`);
      }
      this.reports = 0;
      this.reportsSince = now;
    }
    this.reports += 1;
    if (this.reports <= MAX_REPORTS_PER_MINUTE) this.logger.warn(message);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** Waits for `work`, but no longer than `ms`. */
async function within(work: Promise<unknown> | undefined, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
