import { cutText } from '@victor-tools/core/internal';

/**
 * The most characters of text one `tools/call` answer carries (a tool's
 * output, an error message). The official client drops a connection on a
 * stdio line over 10 MB; 1,000,000 characters stay well under that even when
 * JSON escaping swells every character to six.
 */
export const DEFAULT_MAX_TEXT_LENGTH = 1_000_000;

/**
 * The largest request accepted, in bytes (an HTTP body, a stdio line): the
 * SDK's own bound for HTTP bodies (4 MiB), applied to stdio as well.
 */
export const DEFAULT_MAX_REQUEST_BYTES = 4 * 1024 * 1024;

/**
 * `text` when it has at most `limit` characters; otherwise cut, followed by a
 * line saying how much was cut, the whole at most `limit` characters (for a
 * limit longer than that line). The line counts, so a text cut here passes a
 * second hop with the same limit (a gateway in front of a server) unchanged,
 * still saying how much the first cut left out. Never splits a surrogate pair.
 */
export function limitText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const note = (cut: number, length: number): string => `\n[cut: ${cut} of ${length} characters left out, over the limit of ${limit}]`;
  // The line is longest when everything is cut: room for that is kept.
  return cutText(text, Math.max(0, limit - note(text.length, text.length).length), note);
}

/** Checks a limit option: a positive number (Infinity allowed), or the default when undefined. */
export function positiveLimit(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || Number.isNaN(value) || value <= 0) {
    throw new RangeError(`${name} must be a positive number, got ${String(value)}`);
  }
  return value;
}
