import { CliError } from './cli-error';

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  // The first line: Node adds a require stack to 'Cannot find module', which --verbose prints whole.
  const message = cause.message.split('\n', 1)[0];
  // 'Error: x' says nothing 'x' does not; 'SyntaxError: x' does.
  return cause.name && cause.name !== 'Error' ? `${cause.name}: ${message}` : message;
}

/**
 * Scanning the tools directory threw: a file that fails to load (then
 * `file` names it, relative to the directory), a duplicate name, a missing
 * provider. `--verbose` prints the cause's stack too.
 */
export class ToolsLoadError extends CliError {
  constructor(
    readonly directory: string,
    override readonly cause: unknown,
    readonly file?: string,
  ) {
    super(
      file === undefined
        ? `Could not load the tools in '${directory}': ${describeCause(cause)}`
        : `Could not load the tools in '${directory}': '${file}' threw while loading: ${describeCause(cause)}`,
      1,
    );
  }
}
