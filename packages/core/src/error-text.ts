// The small text helpers of messages, one of each for every package (through
// `@victor-tools/core/internal`): cutting a text to a bound, saying what kind
// of value was given, and reading an error's message and name.

/** Longest message or echoed name a result carries; hostile input (a 10 MB path) must not come back whole. */
const MAX_ECHO_LENGTH = 1000;

/**
 * `text` when it has at most `max` characters; otherwise cut, never between
 * the two halves of a surrogate pair (an emoji), and marked:
 * - with a fixed `marker` (`'...'` by default), the whole, marker included,
 *   has at most `max` characters (a `max` shorter than the marker leaves
 *   no room for it: the text is cut to `max` without it);
 * - with a marker made from the number of characters cut (and the text's
 *   length), the first `max` characters are kept and the marker follows them.
 */
export function cutText(text: string, max: number, marker: string | ((cut: number, length: number) => string) = '...'): string {
  if (text.length <= max) return text;
  if (typeof marker !== 'string') {
    const kept = keptLength(text, max);
    return text.slice(0, kept) + marker(text.length - kept, text.length);
  }
  const fitting = marker.length <= max ? marker : '';
  return text.slice(0, keptLength(text, max - fitting.length)) + fitting;
}

/** How many of `text`'s first characters fit in `room`: one fewer when the last would be the first half of an emoji. */
function keptLength(text: string, room: number): number {
  const kept = Math.max(0, Math.floor(room));
  const last = text.charCodeAt(kept - 1);
  return kept > 0 && last >= 0xd800 && last <= 0xdbff ? kept - 1 : kept;
}

/** `text` cut to `MAX_ECHO_LENGTH` characters, saying how much was cut. */
export function capText(text: string): string {
  return cutText(text, MAX_ECHO_LENGTH, (cut) => `... (${cut} more characters)`);
}

/**
 * What kind of value `value` is, for a message that says what was given
 * instead: 'null', 'undefined', 'an array', 'a string', 'an empty string', 'a function',
 * 'function parse', 'an object', 'an object of class Date'. Never throws, and
 * never shows the value itself (a secret, or megabytes).
 */
export function describeValue(value: unknown): string {
  try {
    if (value === null) return 'null';
    if (value === undefined) return 'undefined';
    if (value === '') return 'an empty string';
    if (Array.isArray(value)) return 'an array';
    if (typeof value === 'function') return value.name ? `function ${value.name}` : 'a function';
    if (typeof value === 'object') {
      const name: unknown = (value as object).constructor?.name;
      return typeof name === 'string' && name !== '' && name !== 'Object' ? `an object of class ${name}` : 'an object';
    }
    return `a ${typeof value}`;
  } catch {
    return 'a value that cannot be inspected'; // a revoked Proxy, a throwing getter
  }
}

/**
 * What a message says was given where a number (or a flag) was wanted: a
 * number or a boolean as itself (short, and never a secret), anything else
 * as `describeValue` says it, so that the string '3' does not read as 3.
 */
export function valueOrKind(value: unknown): string {
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : describeValue(value);
}

/**
 * Turns anything a tool or hook may throw (an Error, a string, `undefined`, a
 * hostile object whose `toString` throws) into a message and a name, without
 * ever throwing itself. Messages longer than `MAX_ECHO_LENGTH` are cut.
 */
export function errorMessage(error: unknown): string {
  try {
    if (error instanceof Error) return capText(error.message || error.name || 'Error');
    if (error !== null && typeof error === 'object') {
      const message = (error as { message?: unknown }).message;
      if (typeof message === 'string' && message) return capText(message);
    }
    return capText(String(error));
  } catch {
    return `a value of type ${error === null ? 'null' : typeof error} that cannot be shown`;
  }
}

/** The error's class name (`TypeError`), or the type of a non-Error value thrown (`string`). */
export function errorName(error: unknown): string {
  try {
    if (error instanceof Error) return error.name || 'Error';
    if (error !== null && typeof error === 'object') {
      const name = (error as { name?: unknown }).name;
      if (typeof name === 'string' && name) return name;
      return 'object';
    }
    return error === null ? 'null' : typeof error;
  } catch {
    return 'unknown';
  }
}
