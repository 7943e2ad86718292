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

/** How long one XREAD blocks on the server, as BullMQ's QueueEvents does. */
const BLOCK_MS = 10_000;
/** Past BLOCK_MS by this much, a read is taken as lost (see `read`). */
const READ_MARGIN_MS = 1_000;
/** Wait before reading again after a failed read. */
const RETRY_MS = 1_000;
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

  constructor(
    private readonly client: Redis,
    private readonly streamKey: string,
    private lastId: string,
    private readonly events: JobEvents,
    private readonly logger: Logger,
    private readonly label: string,
  ) {}

  /** Starts reading; the loop runs until `close()`. */
  start(): void {
    this.running ??= this.loop();
  }

  /** Stops reading and closes the connection. */
  async close(): Promise<void> {
    this.closing = true;
    this.client.disconnect();
    await this.running;
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
    let timer: NodeJS.Timeout | undefined;
    const watchdog = new Promise<typeof LOST>((resolve) => (timer = setTimeout(() => resolve(LOST), BLOCK_MS + READ_MARGIN_MS)));
    try {
      const answer = await Promise.race([pending, watchdog]);
      if (answer !== LOST) return answer;
    } finally {
      clearTimeout(timer);
    }
    await this.reconnect();
    return null;
  }

  private async reconnect(): Promise<void> {
    if (this.client.status !== 'end') {
      const ended = new Promise((resolve) => this.client.once('end', resolve));
      this.client.disconnect();
      await ended;
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
