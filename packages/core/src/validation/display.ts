import { MAX_ECHO_CHARS } from './limits';

/** `text` cut to at most `max` characters, ending in '...' when cut. */
export function clip(text: string, max: number = MAX_ECHO_CHARS): string {
  return text.length > max ? `${text.slice(0, Math.max(0, max - 3))}...` : text;
}

/** A dot-joined path for messages (`o.x`, `files.2`), shortened when hostile input makes it long. */
export function displayPath(path: readonly string[]): string {
  // Joining a path of huge keys first would build the huge string it then cuts.
  let joined = '';
  for (const segment of path) {
    joined = joined ? `${joined}.${clip(segment, MAX_ECHO_CHARS + 1)}` : clip(segment, MAX_ECHO_CHARS + 1);
    if (joined.length > MAX_ECHO_CHARS) break;
  }
  return clip(joined);
}
