/** Longest message or echoed name a result carries; hostile input (a 10 MB path) must not come back whole. */
const MAX_ECHO_LENGTH = 1000;

/** `text` cut to `MAX_ECHO_LENGTH` characters, saying how much was cut. */
export function capText(text: string): string {
  if (text.length <= MAX_ECHO_LENGTH) return text;
  return `${text.slice(0, MAX_ECHO_LENGTH)}... (${text.length - MAX_ECHO_LENGTH} more characters)`;
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
