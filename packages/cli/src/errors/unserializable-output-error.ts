import { CliError } from './cli-error';

/** A value the CLI was to print cannot be written as JSON (a BigInt, a cycle): the operation failed (exit 1). */
export class UnserializableOutputError extends CliError {
  constructor(readonly reason: string) {
    super(`The output cannot be serialized to JSON: ${reason}`, 1);
  }
}
