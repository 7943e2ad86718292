import type * as Fs from 'node:fs';
import type * as Crypto from 'node:crypto';
import type * as Path from 'node:path';

// Node's fs and path, reached on first use rather than imported: core's
// sandbox check is its only user, and an import would make every bundle of
// core carry a Node-only module. A browser bundle cannot resolve `node:fs`,
// and an ESM bundle for Node turns a CommonJS `require('node:fs')` into a
// call that throws ("Dynamic require of "node:fs" is not supported").
// process.getBuiltinModule (Node 20.16+) is invisible to bundlers; older
// Node 20 CommonJS falls back on module.require.

function builtin<T>(id: string): T {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const found = proc?.getBuiltinModule?.(id) ?? (typeof module !== 'undefined' ? module.require?.(id) : undefined);
  if (found === undefined) throw new Error(`this needs Node.js's '${id}', which this platform does not have`);
  return found as T;
}

let fs: typeof Fs | undefined;
let path: typeof Path | undefined;

/** Node's `fs`, loaded on first use. */
export function nodeFs(): typeof Fs {
  return (fs ??= builtin<typeof Fs>('node:fs'));
}

/** Node's `path`, loaded on first use. */
export function nodePath(): typeof Path {
  return (path ??= builtin<typeof Path>('node:path'));
}

let crypto: typeof Crypto | null | undefined;

/** Node's `crypto`, loaded on first use; `undefined` where the platform has none (a browser bundle). */
export function nodeCrypto(): typeof Crypto | undefined {
  if (crypto === undefined) {
    try {
      crypto = builtin<typeof Crypto>('node:crypto');
    } catch {
      crypto = null;
    }
  }
  return crypto ?? undefined;
}
