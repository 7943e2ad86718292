// One limit and one way of cutting for every door (the framework adapters cut the same way).
export { DEFAULT_MAX_TEXT_LENGTH, limitText } from '@victor-tools/providers/framework';

/**
 * The largest request accepted, in bytes (an HTTP body, a stdio line): the
 * SDK's own bound for HTTP bodies (4 MiB), applied to stdio as well.
 */
export const DEFAULT_MAX_REQUEST_BYTES = 4 * 1024 * 1024;

/** Log messages, both ways (a tool's `ctx.log` sent to a client, a server's passed to `ctx.log`): a log line is a line. */
export const MAX_LOG_MESSAGE_LENGTH = 10_000;
/** The most characters of a logger's name. */
export const MAX_LOGGER_NAME_LENGTH = 1_000;
/** The most characters of JSON a log message's `data` may take; larger data is left out. */
export const MAX_LOG_DATA_LENGTH = 65_536;

/** Checks a limit option: a positive number (Infinity allowed), or the default when undefined. */
export function positiveLimit(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || Number.isNaN(value) || value <= 0) {
    throw new RangeError(`${name} must be a positive number, got ${String(value)}`);
  }
  return value;
}
