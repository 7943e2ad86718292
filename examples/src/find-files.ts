import { realpath } from 'node:fs/promises';
import { isAbsolute, relative } from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { Tool } from '@victor-tools/decorators';
import { glob } from 'tinyglobby';
import { isInside } from './safe-path';

/** The parameters of find_files, declared as a TypeBox schema. */
export const FindFilesParams = Type.Object(
  {
    pattern: Type.String({ description: 'Glob pattern relative to the root, e.g. *.ts or src/**/*.js', minLength: 1 }),
    recursive: Type.Optional(Type.Boolean({ description: 'Also search subdirectories', default: true })),
    limit: Type.Optional(Type.Integer({ description: 'Most files to return', minimum: 1, maximum: 1000, default: 100 })),
  },
  { additionalProperties: false },
);

/** The arguments of find_files. */
export type FindFilesArgs = Static<typeof FindFilesParams>;

function escapes(pattern: string): string | undefined {
  if (isAbsolute(pattern) || /^[A-Za-z]:/.test(pattern) || pattern.startsWith('~')) return `Pattern '${pattern}' is absolute: give one relative to the root`;
  if (pattern.split(/[\\/]/).includes('..')) return `Pattern '${pattern}' contains '..': it may not leave the root`;
  return undefined;
}

/** find_files: files under a root matching a glob, never outside that root. */
@Tool({
  name: 'find_files',
  description: 'Find files under the root directory matching a glob pattern. Never looks outside the root.',
  params: FindFilesParams,
  category: 'search',
  keywords: ['find', 'files', 'glob', 'search'],
  accessMode: 'readonly',
  executionCategory: 'read_only',
  isIdempotent: true,
})
export class FindFiles {
  // No injected arguments: the root defaults to the working directory. Said
  // explicitly because legacy decorators would otherwise emit the parameter's
  // type (String) and the container would look for a provider of it.
  static inject = [];

  constructor(private readonly root: string = process.cwd()) {}

  async execute(args: FindFilesArgs) {
    const problem = escapes(args.pattern);
    if (problem) throw new Error(problem);
    const root = await realpath(this.root);
    const recursive = args.recursive ?? true;
    const limit = args.limit ?? 100;
    const pattern = recursive && !args.pattern.includes('/') ? `**/${args.pattern}` : args.pattern;
    const matches = await glob([pattern], {
      cwd: root,
      onlyFiles: true,
      followSymbolicLinks: false,
      ignore: ['**/node_modules/**', '**/.git/**'],
      deep: recursive ? Infinity : 1,
    });
    const files: string[] = [];
    for (const match of matches.sort()) {
      // A symlinked file may point anywhere: keep it only if its target is inside the root.
      const real = await realpath(`${root}/${match}`).catch(() => undefined);
      if (real === undefined || !isInside(root, real)) continue;
      files.push(relative(root, `${root}/${match}`).split('\\').join('/'));
    }
    return { files: files.slice(0, limit), total: files.length, truncated: files.length > limit };
  }
}
