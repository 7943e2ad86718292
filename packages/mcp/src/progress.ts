import type { ProgressNotification, ProgressToken } from '@modelcontextprotocol/sdk/types.js';
import { cutText } from './limits';

/** What a tool calls to report progress: `ctx.reportProgress(progress, total?, message?)`. */
export type ProgressReporter = (progress: number, total?: number, message?: string) => void;

/** At most four progress notifications per second and call. */
const MIN_INTERVAL_MS = 250;
/** A progress message is a status line, not a payload. */
const MAX_MESSAGE_LENGTH = 1000;

/**
 * A progress reporter sending `notifications/progress` for one call, as the
 * MCP client asked with `progressToken`. Throttled: the first report goes at
 * once, later ones at most every 250 ms (the latest report wins). A report
 * whose progress does not increase is dropped (MCP requires it to increase),
 * and nothing is sent once `stop()` ran, i.e. once the call settled.
 */
export function progressNotifier(
  progressToken: ProgressToken,
  send: (notification: ProgressNotification) => Promise<void>,
): { report: ProgressReporter; stop(): void } {
  let last = -Infinity;
  let lastSentAt = -Infinity;
  let pending: ProgressNotification | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const flush = () => {
    timer = undefined;
    if (stopped || pending === undefined) return;
    const notification = pending;
    pending = undefined;
    lastSentAt = Date.now();
    // A notification that cannot be delivered (the client left) is not the tool's problem.
    send(notification).catch(() => undefined);
  };

  const report: ProgressReporter = (progress, total, message) => {
    if (stopped || typeof progress !== 'number' || !Number.isFinite(progress) || progress <= last) return;
    last = progress;
    const params: ProgressNotification['params'] = { progressToken, progress };
    if (typeof total === 'number' && Number.isFinite(total)) params.total = total;
    if (typeof message === 'string') params.message = cutText(message, MAX_MESSAGE_LENGTH);
    pending = { method: 'notifications/progress', params };
    const wait = lastSentAt + MIN_INTERVAL_MS - Date.now();
    if (wait <= 0) flush();
    else timer ??= setTimeout(flush, wait);
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
