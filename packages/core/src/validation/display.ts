import { MAX_ECHO_CHARS } from './limits';

/** `text` if it fits in `max` characters, else its first `max - 3` characters and '...'. */
export function clip(text: string, max: number = MAX_ECHO_CHARS): string {
  if (text.length <= max) return text;
  let cut = Math.max(0, max - 3);
  // Never leave half of a surrogate pair (an emoji) before the ellipsis.
  const last = text.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut -= 1;
  return `${text.slice(0, cut)}...`;
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
