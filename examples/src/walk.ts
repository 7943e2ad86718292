import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** One entry met by `walk`. */
export interface WalkEntry {
  /** The entry's name. */
  readonly name: string;
  /** Its path relative to where the walk started, `/`-separated. */
  readonly path: string;
  /** Its absolute path. */
  readonly absolute: string;
  /** What `readdir` said it is (symlinks are reported as such, not followed). */
  readonly dirent: Dirent;
}

/** Options of `walk`. */
export interface WalkOptions {
  /** How many levels deep to list: 1 lists the start directory's own entries. */
  maxDepth: number;
  /** Directories entered only when this says yes (given their path segments). */
  enter?: (parts: readonly string[], entry: WalkEntry) => boolean;
  /** Stops the walk when aborted (the call timed out or was cancelled). */
  signal?: AbortSignal;
}

const byName = (a: Dirent, b: Dirent) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Lists a directory tree lazily, one directory at a time: its entries sorted
 * by name, then its subdirectories in the same order. It never follows a
 * symlinked directory and skips directories it cannot read, and since it is
 * a generator, a caller that has seen enough just stops, and nothing more is
 * read. A loop over a stack, not recursion, so depth costs no stack frames.
 */
export async function* walk(start: string, options: WalkOptions): AsyncGenerator<WalkEntry> {
  const pending: Array<{ absolute: string; parts: string[] }> = [{ absolute: start, parts: [] }];
  while (pending.length > 0) {
    if (options.signal?.aborted) return;
    const directory = pending.pop()!;
    let dirents: Dirent[];
    try {
      dirents = await readdir(directory.absolute, { withFileTypes: true });
    } catch {
      continue;
    }
    const subdirectories: Array<{ absolute: string; parts: string[] }> = [];
    for (const dirent of dirents.sort(byName)) {
      const parts = [...directory.parts, dirent.name];
      const entry: WalkEntry = { name: dirent.name, path: parts.join('/'), absolute: join(directory.absolute, dirent.name), dirent };
      yield entry;
      if (dirent.isDirectory() && parts.length < options.maxDepth && (options.enter?.(parts, entry) ?? true)) {
        subdirectories.push({ absolute: entry.absolute, parts });
      }
    }
    for (let i = subdirectories.length - 1; i >= 0; i--) pending.push(subdirectories[i]!);
  }
}
