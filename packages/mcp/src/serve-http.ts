import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { ResourceMetadataOptions, VerifyToken } from './http/authorization';
import { ByteBudget } from './http/byte-budget';
import { limitConnections, requestTimeouts } from './http/connection-limits';
import { MissingTokenError } from './http/missing-token-error';
import { readBody, type BodyRead } from './http/read-body';
import { isLoopbackHost } from './http/request-guard';
import { errorResponse } from './http/responses';
import { MIN_TOKEN_LENGTH, WeakTokenError } from './http/weak-token-error';
import { DEFAULT_MAX_REQUEST_BYTES, positiveLimit } from './limits';
import { mcpEndpoint, type MessageRead, type ServerExchange } from './request-handler';
import type { ServeMcpOptions } from './serve-mcp';
import type { ServableRegistry } from './servable-registry';

/** Options of `serveMcpHttp`: where to listen, how safe, and those of `serveMcp` (context, level, limits). */
export interface ServeMcpHttpOptions extends Omit<ServeMcpOptions, 'transport'> {
  /** The TCP port; 0 (the default) picks a free one, see `url`. */
  port?: number;
  /** The interface to bind; `127.0.0.1` by default. Anything but loopback needs `token`. */
  host?: string;
  /** The endpoint's path; `/mcp` by default. */
  path?: string;
  /**
   * True (the default): a fresh MCP server and transport for every request,
   * nothing kept between requests, so replicas can sit behind any load
   * balancer. False: MCP sessions (`Mcp-Session-Id`), each with its own server
   * and transport, closed when the client ends it or after `sessionIdleMs`.
   */
  stateless?: boolean;
  /**
   * The bearer token every request must carry (`Authorization: Bearer <token>`),
   * or several (one per client: any of them is taken, and a stateful session
   * belongs to the token that opened it). Required off loopback, and there at
   * least 16 characters long (`openssl rand -hex 32` makes one).
   */
  token?: string | readonly string[];
  /**
   * Verifies each request's bearer token instead of comparing it with
   * `token` (the two exclude each other): answers who calls (`AuthInfo`:
   * `token`, `clientId`, `scopes`, optional `expiresAt` in seconds and
   * `extra`) or undefined to refuse it (401). The tool sees the caller as
   * `ctx.auth`; a tool whose metadata declares `requiredScopes` is listed only
   * to callers whose scopes include them all, and a call without them gets
   * 403 `insufficient_scope`. A stateful session belongs to the client
   * (`clientId`) that opened it. Enough off loopback, in place of `token`.
   */
  verifyToken?: VerifyToken;
  /**
   * With `verifyToken`: serves `/.well-known/oauth-protected-resource` (RFC
   * 9728, also under the endpoint's path) naming the authorization servers,
   * and points every 401 to it (`WWW-Authenticate: Bearer resource_metadata="..."`),
   * as the MCP authorization spec asks of a server.
   */
  resourceMetadata?: ResourceMetadataOptions;
  /** Hostnames the Host header may name; on loopback by default `localhost`, `127.0.0.1`, `[::1]`, elsewhere any. */
  allowedHosts?: readonly string[];
  /** Origins a browser request may come from (`http://localhost:6274`); on loopback by default any loopback origin, elsewhere any. */
  allowedOrigins?: readonly string[];
  /** The largest request body, in bytes; 4 MiB by default. Larger: 413. */
  maxRequestBytes?: number;
  /**
   * The most bytes of request bodies held at once, across all requests (a
   * body being read, and the request it became until its answer ends); a
   * request past it gets 503. 32 MiB by default (or `maxRequestBytes`, when larger).
   */
  maxBufferedBytes?: number;
  /**
   * How long a request's headers and body may take to arrive, in ms; 10 s by
   * default. Past it: 408 and the connection closed. A connection whose
   * answer the client does not read for this long is closed too.
   */
  requestTimeoutMs?: number;
  /** The most connections open at once; more are closed as they arrive. 256 by default. */
  maxConnections?: number;
  /** Stateful mode: a session with no open request for this long is closed; 30 minutes by default. */
  sessionIdleMs?: number;
  /** Stateful mode: a session whose client has not sent `notifications/initialized` this long after `initialize` is closed; 10 s by default. */
  sessionInitMs?: number;
  /**
   * Stateful mode: the most sessions at once. A new one past it closes the
   * oldest session that never finished its handshake, or else gets 503. 1000 by default.
   */
  maxSessions?: number;
  /**
   * Stateful mode: the most sessions one caller holds at once (a user with
   * `verifyToken`, a token of a `token` list). A new one past it closes the
   * caller's own oldest idle session, or else gets 429. A tenth of
   * `maxSessions` by default (100) with `verifyToken` or several tokens;
   * none with a single token (everyone holding it is one caller) or none.
   */
  maxSessionsPerCaller?: number;
}

/** A listening MCP HTTP server. */
export interface McpHttpServerHandle {
  /** The endpoint's URL, e.g. `http://127.0.0.1:41234/mcp`. */
  readonly url: string;
  /** The node:http server. */
  readonly server: http.Server;
  /** Stops listening, closes every session and connection; resolves once all are closed. */
  close(): Promise<void>;
}

const DEFAULT_MAX_BUFFERED_BYTES = 32 * 1024 * 1024;
const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_CONNECTIONS = 256;

/**
 * Serves a registry over MCP's Streamable HTTP transport on a node:http
 * server of its own; resolves once listening. Requests are answered by the
 * endpoint `mcpRequestHandler` is made of (the same checks, messages and
 * sessions), reached through `@hono/node-server`'s request listener as the
 * SDK's node transport does; this server adds what is about sockets.
 * Safe by default: bound to 127.0.0.1 with Host and Origin checked against
 * loopback names (DNS rebinding), a bearer token of 16 characters or more
 * required to bind anything else, bodies over `maxRequestBytes` refused with
 * 413, and a request with the wrong Accept (406) or Content-Type (415),
 * malformed JSON (400), a request id still in flight (400) or an unknown
 * session (404) answered as the MCP spec says, the server going on.
 * Bounded: requests must arrive within `requestTimeoutMs`, at most
 * `maxConnections` connections and `maxBufferedBytes` of bodies are held,
 * sessions expire (idle, or never initialized) and are capped.
 * Every call runs as `serveMcp` runs it (context, level, mode, limits).
 */
export async function serveMcpHttp(registry: ServableRegistry, options: ServeMcpHttpOptions = {}): Promise<McpHttpServerHandle> {
  const { port = 0, host = '127.0.0.1', maxBufferedBytes, requestTimeoutMs, maxConnections, ...endpointOptions } = options;
  const loopback = isLoopbackHost(host);
  const tokens = (typeof options.token === 'string' ? [options.token] : (options.token ?? [])).filter((t) => t !== '');
  if (!loopback && options.verifyToken === undefined) checkNetworkTokens(host, tokens);
  const path = options.path ?? '/mcp';
  const maxBytes = positiveLimit('maxRequestBytes', options.maxRequestBytes, DEFAULT_MAX_REQUEST_BYTES);
  const budget = new ByteBudget(positiveLimit('maxBufferedBytes', maxBufferedBytes, Math.max(DEFAULT_MAX_BUFFERED_BYTES, maxBytes)));
  if (budget.max < maxBytes) {
    throw new RangeError(`maxBufferedBytes (${budget.max}) must be at least maxRequestBytes (${maxBytes}), or no body of the largest size could be read`);
  }
  const limits = {
    requestTimeoutMs: positiveLimit('requestTimeoutMs', requestTimeoutMs, DEFAULT_REQUEST_TIMEOUT_MS),
    maxConnections: positiveLimit('maxConnections', maxConnections, DEFAULT_MAX_CONNECTIONS),
  };
  const endpoint = mcpEndpoint(registry, endpointOptions, { loopback, ownsServer: true });

  /** The socket-level side of one exchange: the body read within the byte budget, the answer's end seen on the socket. */
  const exchangeOf = ({ incoming, outgoing }: HttpBindings): ServerExchange => ({
    readMessage: async () => {
      // The body's bytes count against the budget until the answer ends: the request they became is held that long.
      const hold = budget.hold();
      outgoing.on('close', hold.release);
      return messageOf(await readBody(incoming, maxBytes, hold), maxBytes);
    },
    whenAnswered: (done) => void outgoing.on('close', done),
  });
  const listener = getRequestListener((request, bindings) => endpoint.handle(request, exchangeOf(bindings as HttpBindings)), {
    // Node's own Request and Response stay: another library's (Next.js...) may extend them.
    overrideGlobalObjects: false,
    // Called when no URL can be made of the Host header and request target (RFC 9112: answer 400).
    errorHandler: () => errorResponse(400, -32000, 'Bad Request: the Host header and request target name no valid URL'),
  });
  const server = http.createServer(requestTimeouts(limits.requestTimeoutMs), (req, res) => void listener(req, res));

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await endpoint.close(); // stops the expiry sweep
    throw error;
  }
  const stopWatching = limitConnections(server, limits);
  const address = server.address() as AddressInfo;
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}${path}`;

  let closing: Promise<void> | undefined;
  return {
    url,
    server,
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        stopWatching();
        await endpoint.close();
        server.closeAllConnections();
        await stopped;
      })();
      return closing;
    },
  };
}

/** Off loopback: at least one token, each long enough not to be guessed. */
function checkNetworkTokens(host: string, tokens: readonly string[]): void {
  if (tokens.length === 0) throw new MissingTokenError(host);
  const weak = tokens.find((t) => t.length < MIN_TOKEN_LENGTH);
  if (weak !== undefined) throw new WeakTokenError(host, weak.length);
}

/** A body as `readBody` read it, answered as the endpoint answers: 413 over `maxBytes`, 503 past the byte budget, 400 for malformed JSON. */
function messageOf(body: BodyRead, maxBytes: number): MessageRead {
  switch (body.kind) {
    case 'aborted':
      // The client left, or its request timed out: nobody reads this answer.
      return { refusal: errorResponse(400, -32000, 'Bad Request: the request body did not arrive') };
    case 'tooLarge':
      return { refusal: errorResponse(413, -32000, `Payload Too Large: the request body must not exceed ${maxBytes} bytes`) };
    case 'overBudget':
      return {
        refusal: errorResponse(503, -32000, 'Service Unavailable: the server holds as many request bytes as it may (maxBufferedBytes), try again shortly', { 'Retry-After': '1' }),
      };
    case 'read':
      try {
        return { message: JSON.parse(body.text) as unknown };
      } catch {
        return { refusal: errorResponse(400, ErrorCode.ParseError, 'Parse error: Invalid JSON') };
      }
  }
}
