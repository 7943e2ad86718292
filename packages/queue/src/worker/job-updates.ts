import { MAX_LOG_DATA_CHARS, MAX_LOGGER_CHARS, type JobUpdate } from '../job';
import type { ProgressReporter, ToolLogFunction } from '@victor-tools/core/framework';
import { describeValue, DROPPED_LOGS_MESSAGE, MAX_LOGS_PER_CALL } from '@victor-tools/core/internal';
import { capText, cutText } from '../results';


/**
 * Sends a running tool's progress reports and log messages to its caller as
 * BullMQ job progress (each an event on the queue's stream). Progress is
 * coalesced to one update per `intervalMs` (the latest wins; the last one is
 * flushed when the call ends, before its result), so a tool reporting in a
 * tight loop does not flood Redis; log messages are sent as they come, up to
 * 100 per call, with the logger's name when the tool gave one. Nothing is
 * sent once the call has settled.
 */
export class JobUpdates {
  private settled = false;
  private lastSent = 0;
  private pending: JobUpdate | undefined;
  private timer: NodeJS.Timeout | undefined;
  private logs = 0;
  private readonly sends = new Set<Promise<void>>();

  constructor(
    private readonly send: (update: JobUpdate) => Promise<void>,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  readonly reportProgress: ProgressReporter = (progress, total, message) => {
    if (this.settled || typeof progress !== 'number' || !Number.isFinite(progress)) return;
    const update: JobUpdate = { kind: 'progress', progress };
    if (typeof total === 'number' && Number.isFinite(total)) update.total = total;
    if (typeof message === 'string') update.message = capText(message);
    const wait = this.lastSent + this.intervalMs - Date.now();
    if (wait <= 0 && this.timer === undefined) {
      this.dispatch(update);
      return;
    }
    this.pending = update;
    this.timer ??= setTimeout(() => this.flushPending(), Math.max(wait, 0));
  };

  readonly log: ToolLogFunction = (level, message, data, logger) => {
    if (this.settled) return;
    this.logs += 1;
    if (this.logs > MAX_LOGS_PER_CALL + 1) return;
    if (this.logs === MAX_LOGS_PER_CALL + 1) {
      this.dispatch({ kind: 'log', level: 'warning', message: DROPPED_LOGS_MESSAGE });
      return;
    }
    const update: JobUpdate = { kind: 'log', level: capText(safeText(level)), message: capText(safeText(message)) };
    const json = data === undefined ? undefined : safeJson(data);
    if (json !== undefined && json.length <= MAX_LOG_DATA_CHARS) update.data = JSON.parse(json);
    if (typeof logger === 'string') update.logger = cutText(logger, MAX_LOGGER_CHARS);
    this.dispatch(update);
  };

  /** Ends the call's updates: sends the progress still held back and waits for what is on its way. */
  async settle(): Promise<void> {
    if (this.settled) return;
    this.flushPending();
    this.settled = true;
    await Promise.all(this.sends);
  }

  /** Ends the call's updates without sending anything more. */
  drop(): void {
    this.settled = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = undefined;
  }

  private flushPending(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const update = this.pending;
    this.pending = undefined;
    if (update !== undefined && !this.settled) this.dispatch(update);
  }

  private dispatch(update: JobUpdate): void {
    if (update.kind === 'progress') this.lastSent = Date.now();
    const sent = this.send(update).catch(this.onError);
    this.sends.add(sent);
    void sent.finally(() => this.sends.delete(sent));
  }
}

/**
 * A level or message as text for the wire, never throwing into the tool's call:
 * in process, core hands them on as they are, so a tool logging a null-prototype
 * object (or one whose toString throws) must not fail only on a worker.
 */
function safeText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return String(value);
  } catch {
    return describeValue(value);
  }
}

function safeJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}
