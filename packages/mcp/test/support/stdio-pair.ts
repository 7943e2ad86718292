import { PassThrough } from 'node:stream';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * The client side of a stdio connection in one process: what the SDK's
 * `StdioClientTransport` does with a child's stdin and stdout (the same
 * newline-delimited JSON, the SDK's own `ReadBuffer` and `serializeMessage`),
 * over two pipes handed to `serveMcpStdio({ stdin, stdout })`.
 */
export class PipeClientTransport implements Transport {
  /** What the server reads (its stdin). */
  readonly serverStdin = new PassThrough();
  /** What the server writes (its stdout). */
  readonly serverStdout = new PassThrough();
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private readonly buffer = new ReadBuffer();

  async start(): Promise<void> {
    this.serverStdout.on('data', (chunk: Buffer) => {
      this.buffer.append(chunk);
      for (let message = this.buffer.readMessage(); message !== null; message = this.buffer.readMessage()) this.onmessage?.(message);
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.serverStdin.write(serializeMessage(message));
  }

  async close(): Promise<void> {
    this.serverStdin.end();
    this.onclose?.();
  }
}
