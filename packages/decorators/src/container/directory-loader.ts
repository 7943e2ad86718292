import type { LoadedModule } from './module-loader';

/** Options of `scanDirectory`. */
export interface ScanDirectoryOptions {
  /** Glob patterns relative to the directory; default: JS files, plus TS files under a TypeScript runtime. */
  include?: string[];
  /** Glob patterns left out; default: node_modules, declaration files, tests and source maps. */
  ignore?: string[];
}

/** The files under a directory that a scan imports, each with its path relative to the directory and its exports (or why it was skipped). */
export type LoadDirectory = (dir: string, options: ScanDirectoryOptions) => Promise<Array<[origin: string, loaded: LoadedModule]>>;

// The file-system half of `scanDirectory` lives in the `./node` entry point
// (tinyglobby, node:fs, node:path, require and import of the files), so that
// a bundle of `tool()`, `@Tool` or `ToolContainer` for a browser or an edge
// runtime carries none of it. Loading `./node` puts its loader here, under a
// process-wide key; in plain Node.js the first scan loads it by itself.
const DIRECTORY_LOADER = Symbol.for('victor-tools.decorators.directory-loader');

// A variable, not a literal: bundlers follow `module.require('...')` with a literal argument.
const NODE_ENTRY = '../node';

/** Installs the loader (done by the `./node` entry point as it loads). */
export function setDirectoryLoader(load: LoadDirectory): void {
  (globalThis as Record<symbol, unknown>)[DIRECTORY_LOADER] = load;
}

/**
 * The loader `./node` installed, loading that entry point on first use where
 * CommonJS can (Node.js without a bundler); a clear error elsewhere.
 */
export function directoryLoader(): LoadDirectory {
  const slot = globalThis as Record<symbol, unknown>;
  if (typeof slot[DIRECTORY_LOADER] !== 'function' && typeof module !== 'undefined' && typeof module.require === 'function') {
    module.require(NODE_ENTRY);
  }
  const load = slot[DIRECTORY_LOADER];
  if (typeof load !== 'function') {
    throw new Error(
      "ToolContainer.scanDirectory reads the file system, which this bundle does not include: import { ToolContainer } from '@victor-tools/decorators/node' " +
        "(or add `import '@victor-tools/decorators/node';` once) in code that runs on Node.js; in a browser or an edge runtime, pass the tools to container.scan(...) instead",
    );
  }
  return load as LoadDirectory;
}
