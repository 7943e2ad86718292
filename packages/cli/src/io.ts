import type { Logger } from '@victor-tools/core';
import type { ServeMcpOptions } from '@victor-tools/mcp';

/** Where the CLI writes: anything with `write(text)`, such as `process.stdout`. */
export interface OutputStream {
  write(text: string): unknown;
  /** Set by a terminal: tables then fit its width, and colour may be used. */
  isTTY?: boolean;
  /** The terminal's width in columns. */
  columns?: number;
  /** Node's colour check of a terminal stream (honours NO_COLOR, FORCE_COLOR, NODE_DISABLE_COLORS, TERM). */
  hasColors?(env?: object): boolean;
}

/** Where `call -` reads the tool's arguments from: anything that yields the text in chunks, such as `process.stdin`. */
export type InputStream = AsyncIterable<string | Uint8Array>;

/** The streams and hooks `run` works with; the bin passes the process's own. */
export interface RunOptions {
  /** Data: tables, JSON, help. */
  stdout: OutputStream;
  /** Errors, warnings and logs. */
  stderr: OutputStream;
  /** What `call NAME -` reads the arguments from; default: `process.stdin`. */
  stdin?: InputStream;
  /** The environment colour decisions read (`NO_COLOR`, `FORCE_COLOR`); default: `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The width tables fit in; default: the terminal's, when stdout is one (otherwise tables keep their natural width). */
  columns?: number;
  /**
   * The MCP transport of `serve`; by default stdio of this process (stdin and
   * `process.stdout`, whatever `stdout` is). Tests and embedders pass an
   * in-memory one.
   */
  mcpTransport?: () => ServeMcpOptions['transport'];
  /** The tools directory used without `--tools`; default: the repository's compiled examples. */
  defaultToolsDir?: string;
  /** Print the registry's debug and info logs too (as `--verbose` does). */
  verbose?: boolean;
}

/** Writes `text` and a newline. */
export function writeLine(stream: OutputStream, text: string): void {
  stream.write(text.endsWith('\n') ? text : `${text}\n`);
}

/**
 * A registry logger on stderr, so stdout only ever carries data (and, for
 * `serve`, the MCP protocol). Debug and info lines only when verbose.
 */
export function stderrLogger(stderr: OutputStream, verbose: boolean): Logger {
  const line = (level: string) => (message: string, ...rest: unknown[]) => {
    const extra = rest.map((r) => (r instanceof Error ? r.message : typeof r === 'string' ? r : safeJson(r))).join(' ');
    writeLine(stderr, `[${level}] ${message}${extra ? ` ${extra}` : ''}`);
  };
  const quiet = () => undefined;
  return { debug: verbose ? line('debug') : quiet, info: verbose ? line('info') : quiet, warn: line('warn'), error: line('error') };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
