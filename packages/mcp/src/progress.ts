import type { ProgressNotification, ProgressToken } from '@modelcontextprotocol/sdk/types.js';
import { limitText } from './limits';

/** What a tool calls to report progress: `ctx.reportProgress(progress, total?, message?)`. */
export type ProgressReporter = (progress: number, total?: number, message?: string) => void;

/** At most four progress notifications per call in any one second. */
const MAX_PER_WINDOW = 4;
const WINDOW_MS = 1000;
/** A progress message is a status line, not a payload. */
const MAX_MESSAGE_LENGTH = 1000;

/**
 * A progress reporter sending `notifications/progress` for one call, as the
 * MCP client asked with `progressToken`. Throttled to four notifications in
 * any one second: reports go out at once until four went out within the last
 * second, then the latest report waits for the next free slot (the ones it
 * replaced are dropped). So a short tool's few reports all arrive, and a
 * chatty one's stream stays at four a second. A report whose progress does
 * not increase is dropped (MCP requires it to increase), and nothing is sent
 * once `stop()` ran, i.e. once the call settled: a report still waiting then
 * is dropped.
 */
export function progressNotifier(
  progressToken: ProgressToken,
  send: (notification: ProgressNotification) => Promise<void>,
): { report: ProgressReporter; stop(): void } {
  let last = -Infinity;
  /** When the last (up to four) notifications went out, oldest first. */
  const sentAt: number[] = [];
  let pending: ProgressNotification | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const flush = () => {
    timer = undefined;
    if (stopped || pending === undefined) return;
    const notification = pending;
    pending = undefined;
    sentAt.push(Date.now());
    if (sentAt.length > MAX_PER_WINDOW) sentAt.shift();
    // A notification that cannot be delivered (the client left) is not the tool's problem.
    send(notification).catch(() => undefined);
  };

  const report: ProgressReporter = (progress, total, message) => {
    if (stopped || typeof progress !== 'number' || !Number.isFinite(progress) || progress <= last) return;
    last = progress;
    const params: ProgressNotification['params'] = { progressToken, progress };
    if (typeof total === 'number' && Number.isFinite(total)) params.total = total;
    if (typeof message === 'string') params.message = limitText(message, MAX_MESSAGE_LENGTH);
    pending = { method: 'notifications/progress', params };
    const wait = sentAt.length < MAX_PER_WINDOW ? 0 : sentAt[0] + WINDOW_MS - Date.now();
    if (wait <= 0 && timer === undefined) flush();
    else timer ??= setTimeout(flush, Math.max(0, wait));
  };

  return {
    report,
    stop() {
      stopped = true;
      pending = undefined;
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
