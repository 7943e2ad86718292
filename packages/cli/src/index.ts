// Any new export here becomes public API: named exports only.
export { run } from './run';
export type { RunOptions, OutputStream } from './io';
export { createProgram } from './program';
export { CommandContext } from './command-context';
export { loadTools, defaultToolsDir, CLI_INJECTION_TOKENS, type LoadedTools, type LoadToolsOptions } from './load-tools';
export { listTools, type ToolListing } from './commands/list';
export { renderToolSchema } from './commands/schema';
export { CliError, ToolsDirectoryNotFoundError, ToolNotFoundError, ToolsLoadError } from './errors';
