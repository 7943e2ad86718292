import type * as Fs from 'node:fs';
import type * as Path from 'node:path';
import type * as Url from 'node:url';
import type * as Tinyglobby from 'tinyglobby';

// What scanning a directory needs from Node, loaded by the first scan rather
// than at import: an ESM bundle for Node turns a CommonJS `require('node:path')`
// at the top of a module into a call that throws at load ("Dynamic require of
// "node:path" is not supported"), which made importing the package fail there.
// process.getBuiltinModule (Node 20.16+) is invisible to bundlers.

function builtin<T>(id: string): T {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return (proc?.getBuiltinModule?.(id) ?? require(id)) as T;
}

/** Node's `fs`. */
export const nodeFs = (): typeof Fs => builtin<typeof Fs>('node:fs');

/** Node's `path`. */
export const nodePath = (): typeof Path => builtin<typeof Path>('node:path');

/** Node's `url`. */
export const nodeUrl = (): typeof Url => builtin<typeof Url>('node:url');

/** tinyglobby, whose CommonJS build requires `fs` and `path` as it loads. */
export const tinyglobby = (): typeof Tinyglobby => require('tinyglobby') as typeof Tinyglobby;
