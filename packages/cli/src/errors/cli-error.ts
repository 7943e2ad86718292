/** An error the CLI reports on stderr and turns into its exit code (1: the operation failed, 2: usage). */
export class CliError extends Error {
  constructor(
    message: string,
    /** The process exit code: 1 when the operation failed, 2 for a usage error. */
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
