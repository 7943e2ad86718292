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

/**
 * The most values (objects, arrays and the scalars in them, the root included)
 * whose problems are all looked for: ajv lists every problem of arguments this
 * size, and a Standard Schema's library (zod, valibot, arktype) runs on them.
 * Larger arguments are checked by ajv up to their first problem, and refused
 * before a Standard Schema's library runs. Each failing value costs ajv about
 * 1 µs and 160 bytes, and a library up to about 15 µs and 1 KB, so this keeps
 * the worst call near half a second and under 100 MB.
 */
export const DEFAULT_MAX_CHECKED_VALUES = 50_000;

/** `maxCheckedValues` as given, in whole values (`Infinity` for none), the default when it is no number, and never below 1. */
export function checkedValuesLimit(value: number | undefined): number {
  return typeof value === 'number' && !Number.isNaN(value) ? Math.max(1, Math.floor(value)) : DEFAULT_MAX_CHECKED_VALUES;
}
