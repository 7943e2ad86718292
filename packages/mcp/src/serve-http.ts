import { randomUUID } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { ErrorCode, isInitializeRequest, isInitializedNotification } from '@modelcontextprotocol/sdk/types.js';
import type { AuthInfo, Logger } from '@victor-tools/core';
import { Authorizer, checkAuthorizationOptions, type ResourceMetadataOptions, type VerifyToken } from './http/authorization';
import { insufficientScope } from './http/scope-refusal';
import { ByteBudget, type ByteHold } from './http/byte-budget';
import { limitConnections, requestTimeouts } from './http/connection-limits';
import { MissingTokenError } from './http/missing-token-error';
import { readBody } from './http/read-body';
import { RequestGuard, isLoopbackHost } from './http/request-guard';
import { sendJson, sendJsonRpcError } from './http/responses';
import { SessionTransport } from './http/session-transport';
import { SessionStore, type Session } from './http/sessions';
import { MIN_TOKEN_LENGTH, WeakTokenError } from './http/weak-token-error';
import { DEFAULT_MAX_REQUEST_BYTES, positiveLimit } from './limits';
import { InFlightRequests, duplicateIdError } from './request-ids';
import { serveMcp, type McpServerHandle, type ServeMcpOptions } from './serve-mcp';
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

const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;
const DEFAULT_SESSION_INIT_MS = 10_000;
const DEFAULT_MAX_SESSIONS = 1000;
const DEFAULT_MAX_BUFFERED_BYTES = 32 * 1024 * 1024;
const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_CONNECTIONS = 256;

/**
 * Serves a registry over MCP's Streamable HTTP transport (the SDK's
 * `StreamableHTTPServerTransport` on node:http); resolves once listening.
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
  const {
    port = 0,
    host = '127.0.0.1',
    path = '/mcp',
    stateless = true,
    token,
    verifyToken,
    resourceMetadata,
    allowedHosts,
    allowedOrigins,
    maxRequestBytes,
    maxBufferedBytes,
    requestTimeoutMs,
    maxConnections,
    sessionIdleMs,
    sessionInitMs,
    maxSessions,
    ...serveOptions
  } = options;
  const loopback = isLoopbackHost(host);
  const tokens = (typeof token === 'string' ? [token] : (token ?? [])).filter((t) => t !== '');
  checkAuthorizationOptions(tokens, verifyToken, resourceMetadata);
  if (!loopback && verifyToken === undefined) checkNetworkTokens(host, tokens);
  const authorizer = verifyToken === undefined ? undefined : new Authorizer(verifyToken, path, resourceMetadata);
  if (stateless && serveOptions.progressive) {
    throw new TypeError('progressive needs sessions: a stateless server forgets what search_tools enabled after each request; pass stateless: false');
  }
  const maxBytes = positiveLimit('maxRequestBytes', maxRequestBytes, DEFAULT_MAX_REQUEST_BYTES);
  const budget = new ByteBudget(positiveLimit('maxBufferedBytes', maxBufferedBytes, Math.max(DEFAULT_MAX_BUFFERED_BYTES, maxBytes)));
  if (budget.max < maxBytes) {
    throw new RangeError(`maxBufferedBytes (${budget.max}) must be at least maxRequestBytes (${maxBytes}), or no body of the largest size could be read`);
  }
  const limits = {
    requestTimeoutMs: positiveLimit('requestTimeoutMs', requestTimeoutMs, DEFAULT_REQUEST_TIMEOUT_MS),
    maxConnections: positiveLimit('maxConnections', maxConnections, DEFAULT_MAX_CONNECTIONS),
  };
  const logger: Pick<Logger, 'warn'> = serveOptions.logger ?? console;
  const guard = new RequestGuard({ loopback, tokens, allowedHosts, allowedOrigins });
  const sessions = stateless
    ? undefined
    : new SessionStore({
        idleMs: positiveLimit('sessionIdleMs', sessionIdleMs, DEFAULT_SESSION_IDLE_MS),
        initMs: positiveLimit('sessionInitMs', sessionInitMs, DEFAULT_SESSION_INIT_MS),
        maxSessions: positiveLimit('maxSessions', maxSessions, DEFAULT_MAX_SESSIONS),
      });

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const verdict = guard.check(req.headers);
    if (verdict.refusal) {
      const { status, message, headers } = verdict.refusal;
      return sendJsonRpcError(res, status, -32000, message, headers);
    }
    let identity = verdict.identity;
    const pathname = pathOf(req.url);
    if (authorizer?.isMetadataPath(pathname) && (req.method === 'GET' || req.method === 'HEAD')) {
      return sendJson(res, 200, authorizer.metadataDocument(req));
    }
    if (pathname !== path) return sendJsonRpcError(res, 404, -32000, `Not Found: the MCP endpoint is ${path}`);
    let auth: AuthInfo | undefined;
    if (authorizer !== undefined) {
      const authentication = await authorizer.authenticate(req);
      if ('refusal' in authentication) {
        const { status, message, headers } = authentication.refusal;
        return sendJsonRpcError(res, status, -32000, message, headers);
      }
      ({ auth, identity } = authentication);
      // The SDK's transport hands `req.auth` to every request handler as `extra.authInfo`.
      (req as http.IncomingMessage & { auth?: AuthInfo }).auth = auth;
    }

    const method = req.method ?? 'GET';
    const accept = req.headers.accept ?? '';
    if (method === 'GET') {
      if (!accept.includes('text/event-stream')) {
        return sendJsonRpcError(res, 406, -32000, 'Not Acceptable: Client must accept text/event-stream');
      }
      // A stateless server has no stream to offer outside a request (MCP: answer 405).
      if (!sessions) return sendJsonRpcError(res, 405, -32000, 'Method Not Allowed: this server is stateless', { Allow: 'POST' });
      return forwardToSession(sessions, req, res, undefined, identity);
    }
    if (method === 'DELETE') {
      if (!sessions) return sendJsonRpcError(res, 405, -32000, 'Method Not Allowed: this server is stateless', { Allow: 'POST' });
      return forwardToSession(sessions, req, res, undefined, identity);
    }
    if (method !== 'POST') {
      return sendJsonRpcError(res, 405, -32000, 'Method Not Allowed', { Allow: sessions ? 'GET, POST, DELETE' : 'POST' });
    }

    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return sendJsonRpcError(res, 406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream');
    }
    if (!isJsonContentType(req.headers['content-type'])) {
      return sendJsonRpcError(res, 415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    }
    // The body's bytes count against the budget until the answer ends: the request they became is held that long.
    const hold = budget.hold();
    res.on('close', hold.release);
    const read = await readMessage(req, res, maxBytes, hold);
    if (!read.ok) return;
    const { message } = read;
    const scopeRefusal = auth === undefined ? undefined : insufficientScope(registry, serveOptions.context, message, auth);
    if (scopeRefusal !== undefined) {
      const challenge = authorizer!.challenge(req, { code: 'insufficient_scope', description: 'the token lacks a scope the tool requires', scope: scopeRefusal.required.join(' ') });
      return sendJsonRpcError(res, 403, -32000, scopeRefusal.message, { 'WWW-Authenticate': challenge }, scopeRefusal.id);
    }

    if (!sessions) {
      // Each request is a connection of its own: only a batch can repeat an id.
      const duplicate = new InFlightRequests().claim(message);
      if (duplicate !== undefined) return refuseDuplicate(res, duplicate);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      const mcp = await serveMcp(registry, { ...serveOptions, transport });
      // Closing the server when the response ends (or the client leaves) aborts a call still running.
      res.on('close', () => void mcp.close().catch(() => undefined));
      return transport.handleRequest(req, res, message);
    }
    return forwardToSession(sessions, req, res, message, identity);
  };

  const forwardToSession = async (store: SessionStore, req: http.IncomingMessage, res: http.ServerResponse, message: unknown, identity: string | undefined) => {
    const id = req.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const session = store.get(id);
      // A session belongs to whoever opened it: to anyone else it does not exist.
      if (!session || session.identity !== identity) return sendJsonRpcError(res, 404, -32001, 'Session not found');
      if (req.method === 'GET') session.lastSeen = Date.now();
      else res.on('close', store.begin(session));
      if (message === undefined) return session.transport.handleRequest(req, res, message);
      const duplicate = session.requests.claim(message);
      if (duplicate !== undefined) return refuseDuplicate(res, duplicate);
      session.requests.received(message);
      if (isInitialized(message)) session.initialized = true;
      await session.transport.handleRequest(req, res, message);
      // A request the transport refused (a bad protocol version...) was never handed to the server: its ids are free.
      if (res.statusCode >= 400) session.requests.forget(message);
      return;
    }
    if (!isInitialize(message)) return sendJsonRpcError(res, 400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    if (!store.makeRoom()) {
      return sendJsonRpcError(res, 503, -32000, 'Service Unavailable: too many sessions, try again later', { 'Retry-After': '60' });
    }
    const requests = new InFlightRequests();
    requests.claim(message);
    let session: Session | undefined;
    let mcp: McpServerHandle | undefined;
    const transport = new SessionTransport(
      {
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => {
          if (session) store.add(sessionId, session);
        },
      },
      requests,
    );
    // The client's DELETE closes the transport: the session's server goes with it.
    transport.onclose = () => {
      if (transport.sessionId !== undefined) store.delete(transport.sessionId);
      void mcp?.close().catch(() => undefined);
    };
    mcp = await serveMcp(registry, { ...serveOptions, transport });
    const now = Date.now();
    session = { transport, mcp, identity, requests, createdAt: now, initialized: false, lastSeen: now, open: 0 };
    res.on('close', store.begin(session));
    await transport.handleRequest(req, res, message);
    // An initialize the transport refused started no session: nothing else will close it.
    if (transport.sessionId === undefined) await mcp.close();
  };

  const server = http.createServer(requestTimeouts(limits.requestTimeoutMs), (req, res) => {
    handle(req, res).catch((error: unknown) => {
      logger.warn(`MCP HTTP server: ${error instanceof Error ? error.message : String(error)}`);
      sendJsonRpcError(res, 500, ErrorCode.InternalError, 'Internal error');
    });
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await sessions?.closeAll(); // stops the expiry sweep
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
        await sessions?.closeAll();
        server.closeAllConnections();
        await stopped;
      })();
      return closing;
    },
  };
}

function pathOf(url: string | undefined): string | undefined {
  try {
    return new URL(url ?? '/', 'http://localhost').pathname;
  } catch {
    return undefined;
  }
}

function isInitialize(message: unknown): boolean {
  return Array.isArray(message) ? message.some((m) => isInitializeRequest(m)) : isInitializeRequest(message);
}

function isInitialized(message: unknown): boolean {
  return Array.isArray(message) ? message.some((m) => isInitializedNotification(m)) : isInitializedNotification(message);
}

/** Off loopback: at least one token, each long enough not to be guessed. */
function checkNetworkTokens(host: string, tokens: readonly string[]): void {
  if (tokens.length === 0) throw new MissingTokenError(host);
  const weak = tokens.find((t) => t.length < MIN_TOKEN_LENGTH);
  if (weak !== undefined) throw new WeakTokenError(host, weak.length);
}

/**
 * Reads and parses a POST's JSON body, answering the request itself when it
 * cannot be had: 413 over `maxBytes`, 503 past the byte budget, 400 for
 * malformed JSON, nothing when the client left. A function of its own so
 * that the body's text is not kept while the call runs.
 */
async function readMessage(req: http.IncomingMessage, res: http.ServerResponse, maxBytes: number, hold: ByteHold): Promise<{ ok: true; message: unknown } | { ok: false }> {
  const body = await readBody(req, maxBytes, hold);
  switch (body.kind) {
    case 'aborted':
      return { ok: false };
    case 'tooLarge':
      sendJsonRpcError(res, 413, -32000, `Payload Too Large: the request body must not exceed ${maxBytes} bytes`);
      return { ok: false };
    case 'overBudget':
      sendJsonRpcError(res, 503, -32000, 'Service Unavailable: the server holds as many request bytes as it may (maxBufferedBytes), try again shortly', {
        'Retry-After': '1',
      });
      return { ok: false };
    case 'read':
      try {
        return { ok: true, message: JSON.parse(body.text) as unknown };
      } catch {
        sendJsonRpcError(res, 400, ErrorCode.ParseError, 'Parse error: Invalid JSON');
        return { ok: false };
      }
  }
}

function refuseDuplicate(res: http.ServerResponse, id: string | number): void {
  const { code, message } = duplicateIdError(id);
  sendJsonRpcError(res, 400, code, message, {}, id);
}
