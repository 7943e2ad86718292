/** Timeout of a tool that sets none: a registry's `defaultTimeoutMs`, and a queue worker's. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** setTimeout's limit: Node fires a longer delay after 1 ms instead. */
const MAX_TIMER_DELAY_MS = 2_147_483_647;

/**
 * A timeout option as a timer delay: a positive number of milliseconds up to
 * setTimeout's limit, or `undefined` for "no timeout" (0, Infinity, a
 * negative number, NaN, or anything beyond the limit, about 24.8 days).
 */
export function timeoutDelay(ms: number | undefined): number | undefined {
  return typeof ms === 'number' && ms > 0 && ms <= MAX_TIMER_DELAY_MS ? ms : undefined;
}
