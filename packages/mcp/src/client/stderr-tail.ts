import type { Readable } from 'node:stream';
import { cutText } from '@victor-tools/core/internal';

const KEPT_LINES = 20;
const MAX_LINE = 500;
/** A line longer than this without a newline is passed on in pieces, so a server cannot make us buffer without end. */
const MAX_PENDING = 64 * 1024;

/**
 * Reads a server's stderr line by line: each line goes to `sink` (if any),
 * and the last 20 (each cut to 500 characters, the '...' that marks a cut
 * included) are kept for the error of a server that fails to start or exits.
 */
export class StderrTail {
  private lines: string[] = [];
  private pending = '';

  constructor(private readonly sink: ((line: string) => void) | undefined) {}

  follow(stream: Readable | null | undefined): void {
    if (!stream) return;
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => this.add(chunk));
    stream.on('end', () => this.flush());
    stream.on('error', () => undefined);
  }

  private add(chunk: string): void {
    this.pending += chunk;
    let newline: number;
    while ((newline = this.pending.indexOf('\n')) !== -1) {
      this.line(this.pending.slice(0, newline).replace(/\r$/, ''));
      this.pending = this.pending.slice(newline + 1);
    }
    if (this.pending.length > MAX_PENDING) this.flush();
  }

  private flush(): void {
    if (this.pending !== '') this.line(this.pending);
    this.pending = '';
  }

  private line(text: string): void {
    this.lines.push(cutText(text, MAX_LINE));
    if (this.lines.length > KEPT_LINES) this.lines.shift();
    try {
      this.sink?.(text);
    } catch {
      // A sink that throws must not stop the reading.
    }
  }

  /** The kept lines, for an error message: `; its stderr ended with: ...`, or '' when it said nothing. */
  describe(): string {
    const lines = this.lines.filter((line) => line.trim() !== '');
    return lines.length === 0 ? '' : `; its stderr ended with:\n  ${lines.join('\n  ')}`;
  }
}
