import { randomUUID } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { ErrorCode, isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '@victor-tools/core';
import { MissingTokenError } from './http/missing-token-error';
import { readBody } from './http/read-body';
import { RequestGuard, isLoopbackHost } from './http/request-guard';
import { sendJsonRpcError } from './http/responses';
import { SessionStore, type Session } from './http/sessions';
import { DEFAULT_MAX_REQUEST_BYTES, positiveLimit } from './limits';
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
  /** The bearer token every request must carry (`Authorization: Bearer <token>`); required off loopback. */
  token?: string;
  /** Hostnames the Host header may name; on loopback by default `localhost`, `127.0.0.1`, `[::1]`, elsewhere any. */
  allowedHosts?: readonly string[];
  /** Origins a browser request may come from (`http://localhost:6274`); on loopback by default any loopback origin, elsewhere any. */
  allowedOrigins?: readonly string[];
  /** The largest request body, in bytes; 4 MiB by default. Larger: 413. */
  maxRequestBytes?: number;
  /** Stateful mode: a session with no open request for this long is closed; 30 minutes by default. */
  sessionIdleMs?: number;
  /** Stateful mode: the most sessions at once; a new one past it gets 503. 1000 by default. */
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
const DEFAULT_MAX_SESSIONS = 1000;

/**
 * Serves a registry over MCP's Streamable HTTP transport (the SDK's
 * `StreamableHTTPServerTransport` on node:http); resolves once listening.
 * Safe by default: bound to 127.0.0.1 with Host and Origin checked against
 * loopback names (DNS rebinding), a bearer token required to bind anything
 * else, bodies over `maxRequestBytes` refused with 413, and a request with
 * the wrong Accept (406) or Content-Type (415), malformed JSON (400) or an
 * unknown session (404) answered as the MCP spec says, the server going on.
 * Every call runs as `serveMcp` runs it (context, level, mode, limits).
 */
export async function serveMcpHttp(registry: ServableRegistry, options: ServeMcpHttpOptions = {}): Promise<McpHttpServerHandle> {
  const {
    port = 0,
    host = '127.0.0.1',
    path = '/mcp',
    stateless = true,
    token,
    allowedHosts,
    allowedOrigins,
    maxRequestBytes,
    sessionIdleMs,
    maxSessions,
    ...serveOptions
  } = options;
  const loopback = isLoopbackHost(host);
  if (!loopback && (token === undefined || token === '')) throw new MissingTokenError(host);
  if (stateless && serveOptions.progressive) {
    throw new TypeError('progressive needs sessions: a stateless server forgets what search_tools enabled after each request; pass stateless: false');
  }
  const maxBytes = positiveLimit('maxRequestBytes', maxRequestBytes, DEFAULT_MAX_REQUEST_BYTES);
  const logger: Pick<Logger, 'warn'> = serveOptions.logger ?? console;
  const guard = new RequestGuard({ loopback, token: token || undefined, allowedHosts, allowedOrigins });
  const sessions = stateless
    ? undefined
    : new SessionStore(
        positiveLimit('sessionIdleMs', sessionIdleMs, DEFAULT_SESSION_IDLE_MS),
        positiveLimit('maxSessions', maxSessions, DEFAULT_MAX_SESSIONS),
      );

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const refusal = guard.check(req.headers);
    if (refusal) return sendJsonRpcError(res, refusal.status, -32000, refusal.message, refusal.headers);
    if (pathOf(req.url) !== path) return sendJsonRpcError(res, 404, -32000, `Not Found: the MCP endpoint is ${path}`);

    const method = req.method ?? 'GET';
    const accept = req.headers.accept ?? '';
    if (method === 'GET') {
      if (!accept.includes('text/event-stream')) {
        return sendJsonRpcError(res, 406, -32000, 'Not Acceptable: Client must accept text/event-stream');
      }
      // A stateless server has no stream to offer outside a request (MCP: answer 405).
      if (!sessions) return sendJsonRpcError(res, 405, -32000, 'Method Not Allowed: this server is stateless', { Allow: 'POST' });
      return forwardToSession(sessions, req, res, undefined);
    }
    if (method === 'DELETE') {
      if (!sessions) return sendJsonRpcError(res, 405, -32000, 'Method Not Allowed: this server is stateless', { Allow: 'POST' });
      return forwardToSession(sessions, req, res, undefined);
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
    const body = await readBody(req, maxBytes);
    if (body.tooLarge) {
      return sendJsonRpcError(res, 413, -32000, `Payload Too Large: the request body must not exceed ${maxBytes} bytes`);
    }
    let message: unknown;
    try {
      message = JSON.parse(body.text);
    } catch {
      return sendJsonRpcError(res, 400, ErrorCode.ParseError, 'Parse error: Invalid JSON');
    }

    if (!sessions) {
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      const mcp = await serveMcp(registry, { ...serveOptions, transport });
      // Closing the server when the response ends (or the client leaves) aborts a call still running.
      res.on('close', () => void mcp.close().catch(() => undefined));
      return transport.handleRequest(req, res, message);
    }
    return forwardToSession(sessions, req, res, message);
  };

  const forwardToSession = async (store: SessionStore, req: http.IncomingMessage, res: http.ServerResponse, message: unknown) => {
    const id = req.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const session = store.get(id);
      if (!session) return sendJsonRpcError(res, 404, -32001, 'Session not found');
      if (req.method === 'GET') session.lastSeen = Date.now();
      else res.on('close', store.begin(session));
      return session.transport.handleRequest(req, res, message);
    }
    if (!isInitialize(message)) return sendJsonRpcError(res, 400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    if (store.size >= store.maxSessions) {
      return sendJsonRpcError(res, 503, -32000, 'Service Unavailable: too many sessions, try again later', { 'Retry-After': '60' });
    }
    let session: Session | undefined;
    let mcp: McpServerHandle | undefined;
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => {
        if (session) store.add(sessionId, session);
      },
    });
    // The client's DELETE closes the transport: the session's server goes with it.
    transport.onclose = () => {
      if (transport.sessionId !== undefined) store.delete(transport.sessionId);
      void mcp?.close().catch(() => undefined);
    };
    mcp = await serveMcp(registry, { ...serveOptions, transport });
    session = { transport, mcp, lastSeen: Date.now(), open: 0 };
    res.on('close', store.begin(session));
    await transport.handleRequest(req, res, message);
    // An initialize the transport refused started no session: nothing else will close it.
    if (transport.sessionId === undefined) await mcp.close();
  };

  const server = http.createServer((req, res) => {
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
  const address = server.address() as AddressInfo;
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}${path}`;

  let closing: Promise<void> | undefined;
  return {
    url,
    server,
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
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
