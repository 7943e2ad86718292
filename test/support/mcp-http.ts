// HTTP clients for the tests of the MCP HTTP doors (mcp's serveMcpHttp, the
// CLI's `serve --http`, test/spec): the official client, and raw HTTP and
// TCP for what the official client never sends.
import * as http from 'node:http';
import * as net from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { serveMcpHttp, type McpHttpServerHandle, type ServableRegistry, type ServeMcpHttpOptions } from '@victor-tools/mcp';

/** What a raw HTTP exchange answered. */
export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** The headers an MCP client sends with a POST. */
export const MCP_POST_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/**
 * One HTTP request with full control over the headers (Host included, which
 * fetch will not let a caller set) and the body: a string, or an iterable of
 * chunks sent with chunked encoding.
 */
export function rawRequest(
  url: string,
  options: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Iterable<Buffer> } = {},
): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: target.hostname, port: target.port, path: options.path ?? target.pathname, method: options.method ?? 'POST', headers: options.headers, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    const body = options.body;
    if (body === undefined || typeof body === 'string') {
      req.end(body);
      return;
    }
    const chunks = body[Symbol.iterator]();
    const pump = () => {
      for (;;) {
        const next = chunks.next();
        if (next.done) {
          req.end();
          return;
        }
        if (req.destroyed) return;
        if (!req.write(next.value)) {
          req.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

/** The first JSON-RPC message of a response body, whether sent as JSON or as SSE. */
export function firstMessage(body: string): Record<string, unknown> {
  const data = /^data: (.*)$/m.exec(body);
  return JSON.parse(data ? data[1] : body) as Record<string, unknown>;
}

/** An official SDK client connected over Streamable HTTP; `fetch` may be replaced (a load balancer). */
export async function httpClient(url: string, options: { fetch?: typeof fetch; token?: string } = {}) {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    fetch: options.fetch,
    requestInit: options.token ? { headers: { Authorization: `Bearer ${options.token}` } } : undefined,
  });
  const client = new Client({ name: 'http-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

/** `count` chunks of `size` bytes of JSON-looking text, for bodies that arrive chunked. */
export function* chunks(count: number, size: number): Iterable<Buffer> {
  const chunk = Buffer.alloc(size, 'a');
  for (let i = 0; i < count; i++) yield chunk;
}

/** A raw TCP connection to a server: what it received, and when it closed. */
export interface RawConnection {
  socket: net.Socket;
  received(): string;
  /** Resolves once the connection closed, with the milliseconds since it opened. */
  closed: Promise<number>;
}

/**
 * Opens a raw TCP connection to the server of `url` and writes `head` (the
 * start of an HTTP request, or nothing); the connection reads whatever comes
 * back, so a close from the server is seen.
 */
export function rawConnection(url: string, head = ''): Promise<RawConnection> {
  const target = new URL(url);
  const opened = Date.now();
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = net.connect(Number(target.port), target.hostname, () => {
      socket.off('error', reject);
      if (head) socket.write(head);
      resolve({ socket, received: () => received, closed });
    });
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - opened)));
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.once('error', reject);
    socket.on('error', () => undefined); // a reset from the server is the close the tests wait for
  });
}

/** The head of an MCP POST announcing `contentLength` bytes of body. */
export function postHead(url: string, contentLength: number, headers: Record<string, string> = {}): string {
  const target = new URL(url);
  const lines = [`POST ${target.pathname} HTTP/1.1`, `Host: ${target.host}`, 'Content-Type: application/json', 'Accept: application/json, text/event-stream'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  lines.push(`Content-Length: ${contentLength}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/**
 * `serveMcpHttp` for the tests of one describe block (or file): every server
 * a test starts is closed after that test. Call it where `afterEach` may be called.
 */
export function serversClosedAfterEach(): (registry: ServableRegistry, options?: ServeMcpHttpOptions) => Promise<McpHttpServerHandle> {
  const handles: McpHttpServerHandle[] = [];
  afterEach(async () => {
    await Promise.all(handles.splice(0).map((h) => h.close()));
  });
  return async (registry, options = {}) => {
    const handle = await serveMcpHttp(registry, options);
    handles.push(handle);
    return handle;
  };
}
