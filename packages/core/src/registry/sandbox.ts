import type * as Fs from 'node:fs';
import { nodeFs, nodePath } from '../node-fs';

// Like the kernel's own limit on symlinks followed in one lookup (ELOOP).
const MAX_SYMLINK_HOPS = 40;

/**
 * The real location `target` names once `..` and symlinks are resolved the
 * way the operating system would: component by component, so that
 * `link/../x` goes to the parent of the link's target, not back beside the
 * link. Components that do not exist yet (a file about to be written) are
 * kept as they are; a dangling symlink is followed to where it points,
 * since writing through it would create its target.
 */
export function resolveRealPath(target: string, base: string): string {
  return walk(joinRaw(nodePath().resolve(base), target), 0);
}

// path.resolve and path.join would fold `..` lexically, before the symlinks
// it follows are known; this join keeps every component for `walk`.
function joinRaw(base: string, target: string): string {
  const path = nodePath();
  return path.isAbsolute(target) ? target : base + path.sep + target;
}

function walk(absolute: string, hops: number): string {
  const fs = nodeFs();
  const path = nodePath();
  const { root } = path.parse(absolute);
  const parts = absolute.slice(root.length).split(path.sep === '\\' ? /[\\/]/ : /\//);
  let current = root;
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      current = path.dirname(current);
      continue;
    }
    const next = path.join(current, part);
    let stat: Fs.Stats | undefined;
    try {
      stat = fs.lstatSync(next);
    } catch {
      stat = undefined;
    }
    if (stat?.isSymbolicLink()) {
      if (hops >= MAX_SYMLINK_HOPS) throw new Error(`Too many symbolic links while resolving '${absolute}'`);
      current = walk(joinRaw(current, fs.readlinkSync(next)), hops + 1);
    } else {
      current = next;
    }
  }
  return current;
}

/** Whether the real path `target` is `directory` or inside it (both already resolved). */
export function isInside(target: string, directory: string): boolean {
  if (target === directory) return true;
  const path = nodePath();
  const prefix = directory.endsWith(path.sep) ? directory : directory + path.sep;
  return target.startsWith(prefix);
}
