import type { Command } from 'commander';
import { writeLine, type RunOptions, stderrLogger } from './io';
import { defaultToolsDir, loadTools, type LoadedTools } from './load-tools';
import type { GlobalOptions } from './options';

/** What every command's action gets: the streams, the tools loader, and where to put its exit code. */
export class CommandContext {
  /** The exit code of the run; a command sets 1 when its operation failed. */
  exitCode = 0;

  constructor(readonly io: RunOptions) {}

  /** The global options (`--tools`, `--verbose`) as seen from `command`. */
  globals(command: Command): GlobalOptions {
    return command.optsWithGlobals<GlobalOptions>();
  }

  /** Scans the tools directory of `--tools` (or the default), reporting skipped exports when verbose. */
  async load(command: Command): Promise<LoadedTools> {
    const { tools, verbose } = this.globals(command);
    const loud = verbose ?? this.io.verbose ?? false;
    const loaded = await loadTools(tools ?? this.io.defaultToolsDir ?? defaultToolsDir(), {
      given: tools !== undefined,
      logger: stderrLogger(this.io.stderr, loud),
    });
    if (loud) {
      for (const skipped of loaded.report.skipped) writeLine(this.io.stderr, `[info] skipped ${skipped.export ?? skipped.name ?? '?'}: ${skipped.reason}`);
    }
    return loaded;
  }

  /** Writes data to stdout. */
  out(text: string): void {
    writeLine(this.io.stdout, text);
  }

  /** Writes a message to stderr. */
  err(text: string): void {
    writeLine(this.io.stderr, text);
  }
}
