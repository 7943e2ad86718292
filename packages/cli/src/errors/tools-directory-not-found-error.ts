import { CliError } from './cli-error';

/**
 * The tools directory does not exist. A `--tools DIR` that is not there is a
 * usage error (exit 2); the default examples directory missing is not the
 * user's typo but an installed CLI, or a checkout not built yet (exit 1).
 */
export class ToolsDirectoryNotFoundError extends CliError {
  constructor(
    readonly directory: string,
    readonly given: boolean,
  ) {
    super(
      given
        ? `Tools directory '${directory}' does not exist or is not a directory. Pass --tools DIR with a directory of compiled .js tool files.`
        : 'No --tools directory was given. Pass --tools DIR, a directory of tool files (.js, .cjs, .mjs, or .ts) that export tools, ' +
            "e.g. 'victor-tools list --tools ./dist/tools'. (Without --tools the CLI shows the examples of a built victor-tools " +
            `source checkout, and there are none at '${directory}'.)`,
      given ? 2 : 1,
    );
  }
}
