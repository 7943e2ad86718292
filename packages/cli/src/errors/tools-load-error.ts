import { capText } from '@victor-tools/core/internal';
import { CliError } from './cli-error';

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return capText(String(cause));
  // Every line up to the require stack Node adds to 'Cannot find module' (--verbose prints it):
  // a TypeScript transform's reason is on the line after its 'Transform failed with 1 error:'.
  const lines = cause.message.split('\n');
  const stack = lines.findIndex((line) => line.startsWith('Require stack:'));
  const message = capText(lines.slice(0, stack === -1 ? lines.length : stack).join('\n').trim());
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
