import { CliError } from './cli-error';

/** Scanning the tools directory threw (a file that fails to load, a duplicate name, a missing provider). */
export class ToolsLoadError extends CliError {
  constructor(
    readonly directory: string,
    override readonly cause: unknown,
  ) {
    super(`Could not load the tools in '${directory}': ${cause instanceof Error ? cause.message : String(cause)}`, 1);
  }
}
