import { PassThrough } from 'node:stream';

/**
 * A hand-driven stdio peer: writes raw bytes to the server's stdin and
 * collects the JSON lines it writes to stdout, the way a hostile or broken
 * client would talk to it.
 */
export class RawStdioPeer {
  readonly stdin = new PassThrough();
  readonly stdout = new PassThrough();
  private buffered = '';
  private readonly lines: unknown[] = [];
  private waiting: Array<() => void> = [];

  constructor() {
    this.stdout.on('data', (chunk: Buffer) => {
      this.buffered += chunk.toString('utf8');
      let newline: number;
      while ((newline = this.buffered.indexOf('\n')) !== -1) {
        this.lines.push(JSON.parse(this.buffered.slice(0, newline)));
        this.buffered = this.buffered.slice(newline + 1);
      }
      for (const wake of this.waiting.splice(0)) wake();
    });
  }

  /** Writes text (or bytes) as it is: no newline is added. */
  write(data: string | Buffer): void {
    this.stdin.write(data);
  }

  /** Writes one JSON-RPC message and its newline. */
  send(message: unknown): void {
    this.stdin.write(`${JSON.stringify(message)}\n`);
  }

  /** The next message the server wrote. */
  async next(): Promise<Record<string, unknown>> {
    while (this.lines.length === 0) await new Promise<void>((resolve) => this.waiting.push(resolve));
    return this.lines.shift() as Record<string, unknown>;
  }

  /** Sends a request and resolves with the server's answer to it. */
  async request(id: number | string, method: string, params: unknown = {}): Promise<Record<string, unknown>> {
    this.send({ jsonrpc: '2.0', id, method, params });
    return this.next();
  }
}

/** The initialize request of a client. */
export const INITIALIZE = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } };
