import picocolors from 'picocolors';
import type { OutputStream } from './io';

/** The colour functions of one stream: picocolors', as no-ops when the stream should stay plain. */
export type Styles = ReturnType<typeof picocolors.createColors>;

/**
 * Whether to colour what goes to `stream`, by the conventions Node itself
 * follows: `FORCE_COLOR` set wins (colour unless it is `0` or `false`), then
 * `NO_COLOR` set and not empty turns colour off, then only a terminal that
 * says it has colours gets them; a pipe or a file stays plain.
 */
export function supportsColor(stream: OutputStream, env: Readonly<Record<string, string | undefined>>): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (!stream.isTTY) return false;
  return stream.hasColors ? stream.hasColors(env) : env.TERM !== 'dumb';
}

/** The styles for `stream`. */
export function stylesFor(stream: OutputStream, env: Readonly<Record<string, string | undefined>>): Styles {
  return picocolors.createColors(supportsColor(stream, env));
}
