import { capText } from '@victor-tools/core/internal';
import { CliError } from './cli-error';

/**
 * The tools directory does not exist. A `--tools DIR` that is not there is a
 * usage error (exit 2). Without `--tools`, the default is the examples of a
 * built victor-tools checkout, which an installed CLI does not have: the
 * message then says what to pass, and names no path of ours (exit 1).
 */
export class ToolsDirectoryNotFoundError extends CliError {
  constructor(
    readonly directory: string,
    readonly given: boolean,
  ) {
    super(
      given
        ? `Tools directory '${capText(directory)}' does not exist or is not a directory. Pass --tools DIR with a directory of compiled .js tool files.`
        : 'No --tools directory was given. Pass --tools DIR, the directory of your tool files: .js, .cjs, .mjs or .ts files that export ' +
            "tools (tool() functions, @Tool classes, BaseTool instances), e.g. 'npx @victor-tools/cli list --tools ./dist/tools'.",
      given ? 2 : 1,
    );
  }
}
