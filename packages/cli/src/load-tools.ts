import { readdirSync, statSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ToolRegistry, type Logger } from '@victor-tools/core';
import type { ToolInvoker } from '@victor-tools/core/framework';
import { ToolContainer, type ScanReport } from '@victor-tools/decorators';
import { ToolMetadataRegistry } from '@victor-tools/metadata';
import { ToolsDirectoryNotFoundError } from './errors/tools-directory-not-found-error';
import { ToolsLoadError } from './errors/tools-load-error';
import { enableTypeScript } from './typescript-loader';

/**
 * Injection tokens the CLI provides to the tool classes it builds (declare
 * them with `static inject = ['registry']`): tools that manage other tools,
 * such as one that enables a tool set, get the registry they live in.
 */
export const CLI_INJECTION_TOKENS = Object.freeze({ registry: 'registry', metadataRegistry: 'metadataRegistry' } as const);

/** The registries filled from a tools directory, and what the scan did. */
export interface LoadedTools {
  directory: string;
  registry: ToolRegistry;
  metadataRegistry: ToolMetadataRegistry;
  report: ScanReport;
  /** TypeScript tool files left unloaded, relative to the directory (none when a TypeScript loader was available). */
  skippedTypeScript: string[];
}

/** Options of `loadTools`. */
export interface LoadToolsOptions {
  /** The registry's logger (hook failures, warnings); the CLI's goes to stderr. */
  logger?: Logger;
  /** Whether `dir` was given by the user (`--tools`): a missing one is then a usage error. */
  given?: boolean;
  /** What runs the registry's checked calls (`queueInvoker` for `serve --redis`); in this process by default. */
  invoker?: ToolInvoker;
}

/**
 * The repository's compiled examples (`examples/dist`), found relative to this
 * package (`packages/cli/dist` or `packages/cli/src`), the CLI's default tools.
 */
export function defaultToolsDir(): string {
  return resolve(__dirname, '..', '..', '..', 'examples', 'dist');
}

const JS_FILE = /\.(?:js|cjs|mjs)$/;
const TS_FILE = /\.(?:ts|cts|mts)$/;
const LEFT_OUT = /\.d\.[cm]?ts$|\.(?:test|spec)\.[^.]+$|\.map$/;
// The container's default globs (tinyglobby) pass over these too: node_modules, and dot files and folders.
const include = ['**/*.{js,cjs,mjs}', '**/*.{ts,cts,mts}'];
const ignore = ['**/node_modules/**', '**/*.d.{ts,cts,mts}', '**/*.{test,spec}.*', '**/*.map'];

/** The tool files under `directory` (relative paths, sorted as the container sorts them), JavaScript and TypeScript. */
function toolFiles(directory: string): string[] {
  const found: string[] = [];
  const pending = [directory];
  while (pending.length > 0) {
    const current = pending.pop()!;
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(current, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if ((JS_FILE.test(entry.name) || TS_FILE.test(entry.name)) && !LEFT_OUT.test(entry.name)) found.push(path);
    }
  }
  return found.sort();
}

/**
 * Loads one file the way the container will (`import()` for .mjs/.mts,
 * `require` otherwise, `import()` again for an ES module): modules are
 * cached, so the scan after this gets the same exports without running the
 * file twice, and a file that throws is known by name.
 */
async function preload(file: string): Promise<void> {
  const ext = extname(file);
  if (ext === '.mjs' || ext === '.mts') {
    await import(pathToFileURL(file).href);
    return;
  }
  try {
    require(file);
  } catch (error) {
    // `throw null` is a file's too: read its code only off an object.
    if ((error as { code?: string } | null)?.code !== 'ERR_REQUIRE_ESM') throw error;
    await import(pathToFileURL(file).href);
  }
}

/**
 * Scans `dir` with a `ToolContainer` into a new `ToolRegistry` and the
 * process-wide `ToolMetadataRegistry`, providing the `registry` and
 * `metadataRegistry` tokens to tool constructors. TypeScript files are
 * loaded with tsx when the directory holds any; a file that throws while
 * loading is a `ToolsLoadError` naming it.
 */
export async function loadTools(dir: string, options: LoadToolsOptions = {}): Promise<LoadedTools> {
  const directory = resolve(dir);
  if (!isDirectory(directory)) throw new ToolsDirectoryNotFoundError(directory, options.given ?? true);
  const files = toolFiles(directory);
  const typescript = files.filter((f) => TS_FILE.test(f));
  const canLoadTypeScript = typescript.length > 0 && (await enableTypeScript(typescript.some((f) => f.endsWith('.mts'))));
  for (const file of files) {
    if (TS_FILE.test(file) && !canLoadTypeScript) continue;
    try {
      await preload(file);
    } catch (error) {
      throw new ToolsLoadError(directory, error, relative(directory, file).split('\\').join('/'));
    }
  }
  const registry = new ToolRegistry({ logger: options.logger, invoker: options.invoker });
  const metadataRegistry = ToolMetadataRegistry.getInstance();
  const container = new ToolContainer({ registry, metadataRegistry })
    .provide(CLI_INJECTION_TOKENS.registry, registry)
    .provide(CLI_INJECTION_TOKENS.metadataRegistry, metadataRegistry);
  let report: ScanReport;
  try {
    report = await container.scanDirectory(directory, { include: canLoadTypeScript ? include : include.slice(0, 1), ignore });
  } catch (error) {
    throw new ToolsLoadError(directory, error);
  }
  // A scan that registered nothing leaves the metadata registry as the last one left it.
  metadataRegistry.refreshFromTools(registry);
  const skippedTypeScript = canLoadTypeScript ? [] : typescript.map((f) => relative(directory, f).split('\\').join('/'));
  return { directory, registry, metadataRegistry, report, skippedTypeScript };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
