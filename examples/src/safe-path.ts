import { lstatSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

/** The longest path argument accepted, in characters (Linux's PATH_MAX): longer ones could not be opened anyway. */
export const MAX_PATH_LENGTH = 4096;

// On POSIX a backslash is an ordinary file name character.
const SEPARATORS = sep === '\\' ? /[\\/]/ : /\//;

/** `text` quoted for an error message, cut to `max` characters so a huge argument never comes back whole. */
export function quote(text: string, max = 120): string {
  return text.length <= max ? `'${text}'` : `'${text.slice(0, max)}...' (${text.length} characters)`;
}

/** Whether `child` is `root` or lies inside it (both already resolved). */
export function isInside(root: string, child: string): boolean {
  const rel = relative(root, child);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** `path` relative to `root`, with `/` separators whatever the platform. */
export function relativePosix(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}

/**
 * The directory a tool works in for one call: the call's sandbox when one is
 * set (so a tool and the EXPLORE policy resolve relative paths against the
 * same directory), otherwise the tool's own root.
 */
export function rootFor(ctx: { sandbox?: unknown } | undefined, fallback: string): string {
  const sandbox = ctx?.sandbox;
  return typeof sandbox === 'string' && sandbox !== '' ? resolve(sandbox) : fallback;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * `path` resolved under `root`, component by component as the operating
 * system would (a symlink's `..` goes to the parent of its target),
 * refusing absolute paths and anything that leaves the root, through `..`
 * or through a symlink. Components that do not exist yet (a file about to be
 * written) are taken as they are. One `lstat` per existing component and no
 * recursion, so the work is linear in the path, whose length is capped.
 * Throws a message a model can act on.
 */
export function resolveInside(root: string, path: string): string {
  if (path.length > MAX_PATH_LENGTH) throw new Error(`Path ${quote(path, 60)} is too long: at most ${MAX_PATH_LENGTH} characters`);
  if (path.includes('\0')) throw new Error(`Path ${quote(path)} contains a NUL character`);
  if (isAbsolute(path) || /^[A-Za-z]:/.test(path)) throw new Error(`Path ${quote(path)} is absolute: give a path relative to the root`);
  const realRoot = realpathSync(root);
  let current = realRoot;
  // How many trailing components of `current` do not exist: below them nothing can exist either.
  let missing = 0;
  for (const part of path.split(SEPARATORS)) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (current === realRoot) throw new Error(`Path ${quote(path)} leaves the root directory`);
      current = dirname(current);
      if (missing > 0) missing--;
      continue;
    }
    const next = current.endsWith(sep) ? current + part : current + sep + part;
    if (missing > 0) {
      current = next;
      missing++;
      continue;
    }
    let isLink: boolean;
    try {
      isLink = lstatSync(next).isSymbolicLink();
    } catch (error) {
      if (!isMissing(error)) throw new Error(`Path ${quote(path)} cannot be resolved: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
      current = next;
      missing = 1;
      continue;
    }
    if (isLink) {
      let real: string;
      try {
        real = realpathSync(next);
      } catch {
        throw new Error(`Path ${quote(path)} goes through a broken or looping symlink`);
      }
      if (!isInside(realRoot, real)) throw new Error(`Path ${quote(path)} leads outside the root directory through a symlink`);
      current = real;
    } else {
      current = next;
    }
  }
  return current;
}
