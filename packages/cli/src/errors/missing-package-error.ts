import { CliError } from './cli-error';

/**
 * A command needs a package that `@victor-tools/cli` leaves optional (an
 * optional peer dependency, so that a user who never runs it does not install
 * it), and it is not installed: the message names the command and the install
 * command (exit 1).
 */
export class MissingPackageError extends CliError {
  constructor(
    /** The package not installed, e.g. `@victor-tools/queue`. */
    readonly packageName: string,
    /** What needed it, e.g. `victor-tools worker`. */
    readonly neededBy: string,
    /** What the package brings, for the message. */
    what: string,
  ) {
    super(
      `${neededBy} needs ${packageName} (${what}), an optional dependency of @victor-tools/cli that is not installed. ` +
        `Install it next to the CLI: npm install ${packageName} (with npx: npx -y -p @victor-tools/cli -p ${packageName} victor-tools ...)`,
      1,
    );
  }
}
