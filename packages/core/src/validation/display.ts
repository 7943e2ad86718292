import { cutText } from '../error-text';
import { MAX_ECHO_CHARS } from './limits';

/** A dot-joined path for messages (`o.x`, `files.2`), shortened when hostile input makes it long. */
export function displayPath(path: readonly string[]): string {
  // Joining a path of huge keys first would build the huge string it then cuts.
  let joined = '';
  for (const segment of path) {
    joined = joined ? `${joined}.${cutText(segment, MAX_ECHO_CHARS + 1)}` : cutText(segment, MAX_ECHO_CHARS + 1);
    if (joined.length > MAX_ECHO_CHARS) break;
  }
  return cutText(joined, MAX_ECHO_CHARS);
}
