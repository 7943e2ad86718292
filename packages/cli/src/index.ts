// Any new export here becomes public API: named exports only.
export { run } from './run';
export type { RunOptions, OutputStream, InputStream } from './io';
export { createProgram } from './program';
export { CommandContext } from './command-context';
export { loadTools, defaultToolsDir, CLI_INJECTION_TOKENS, type LoadedTools, type LoadToolsOptions } from './load-tools';
export { listTools, type ToolListing } from './commands/list';
export { renderToolSchema, exportToolSchema, type ToolSchemaExport } from './commands/schema';
export { MAX_ARGUMENTS_BYTES } from './call-arguments';
export { supportsColor } from './style';
export { CliError, ToolsDirectoryNotFoundError, ToolNotFoundError, ToolsLoadError, SandboxNotFoundError, UnserializableOutputError, MissingPackageError } from './errors';
