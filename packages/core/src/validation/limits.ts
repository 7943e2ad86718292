/** How deep arguments may nest; deeper input is refused instead of risking a stack overflow. */
export const MAX_ARGUMENT_DEPTH = 100;

/** How many problems a failed validation lists by default; the rest are counted ("... and N more problems"). */
export const DEFAULT_MAX_ERRORS = 20;

/** The longest the joined error text of a failed validation is by default (`errors.join('; ').length`). */
export const DEFAULT_MAX_ERROR_CHARS = 2048;

/** The smallest error text cap honoured: room for one shortened problem and the count of the others. */
export const MIN_MAX_ERROR_CHARS = 80;

/** The longest piece of the caller's input (a key, a path) repeated in a message or an issue. */
export const MAX_ECHO_CHARS = 120;
