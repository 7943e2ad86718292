/**
 * Turns anything a tool or hook may throw (an Error, a string, `undefined`, a
 * hostile object whose `toString` throws) into a message and a name, without
 * ever throwing itself.
 */
export function errorMessage(error: unknown): string {
  try {
    if (error instanceof Error) return error.message || error.name || 'Error';
    if (error !== null && typeof error === 'object') {
      const message = (error as { message?: unknown }).message;
      if (typeof message === 'string' && message) return message;
    }
    return String(error);
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
