import type * as Fs from 'node:fs';
import { nodeFs, nodePath } from '../node-fs';
import { cutText } from '../error-text';

// Like Linux, which follows at most 40 symbolic links in one lookup (ELOOP),
// counted over the whole path, so `link/../link/../...` cannot make the walk
// follow a link per component.
const MAX_SYMLINKS = 40;

/**
 * What the file system said during one check (a call's arguments): each
 * entry's stats and each link's target, asked once, so the paths of one call
 * that share directories or links (a chain of 40 links in front of every
 * path) cost one question per entry, not one per path.
 */
export interface FsAnswers {
  readonly stats: Map<string, Fs.Stats | undefined>;
  readonly links: Map<string, string>;
  /** How many more questions the file system may be asked (each blocks the event loop). */
  budget: number;
}

/** The most file-system questions one check may ask: about 0.1-0.3 s of blocking calls. */
export const MAX_FS_LOOKUPS = 10_000;

export function newFsAnswers(): FsAnswers {
  return { stats: new Map(), links: new Map(), budget: MAX_FS_LOOKUPS };
}

/** Thrown by `resolveRealPath` when a check used up its budget of file-system questions. */
export class LookupBudgetExceeded extends Error {
  constructor(readonly budget: number) {
    super(`more than ${budget} file-system lookups`);
  }
}

function spend(known: FsAnswers): void {
  if (known.budget <= 0) throw new LookupBudgetExceeded(MAX_FS_LOOKUPS);
  known.budget--;
}

/**
 * The real location `target` names once `..` and symlinks are resolved the
 * way the operating system would: component by component, so that
 * `link/../x` goes to the parent of the link's target, not back beside the
 * link. Components that do not exist yet (a file about to be written) are
 * kept as they are; a dangling symlink is followed to where it points,
 * since writing through it would create its target. Relative targets
 * resolve against `base`.
 *
 * Linear in the length of the path: each component is visited once, the
 * file system is asked only about components whose parent exists (nothing
 * exists below a missing directory), and the strings it is asked about are
 * built from the resolved prefix (as long as the real path, not the input).
 * No recursion, so a path of 100,000 components cannot overflow the stack.
 * `known` holds what the file system said (see `FsAnswers`): one check of
 * many paths passes one, so the directories and links they share, the
 * sandbox's own among them, are asked about once.
 */
export function resolveRealPath(target: string, base: string, known: FsAnswers = newFsAnswers()): string {
  const path = nodePath();
  const SEPARATORS = path.sep === '\\' ? /[\\/]/ : /\//;
  const absolute = path.isAbsolute(target) ? target : path.resolve(base) + path.sep + target;
  let root = path.parse(absolute.slice(0, 260)).root;
  /** The resolved components below `root`. */
  const parts: string[] = [];
  /** prefixes[i]: the path of parts[0..i], for the components known to exist. */
  const prefixes: string[] = [];
  /** Components still to walk: the input, then the targets of the links met on the way. */
  const pending: Array<{ parts: string[]; next: number }> = [{ parts: absolute.slice(root.length).split(SEPARATORS), next: 0 }];
  let links = 0;
  while (pending.length > 0) {
    const segment = pending[pending.length - 1];
    if (segment.next === segment.parts.length) {
      pending.pop();
      continue;
    }
    const part = segment.parts[segment.next++];
    if (part === '' || part === '.') continue;
    if (part === '..') {
      parts.pop();
      if (prefixes.length > parts.length) prefixes.length = parts.length;
      continue;
    }
    parts.push(part);
    // The parent is missing (or not a directory): so is this component.
    if (prefixes.length < parts.length - 1) continue;
    const candidate = (parts.length === 1 ? root : prefixes[parts.length - 2] + path.sep) + part;
    // `d/../d/../...`, or another path of the same call, asks about the same entry again: ask the file system once.
    let stat = known.stats.get(candidate);
    if (stat === undefined && !known.stats.has(candidate)) {
      spend(known);
      stat = lstat(candidate);
      known.stats.set(candidate, stat);
    }
    if (stat === undefined) continue;
    if (!stat.isSymbolicLink()) {
      prefixes.push(candidate);
      continue;
    }
    if (++links > MAX_SYMLINKS) throw new Error(`Too many symbolic links while resolving '${shorten(target)}'`);
    let link = known.links.get(candidate);
    if (link === undefined) {
      spend(known);
      link = nodeFs().readlinkSync(candidate);
      known.links.set(candidate, link);
    }
    parts.pop();
    if (path.isAbsolute(link)) {
      root = path.parse(link).root;
      parts.length = 0;
      prefixes.length = 0;
      pending.push({ parts: link.slice(root.length).split(SEPARATORS), next: 0 });
    } else {
      pending.push({ parts: link.split(SEPARATORS), next: 0 });
    }
  }
  return root + parts.join(path.sep);
}

/** The entry's own stats, or undefined when it does not exist or cannot be reached (ENOTDIR, ENAMETOOLONG...). */
function lstat(candidate: string): Fs.Stats | undefined {
  try {
    return nodeFs().lstatSync(candidate, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function shorten(text: string): string {
  return cutText(text, 203);
}

/** Whether the real path `target` is `directory` or inside it (both already resolved). */
export function isInside(target: string, directory: string): boolean {
  const path = nodePath();
  if (target === directory) return true;
  const prefix = directory.endsWith(path.sep) ? directory : directory + path.sep;
  return target.startsWith(prefix);
}
