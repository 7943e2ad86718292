import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** Whether `child` is `root` or lies inside it (both already resolved). */
export function isInside(root: string, child: string): boolean {
  const rel = relative(root, child);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

// A path that does not exist yet (a file about to be written) is as safe as
// its nearest existing ancestor: a symlinked directory above it counts.
function realPathOfNearest(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realPathOfNearest(parent), basename(path));
  }
}

/**
 * `path` resolved under `root`, refusing absolute paths and anything whose
 * real path (symlinks followed) leaves the root. Throws a message a model can act on.
 */
export function resolveInside(root: string, path: string): string {
  if (isAbsolute(path)) throw new Error(`Path '${path}' is absolute: give a path relative to the root`);
  const realRoot = realpathSync(root);
  const full = resolve(realRoot, path);
  if (!isInside(realRoot, full)) throw new Error(`Path '${path}' leaves the root directory`);
  const real = realPathOfNearest(full);
  if (!isInside(realRoot, real)) throw new Error(`Path '${path}' leads outside the root directory through a symlink`);
  return real;
}
