import { capText } from '@victor-tools/core/internal';
import { CliError } from './cli-error';

/** `--sandbox DIR` names no directory: a usage error (exit 2), reported before any tool runs. */
export class SandboxNotFoundError extends CliError {
  constructor(readonly directory: string) {
    super(`Sandbox directory '${capText(directory)}' does not exist or is not a directory. Create it first, or pass --sandbox with an existing directory.`, 2);
  }
}
