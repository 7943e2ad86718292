import { isMissingModule } from './optional-packages';

/** Whether `.ts` files can be required in this process (ts-node, tsx, jest's transform...). */
export function hasTypeScriptRuntime(): boolean {
  return require.extensions !== undefined && '.ts' in require.extensions;
}

let registered: boolean | undefined;
let esmRegistered = false;
let unavailable: string | undefined;

/**
 * Why TypeScript tool files cannot be loaded, once `enableTypeScript` failed:
 * tsx, an optional peer dependency (it brings esbuild, about 11 MB), is not
 * installed, or it failed to load.
 */
export function typeScriptUnavailableReason(): string | undefined {
  return unavailable;
}

/**
 * Makes `.ts` and `.cts` tool files loadable with tsx (esbuild), with its
 * CommonJS hook for `require`, and `.mts` files with its ESM hook for
 * `import()` when `esm` asks for it. Loaded only when a tools directory holds
 * TypeScript files: on this repository's loaded 2-core machine the CommonJS
 * hook took 55-150 ms to register and the ESM hook (a loader thread) another
 * 300-500 ms, hence only for `.mts`; tsx caches what it compiled. Resolves
 * to whether TypeScript can now be loaded; a process that already has a
 * runtime (ts-node, tsx) keeps it.
 */
export async function enableTypeScript(esm = false): Promise<boolean> {
  if (hasTypeScriptRuntime() && !esm) return true;
  if (registered === undefined) {
    try {
      (require('tsx/cjs/api') as { register(): unknown }).register();
      registered = true;
    } catch (error) {
      registered = hasTypeScriptRuntime();
      unavailable = isMissingModule(error, 'tsx/cjs/api')
        ? 'they are loaded with tsx, an optional dependency of @victor-tools/cli that is not installed: npm install tsx (next to the CLI)'
        : `the TypeScript loader (tsx) could not be loaded: ${(error as Error).message}`;
    }
  }
  if (esm && !esmRegistered) {
    // module.register, which the ESM hook needs, came in Node 20.6: without it .mts files stay unloadable.
    esmRegistered = true;
    await import('tsx/esm/api').then((api: { register(): unknown }) => api.register()).catch(() => undefined);
  }
  return registered;
}
