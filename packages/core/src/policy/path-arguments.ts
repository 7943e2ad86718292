import type { JsonSchema } from '../types';

// SPEC section 12: a name ending in path, file, dir, directory or cwd (plurals too).
const PATH_SUFFIX = /(?:path|file|dir|directory|cwd)s?$|directories$/i;

// Issue 10: names that say "a place on disk" without one of those endings,
// taken as the name's last word (`output`, `backup_destination`, `srcFolder`)
// so that `photo` or `auto` do not count as `to`.
const PATH_WORDS = new Set([
  'filename',
  'filenames',
  'dest',
  'destination',
  'destinations',
  'output',
  'outputs',
  'out',
  'target',
  'targets',
  'source',
  'sources',
  'src',
  'location',
  'to',
  'from',
  'dir',
  'folder',
  'folders',
]);

/**
 * Whether an argument called `name` is taken as a path: its name ends in
 * path, file, dir, directory or cwd (`targetFile`, `FILEPATH`, `outputDir`),
 * or its last word is one of filename, dest(ination), output, out, target,
 * source, src, location, to, from, dir, folder (`file_name`, `backupDestination`).
 */
export function isPathLikeName(name: string): boolean {
  // Only the end of the name matters: cut a huge name first so this stays cheap.
  const tail = name.slice(-64);
  if (PATH_SUFFIX.test(tail)) return true;
  const words = tail
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
  const last = words[words.length - 1];
  if (last === undefined) return false;
  return PATH_WORDS.has(last) || (words.length > 1 && PATH_WORDS.has(words[words.length - 2] + last));
}

/** Whether a schema node declares `format: 'path'`, itself or in one of its anyOf/oneOf/allOf branches. */
function declaresPath(schema: JsonSchema | undefined): boolean {
  if (schema === undefined || schema === null || typeof schema !== 'object') return false;
  if (schema.format === 'path') return true;
  for (const branches of [schema.anyOf, schema.oneOf, schema.allOf]) {
    if (Array.isArray(branches) && branches.some((branch) => branch !== null && typeof branch === 'object' && branch.format === 'path')) return true;
  }
  return false;
}

function childSchema(schema: JsonSchema | undefined, key: string | number): JsonSchema | undefined {
  if (schema === undefined || schema === null || typeof schema !== 'object') return undefined;
  if (typeof key === 'number') {
    const items = schema.items;
    if (Array.isArray(items)) return items[key];
    return items !== null && typeof items === 'object' ? items : undefined;
  }
  const properties = schema.properties;
  if (properties === null || typeof properties !== 'object' || !Object.prototype.hasOwnProperty.call(properties, key)) return undefined;
  return properties[key];
}

/** A string argument that names a path, and where it sits (`files.2.dest`). */
export interface PathArgument {
  readonly where: string;
  readonly value: string;
}

interface Visit {
  value: unknown;
  schema: JsonSchema | undefined;
  where: string;
  /** Whether the nearest named key above (or the value's own key) is path-like. */
  named: boolean;
}

/**
 * Every string in `args` that names a path: a string whose schema declares
 * `format: 'path'`, or which sits under a path-like name (the string itself,
 * or the items of an array of strings). Objects and arrays are walked at any
 * depth; the keys of nested objects are judged by name too. Each value is
 * visited once, without recursion, so the walk is linear in the size of the
 * (already validated, so JSON) arguments.
 */
export function findPathArguments(args: Readonly<Record<string, unknown>>, schema: JsonSchema | undefined): PathArgument[] {
  const found: PathArgument[] = [];
  const stack: Visit[] = [{ value: args, schema, where: '', named: false }];
  while (stack.length > 0) {
    const { value, schema: node, where, named } = stack.pop()!;
    if (typeof value === 'string') {
      if (named || declaresPath(node)) found.push({ where, value });
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        stack.push({ value: value[i], schema: childSchema(node, i), where: where === '' ? String(i) : `${where}.${i}`, named });
      }
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i];
        const child = (value as Record<string, unknown>)[key];
        // Only strings and containers can hold a path; numbers and booleans are skipped unvisited.
        if (child === null || (typeof child !== 'string' && typeof child !== 'object')) continue;
        stack.push({ value: child, schema: childSchema(node, key), where: where === '' ? key : `${where}.${key}`, named: isPathLikeName(key) });
      }
    }
  }
  return found;
}
