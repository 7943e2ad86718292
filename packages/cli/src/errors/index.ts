export { CliError } from './cli-error';
export { ToolsDirectoryNotFoundError } from './tools-directory-not-found-error';
export { ToolNotFoundError } from './tool-not-found-error';
export { ToolsLoadError } from './tools-load-error';
export { SandboxNotFoundError } from './sandbox-not-found-error';
export { UnserializableOutputError } from './unserializable-output-error';
export { MissingPackageError } from './missing-package-error';
