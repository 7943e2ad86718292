import { lstat, realpath, stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { ToolResult, type ToolCallContext } from '@victor-tools/core';
import { Tool } from '@victor-tools/decorators';
import { compileGlob, type Glob } from './glob-match';
import { isInside, quote, relativePosix, resolveInside, rootFor } from './safe-path';
import { walk, type WalkEntry } from './walk';

/** The parameters of find_files, declared as a TypeBox schema: the reference's `find_files(pattern, path='.', recursive=True, limit=100)`. */
export const FindFilesParams = Type.Object(
  {
    pattern: Type.String({ description: "Glob pattern to match against names (e.g. '*.py', 'test_*.js'); with a '/' it matches paths (e.g. 'src/**/*.ts')", minLength: 1 }),
    path: Type.Optional(Type.String({ description: 'Directory to search in, relative to the root (default: the root)', format: 'path', default: '.' })),
    recursive: Type.Optional(Type.Boolean({ description: 'Search subdirectories too', default: true })),
    limit: Type.Optional(Type.Integer({ description: 'Most results to return', minimum: 1, maximum: 1000, default: 100 })),
  },
  { additionalProperties: false },
);

/** The arguments of find_files. */
export type FindFilesArgs = Static<typeof FindFilesParams>;

/** One match: its path relative to the root, whether it is a file or a directory, and its size in bytes (0 for directories). */
export interface FoundFile {
  path: string;
  type: 'file' | 'directory';
  size: number;
}

/** How many directory entries one call looks at, at most, before it stops and says so. */
export const MAX_ENTRIES_VISITED = 200_000;
/** Directories listed but never entered: their contents are rarely what anyone looks for. */
const NOT_ENTERED = new Set(['node_modules', '.git']);

function checkPattern(pattern: string): Glob {
  if (isAbsolute(pattern) || /^[A-Za-z]:/.test(pattern) || pattern.startsWith('~')) throw new Error(`Pattern ${quote(pattern)} is absolute: give one relative to the search path`);
  if (pattern.split(/[\\/]/).includes('..')) throw new Error(`Pattern ${quote(pattern)} contains '..': it may not leave the search path`);
  return compileGlob(pattern);
}

/** Type and size of a match, or undefined for what is not listed (special files, symlinks leading outside the root or nowhere). */
async function describe(entry: WalkEntry, root: string): Promise<Omit<FoundFile, 'path'> | undefined> {
  const { dirent } = entry;
  if (dirent.isDirectory()) return { type: 'directory', size: 0 };
  if (dirent.isFile()) return { type: 'file', size: (await lstat(entry.absolute)).size };
  if (!dirent.isSymbolicLink()) return undefined;
  // A symlink may point anywhere: listed only when its target is inside the root.
  const real = await realpath(entry.absolute).catch(() => undefined);
  if (real === undefined || !isInside(root, real)) return undefined;
  const target = await stat(real);
  if (target.isDirectory()) return { type: 'directory', size: 0 };
  return target.isFile() ? { type: 'file', size: target.size } : undefined;
}

/** find_files: files and directories under a root matching a glob, never outside that root. */
@Tool({
  name: 'find_files',
  description:
    'Find files and directories matching a glob pattern under a directory of the root. Returns a list of { path, type, size }, paths relative to the root; never looks outside it.',
  params: FindFilesParams,
  costTier: 'free',
  category: 'filesystem',
  priority: 2,
  accessMode: 'readonly',
  dangerLevel: 'safe',
  keywords: ['find', 'search', 'locate', 'files'],
  useCases: ['finding files by name pattern', 'locating specific files', 'searching for files recursively'],
  examples: ['find all Python files', 'locate the config file', 'find files matching *.test.js'],
  stages: ['initial', 'planning', 'reading'],
  taskTypes: ['search', 'analysis'],
  progressParams: ['path', 'pattern'],
  executionCategory: 'read_only',
  isIdempotent: true,
})
export class FindFiles {
  // No injected arguments: the root defaults to the working directory. Said
  // explicitly because legacy decorators would otherwise emit the parameter's
  // type (String) and the container would look for a provider of it.
  static inject = [];

  /** `root`: the directory searched when the call has no sandbox (default: the working directory). */
  constructor(private readonly root: string = process.cwd()) {}

  async execute(args: FindFilesArgs, ctx?: ToolCallContext): Promise<ToolResult> {
    const glob = checkPattern(args.pattern);
    const root = resolveInside(rootFor(ctx, this.root), '.');
    const start = resolveInside(root, args.path ?? '.');
    const startStat = await stat(start).catch(() => undefined);
    if (!startStat) throw new Error(`Path ${quote(args.path ?? '.')} does not exist`);
    if (!startStat.isDirectory()) throw new Error(`Path ${quote(args.path ?? '.')} is not a directory: give the directory to search in`);
    const limit = args.limit ?? 100;
    const found: FoundFile[] = [];
    let visited = 0;
    const entries = walk(start, {
      maxDepth: glob.matchesPaths || (args.recursive ?? true) ? Infinity : 1,
      enter: (parts, entry) => !NOT_ENTERED.has(entry.name) && glob.mayContain(parts),
      signal: ctx?.signal,
    });
    for await (const entry of entries) {
      if (++visited > MAX_ENTRIES_VISITED) {
        return ToolResult.ok(found, { incomplete: `stopped after looking at ${MAX_ENTRIES_VISITED} entries: give a narrower path or pattern` });
      }
      if (!glob.matches(glob.matchesPaths ? entry.path : entry.name)) continue;
      const described = await describe(entry, root);
      if (!described) continue;
      found.push({ path: relativePosix(root, entry.absolute), ...described });
      if (found.length >= limit) return ToolResult.ok(found, { limitReached: true });
    }
    return ToolResult.ok(found, { limitReached: false });
  }
}
