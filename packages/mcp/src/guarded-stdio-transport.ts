import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { DEFAULT_MAX_REQUEST_BYTES, positiveLimit } from './limits';
import { InFlightRequests, NOT_JSON_RPC, duplicateIdError } from './request-ids';

/** Options of `GuardedStdioServerTransport`. */
export interface GuardedStdioOptions {
  /** Where messages come from; `process.stdin` by default. */
  stdin?: Readable;
  /** Where messages go; `process.stdout` by default. */
  stdout?: Writable;
  /** The longest message accepted, in bytes; 4 MiB by default. */
  maxRequestBytes?: number;
}

// What is kept of a message over the limit, to find its id: the SDK's client
// writes the id last, others (Python's) first.
const KEPT_BYTES = 1024;
const ID_AT_END = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*\}\s*$/;
const ID_AT_START = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*[,}]/;

/**
 * MCP over stdio (newline-delimited JSON-RPC), like the SDK's
 * `StdioServerTransport`, but a bad message never ends the session: the
 * SDK's transport closes itself (and `victor-tools serve` exits 0) on a line
 * over 10 MB, and answers nothing to a line that is not JSON or not
 * JSON-RPC. Here a message over `maxRequestBytes` is skipped up to its
 * newline without being kept (only its first and last KB, to find its id)
 * and answered with -32600; a line that is not JSON with -32700; JSON that
 * is not a JSON-RPC message with -32600. The answer carries the message's id
 * when one can be read, and the transport goes on reading.
 */
export class GuardedStdioServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly stdin: Readable;
  private readonly stdout: Writable;
  private readonly maxBytes: number;
  private chunks: Buffer[] = [];
  private size = 0;
  /** Set while skipping a message over the limit. */
  private skipped: { bytes: number; head: Buffer; tail: Buffer } | undefined;
  private started = false;
  private readonly requests = new InFlightRequests();

  constructor(options: GuardedStdioOptions = {}) {
    this.stdin = options.stdin ?? process.stdin;
    this.stdout = options.stdout ?? process.stdout;
    this.maxBytes = positiveLimit('maxRequestBytes', options.maxRequestBytes, DEFAULT_MAX_REQUEST_BYTES);
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('GuardedStdioServerTransport already started');
    this.started = true;
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStreamError);
    // A client that went away makes writes fail with EPIPE; without a listener that kills the process.
    this.stdout.on('error', this.onStreamError);
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStreamError);
    this.stdout.off('error', this.onStreamError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.chunks = [];
    this.size = 0;
    this.skipped = undefined;
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    this.requests.sent(message);
    return this.write(message);
  }

  private write(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  private readonly onStreamError = (error: Error) => this.onerror?.(error);

  private readonly onData = (chunk: Buffer | string) => {
    const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let start = 0;
    for (;;) {
      const newline = data.indexOf(0x0a, start);
      this.append(newline === -1 ? data.subarray(start) : data.subarray(start, newline));
      if (newline === -1) return;
      this.endLine();
      start = newline + 1;
    }
  };

  private append(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.skipped) {
      this.skipped.bytes += piece.length;
      this.skipped.tail = lastBytes(Buffer.concat([this.skipped.tail, piece]));
      return;
    }
    if (this.size + piece.length <= this.maxBytes) {
      this.chunks.push(piece);
      this.size += piece.length;
      return;
    }
    const kept = Buffer.concat([...this.chunks, piece]);
    this.skipped = { bytes: kept.length, head: kept.subarray(0, KEPT_BYTES), tail: lastBytes(kept) };
    this.chunks = [];
    this.size = 0;
  }

  private endLine(): void {
    if (this.skipped) {
      const { bytes, head, tail } = this.skipped;
      this.skipped = undefined;
      const id = readId(tail.toString('utf8').replace(/\r$/, ''), ID_AT_END) ?? readId(head.toString('utf8'), ID_AT_START);
      this.refuse(ErrorCode.InvalidRequest, `Request too large: ${bytes} bytes, over the limit of ${this.maxBytes} bytes per message`, id);
      return;
    }
    const line = Buffer.concat(this.chunks, this.size).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.size = 0;
    if (line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      this.refuse(ErrorCode.ParseError, `Parse error: ${(error as Error).message}`, undefined);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(json);
    if (!parsed.success) {
      const id = (json as { id?: unknown } | null)?.id;
      this.refuse(ErrorCode.InvalidRequest, NOT_JSON_RPC, isRequestId(id) ? id : undefined);
      return;
    }
    const duplicate = this.requests.claim(parsed.data);
    if (duplicate !== undefined) {
      this.refuse(ErrorCode.InvalidRequest, duplicateIdError(duplicate, this.requests.isCancelled(duplicate)).message, duplicate);
      return;
    }
    this.requests.received(parsed.data);
    this.onmessage?.(parsed.data);
  }

  private refuse(code: number, message: string, id: RequestId | undefined): void {
    this.onerror?.(new Error(message));
    // JSON-RPC wants `id: null` when the id cannot be read; the SDK's client
    // rejects a null id, and accepts an error without one.
    const answer = { jsonrpc: '2.0', ...(id === undefined ? {} : { id }), error: { code, message } };
    // Written, not sent: an answer to a refused message must not free the id of a request still running.
    this.write(answer as JSONRPCMessage).catch((error: Error) => this.onerror?.(error));
  }
}

function lastBytes(buffer: Buffer): Buffer {
  return buffer.length <= KEPT_BYTES ? buffer : Buffer.from(buffer.subarray(buffer.length - KEPT_BYTES));
}

function readId(text: string, pattern: RegExp): RequestId | undefined {
  const match = pattern.exec(text);
  if (!match) return undefined;
  try {
    const id = JSON.parse(match[1]) as unknown;
    return isRequestId(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value));
}
