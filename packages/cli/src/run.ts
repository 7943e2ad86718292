import { CommanderError } from 'commander';
import { CommandContext } from './command-context';
import { CliError } from './errors/cli-error';
import type { RunOptions } from './io';
import { createProgram } from './program';

function stackOf(error: unknown): string | undefined {
  const cause = error instanceof CliError ? error.cause : error;
  return cause instanceof Error ? cause.stack : undefined;
}

/**
 * Runs the CLI on `argv` (the arguments after the program name) and resolves
 * to the exit code: 0 ok, 1 the operation failed, 2 a usage error (unknown
 * command or option, a bad option value, arguments that are not JSON). Data
 * goes to `stdout`, errors and logs to `stderr`; it never exits the process.
 */
export async function run(argv: readonly string[], options: RunOptions): Promise<number> {
  const ctx = new CommandContext(options);
  const program = createProgram(ctx);
  try {
    // Commander answers `help <unknown>` with the whole help and no word of what was wrong:
    // parse the unknown name alone, so it is reported (with a close name) as any unknown command is.
    const [first, topic] = argv;
    const unknownTopic = first === 'help' && topic !== undefined && topic !== 'help' && !program.commands.some((command) => command.name() === topic);
    await program.parseAsync(unknownTopic ? [topic] : [...argv], { from: 'user' });
    return ctx.exitCode;
  } catch (error) {
    // Commander has already written its message (or the help) to stderr.
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    ctx.error(error instanceof Error ? error.message : String(error));
    const stack = ctx.verbose ? stackOf(error) : undefined;
    if (stack) ctx.err(stack);
    return error instanceof CliError ? error.exitCode : 1;
  }
}
