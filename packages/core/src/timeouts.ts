import { valueOrKind } from './error-text';

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

/**
 * Why `ms` cannot be a tool's `timeoutMs`, or undefined when it can: a number
 * of milliseconds, 0 or Infinity for none, or undefined for the registry's
 * default. A negative number or NaN would also mean "none" to `timeoutDelay`,
 * which is never what was meant.
 */
export function timeoutProblem(ms: unknown, key = 'timeoutMs'): string | undefined {
  if (ms === undefined || (typeof ms === 'number' && ms >= 0)) return undefined;
  return `${key} must be a number of milliseconds (0 or Infinity for no timeout) or undefined, got ${valueOrKind(ms)}`;
}
