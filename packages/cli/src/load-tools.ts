import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ToolRegistry, type Logger } from '@victor-tools/core';
import { ToolContainer, type ScanReport } from '@victor-tools/decorators';
import { ToolMetadataRegistry } from '@victor-tools/metadata';
import { ToolsDirectoryNotFoundError } from './errors/tools-directory-not-found-error';
import { ToolsLoadError } from './errors/tools-load-error';

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
}

/** Options of `loadTools`. */
export interface LoadToolsOptions {
  /** The registry's logger (hook failures, warnings); the CLI's goes to stderr. */
  logger?: Logger;
  /** Whether `dir` was given by the user (`--tools`): a missing one is then a usage error. */
  given?: boolean;
}

/**
 * The repository's compiled examples (`examples/dist`), found relative to this
 * package (`packages/cli/dist` or `packages/cli/src`), the CLI's default tools.
 */
export function defaultToolsDir(): string {
  return resolve(__dirname, '..', '..', '..', 'examples', 'dist');
}

/**
 * Scans `dir` with a `ToolContainer` into a new `ToolRegistry` and the
 * process-wide `ToolMetadataRegistry`, providing the `registry` and
 * `metadataRegistry` tokens to tool constructors.
 */
export async function loadTools(dir: string, options: LoadToolsOptions = {}): Promise<LoadedTools> {
  const directory = resolve(dir);
  if (!isDirectory(directory)) throw new ToolsDirectoryNotFoundError(directory, options.given ?? true);
  const registry = new ToolRegistry({ logger: options.logger });
  const metadataRegistry = ToolMetadataRegistry.getInstance();
  const container = new ToolContainer({ registry, metadataRegistry })
    .provide(CLI_INJECTION_TOKENS.registry, registry)
    .provide(CLI_INJECTION_TOKENS.metadataRegistry, metadataRegistry);
  let report: ScanReport;
  try {
    report = await container.scanDirectory(directory);
  } catch (error) {
    throw new ToolsLoadError(directory, error);
  }
  // A scan that registered nothing leaves the metadata registry as the last one left it.
  metadataRegistry.refreshFromTools(registry);
  return { directory, registry, metadataRegistry, report };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
