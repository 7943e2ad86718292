import { nodePath, nodeUrl } from './node-modules';

/** A loaded file's exports, or why it was not loaded. */
export type LoadedModule = { exports: unknown } | { skipped: string };

const TYPESCRIPT = new Set(['.ts', '.cts', '.mts']);

/** Whether `.ts` files can be required in this process (ts-node, tsx, jest's transform...). */
export function hasTypeScriptRuntime(): boolean {
  return require.extensions !== undefined && '.ts' in require.extensions;
}

function importModule(file: string): Promise<unknown> {
  return import(nodeUrl().pathToFileURL(file).href);
}

/**
 * Loads a file: `import()` for `.mjs`/`.mts`, `require` for everything else,
 * falling back to `import()` for `.js` that Node says is an ES module. A
 * `.ts` file Node cannot parse (no TypeScript runtime) is skipped, not thrown.
 */
export async function loadModule(file: string): Promise<LoadedModule> {
  const ext = nodePath().extname(file);
  if (ext === '.mjs' || ext === '.mts') return { exports: await importModule(file) };
  try {
    return { exports: require(file) as unknown };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_REQUIRE_ESM') return { exports: await importModule(file) };
    if (TYPESCRIPT.has(ext) && (error instanceof SyntaxError || code === 'ERR_UNKNOWN_FILE_EXTENSION')) {
      return { skipped: `cannot load ${ext} without a TypeScript runtime: run under ts-node or tsx, or compile it to .js and scan that` };
    }
    throw error;
  }
}
