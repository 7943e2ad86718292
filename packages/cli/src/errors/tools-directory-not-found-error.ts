import { CliError } from './cli-error';

/**
 * The tools directory does not exist. A `--tools DIR` that is not there is a
 * usage error (exit 2); the default examples directory missing is not the
 * user's typo but an unbuilt checkout or an installed CLI (exit 1).
 */
export class ToolsDirectoryNotFoundError extends CliError {
  constructor(
    readonly directory: string,
    readonly given: boolean,
  ) {
    super(
      given
        ? `Tools directory '${directory}' does not exist or is not a directory. Pass --tools DIR with a directory of compiled .js tool files.`
        : `No --tools directory was given, and the default (the examples' compiled tools at '${directory}') was not found. ` +
            'Pass --tools DIR with a directory of compiled .js tool files, or build the examples first: pnpm --filter @victor-tools/examples run build',
      given ? 2 : 1,
    );
  }
}
