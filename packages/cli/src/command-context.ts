import type { Command } from 'commander';
import { writeLine, type RunOptions, stderrLogger } from './io';
import { defaultToolsDir, loadTools, type LoadedTools, type LoadToolsOptions } from './load-tools';
import type { GlobalOptions } from './options';
import { typeScriptUnavailableReason } from './typescript-loader';
import { stylesFor, type Styles } from './style';

/** What every command's action gets: the streams, the tools loader, and where to put its exit code. */
export class CommandContext {
  /** The exit code of the run; a command sets 1 when its operation failed. */
  exitCode = 0;
  /** Whether `--verbose` (or the `verbose` run option) is on, once a command has read its options. */
  verbose: boolean;
  /** Colours for stdout and stderr, each on only where that stream supports them. */
  readonly styles: { readonly out: Styles; readonly err: Styles };

  constructor(readonly io: RunOptions) {
    this.verbose = io.verbose ?? false;
    const env = io.env ?? process.env;
    this.styles = { out: stylesFor(io.stdout, env), err: stylesFor(io.stderr, env) };
  }

  /** The global options (`--tools`, `--verbose`) as seen from `command`. */
  globals(command: Command): GlobalOptions {
    const globals = command.optsWithGlobals<GlobalOptions>();
    this.verbose = globals.verbose ?? this.io.verbose ?? false;
    return globals;
  }

  /** The width tables fit: the run option, else the terminal's when stdout is one. */
  get tableWidth(): number | undefined {
    if (this.io.columns !== undefined) return this.io.columns;
    return this.io.stdout.isTTY && this.io.stdout.columns ? this.io.stdout.columns : undefined;
  }

  /**
   * Scans the tools directory of `--tools` (or the default), reporting
   * skipped exports when verbose, and TypeScript files it could not load always.
   * `options.invoker` runs the registry's calls (`serve --redis`: on the queue's workers).
   */
  async load(command: Command, options: Pick<LoadToolsOptions, 'invoker'> = {}): Promise<LoadedTools> {
    const { tools } = this.globals(command);
    const loaded = await loadTools(tools ?? this.io.defaultToolsDir ?? defaultToolsDir(), {
      given: tools !== undefined,
      logger: stderrLogger(this.io.stderr, this.verbose),
      invoker: options.invoker,
    });
    if (this.verbose) {
      for (const skipped of loaded.report.skipped) writeLine(this.io.stderr, `[info] skipped ${skipped.export ?? skipped.name ?? '?'}: ${skipped.reason}`);
    }
    if (loaded.skippedTypeScript.length > 0) {
      const files = loaded.skippedTypeScript.slice(0, 5).join(', ') + (loaded.skippedTypeScript.length > 5 ? ', ...' : '');
      const reason = typeScriptUnavailableReason() ?? 'the TypeScript loader (tsx) could not be loaded';
      this.warn(
        `skipped ${loaded.skippedTypeScript.length} TypeScript tool file(s) (${files}): ${reason}. ` +
          'Otherwise compile them to .js and pass that directory, or run victor-tools under a TypeScript runtime (node --import tsx).',
      );
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

  /** Writes `error: message` to stderr, control characters shown escaped. */
  error(message: string): void {
    this.err(`${this.styles.err.red('error:')} ${withoutControls(message)}`);
  }

  /** Writes `warning: message` to stderr, control characters shown escaped. */
  warn(message: string): void {
    this.err(`${this.styles.err.yellow('warning:')} ${withoutControls(message)}`);
  }
}

/**
 * `text` with its control characters but newline and tab written as `\u001b`:
 * messages echo names and values a caller typed (or a model chose), and an
 * escape sequence in one would otherwise reach the terminal.
 */
function withoutControls(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
