import type { IncomingHttpHeaders } from 'node:http';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest, isInitializedNotification, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { AuthInfo } from '@victor-tools/core';
import { Authorizer, checkAuthorizationOptions, type RequestHead, type ResourceMetadataOptions, type VerifyToken } from './http/authorization';
import { RequestGuard } from './http/request-guard';
import { insufficientScope } from './http/scope-refusal';
import { SessionStore, type Session } from './http/sessions';
import { DEFAULT_MAX_REQUEST_BYTES, limitText, positiveLimit } from './limits';
import { InFlightRequests, duplicateIdError } from './request-ids';
import { serveMcp, type McpServerHandle, type ServeMcpOptions } from './serve-mcp';
import type { ServableRegistry } from './servable-registry';

/** Options of `mcpRequestHandler`: those of `serveMcpHttp` that are about requests, not sockets. */
export interface McpRequestHandlerOptions extends Omit<ServeMcpOptions, 'transport'> {
  /** The endpoint's path as clients see it (`/mcp` by default): names the resource in the RFC 9728 metadata. */
  path?: string;
  /** True (the default): a fresh MCP server per request, answered as one JSON body. False: MCP sessions (`Mcp-Session-Id`). */
  stateless?: boolean;
  /** Bearer tokens, as `serveMcpHttp`'s `token`. */
  token?: string | readonly string[];
  /** Verifies bearer tokens, as `serveMcpHttp`'s `verifyToken` (excludes `token`). */
  verifyToken?: VerifyToken;
  /** With `verifyToken`: the RFC 9728 metadata, as `serveMcpHttp`'s. */
  resourceMetadata?: ResourceMetadataOptions;
  /** Hostnames the Host header may name; by default any (the app decides where it listens: on loopback, set these). */
  allowedHosts?: readonly string[];
  /** Origins a browser request may come from; by default any (no CORS headers are sent, so a page cannot read answers). */
  allowedOrigins?: readonly string[];
  /** The largest request body, in bytes; 4 MiB by default. Larger: 413. */
  maxRequestBytes?: number;
  /** Stateful mode: a session with no open request for this long is closed; 30 minutes by default. */
  sessionIdleMs?: number;
  /** Stateful mode: a session whose client has not finished its handshake this long after `initialize` is closed; 10 s by default. */
  sessionInitMs?: number;
  /** Stateful mode: the most sessions at once; 1000 by default. */
  maxSessions?: number;
}

/** A web-standard MCP endpoint: give it each request, return its response. */
export interface McpRequestHandler {
  (request: Request): Promise<Response>;
  /** Closes every session (stateful mode) and stops their expiry sweep. */
  close(): Promise<void>;
}

/**
 * MCP's Streamable HTTP transport as a web-standard handler, `(request:
 * Request) => Promise<Response>`, for any HTTP stack: Hono, Next.js route
 * handlers, Bun, Deno, workers, and Express or Fastify through an adapter
 * (see the README). It checks what `serveMcpHttp` checks of a request: Host
 * and Origin, the token (or `verifyToken`, scopes, RFC 9728), the body's size,
 * duplicate request ids, sessions bound to who opened them, expired and
 * capped. What is about sockets (request timeouts, connection caps, bytes
 * held across requests) is the HTTP server's: the stack you mount it in.
 */
export function mcpRequestHandler(registry: ServableRegistry, options: McpRequestHandlerOptions = {}): McpRequestHandler {
  const {
    path = '/mcp',
    stateless = true,
    token,
    verifyToken,
    resourceMetadata,
    allowedHosts,
    allowedOrigins,
    maxRequestBytes,
    sessionIdleMs,
    sessionInitMs,
    maxSessions,
    ...serveOptions
  } = options;
  const tokens = (typeof token === 'string' ? [token] : (token ?? [])).filter((t) => t !== '');
  checkAuthorizationOptions(tokens, verifyToken, resourceMetadata);
  if (stateless && serveOptions.progressive) {
    throw new TypeError('progressive needs sessions: a stateless server forgets what search_tools enabled after each request; pass stateless: false');
  }
  const maxBytes = positiveLimit('maxRequestBytes', maxRequestBytes, DEFAULT_MAX_REQUEST_BYTES);
  const guard = new RequestGuard({ loopback: false, tokens, allowedHosts, allowedOrigins });
  const authorizer = verifyToken === undefined ? undefined : new Authorizer(verifyToken, path, resourceMetadata);
  const sessions = stateless
    ? undefined
    : new SessionStore<WebSessionTransport>({
        idleMs: positiveLimit('sessionIdleMs', sessionIdleMs, 30 * 60_000),
        initMs: positiveLimit('sessionInitMs', sessionInitMs, 10_000),
        maxSessions: positiveLimit('maxSessions', maxSessions, 1000),
      });

  const handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const head: RequestHead = { headers: headersOf(request.headers, url), url: `${url.pathname}${url.search}`, method: request.method };
    const verdict = guard.check(head.headers);
    if (verdict.refusal) return errorResponse(verdict.refusal.status, -32000, verdict.refusal.message, verdict.refusal.headers);
    let identity = verdict.identity;
    if (authorizer?.isMetadataPath(url.pathname) && (request.method === 'GET' || request.method === 'HEAD')) {
      return Response.json(authorizer.metadataDocument(head), { headers: { 'Cache-Control': 'max-age=3600' } });
    }
    let auth: AuthInfo | undefined;
    if (authorizer !== undefined) {
      const authentication = await authorizer.authenticate(head);
      if ('refusal' in authentication) return errorResponse(authentication.refusal.status, -32000, authentication.refusal.message, authentication.refusal.headers);
      ({ auth, identity } = authentication);
    }

    const method = request.method;
    if (method === 'GET' || method === 'DELETE') {
      if (!sessions) return errorResponse(405, -32000, 'Method Not Allowed: this server is stateless', { Allow: 'POST' });
      return forwardToSession(sessions, request, undefined, identity, auth);
    }
    if (method !== 'POST') return errorResponse(405, -32000, 'Method Not Allowed', { Allow: sessions ? 'GET, POST, DELETE' : 'POST' });
    const accept = request.headers.get('accept') ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return errorResponse(406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream');
    }
    if (!/^application\/json\s*(;|$)/i.test(request.headers.get('content-type') ?? '')) {
      return errorResponse(415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    }
    const read = await readMessage(request, maxBytes);
    if ('refusal' in read) return read.refusal;
    const { message } = read;
    const scopeRefusal = auth === undefined ? undefined : insufficientScope(registry, serveOptions.context, message, auth);
    if (scopeRefusal !== undefined) {
      const challenge = authorizer!.challenge(head, { code: 'insufficient_scope', description: 'the token lacks a scope the tool requires', scope: scopeRefusal.required.join(' ') });
      return errorResponse(403, -32000, scopeRefusal.message, { 'WWW-Authenticate': challenge }, scopeRefusal.id);
    }
    if (!sessions) return answerStateless(request, message, auth);
    return forwardToSession(sessions, request, message, identity, auth);
  };

  /** One request, one server: the answer is one JSON body, so the server can close as soon as it is ready. */
  const answerStateless = async (request: Request, message: unknown, auth: AuthInfo | undefined): Promise<Response> => {
    const duplicate = new InFlightRequests().claim(message);
    if (duplicate !== undefined) return refuseDuplicate(duplicate);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const mcp = await serveMcp(registry, { ...serveOptions, transport });
    // A client that leaves aborts the call still running, as closing the connection does with serveMcpHttp.
    const leave = () => void mcp.close().catch(() => undefined);
    request.signal.addEventListener('abort', leave, { once: true });
    try {
      return await transport.handleRequest(request, { parsedBody: message, authInfo: auth });
    } finally {
      request.signal.removeEventListener('abort', leave);
      await mcp.close().catch(() => undefined);
    }
  };

  const forwardToSession = async (
    store: SessionStore<WebSessionTransport>,
    request: Request,
    message: unknown,
    identity: string | undefined,
    auth: AuthInfo | undefined,
  ): Promise<Response> => {
    const id = request.headers.get('mcp-session-id');
    if (id !== null) {
      const session = store.get(id);
      // A session belongs to whoever opened it: to anyone else it does not exist.
      if (!session || session.identity !== identity) return errorResponse(404, -32001, 'Session not found');
      if (request.method === 'GET') {
        session.lastSeen = Date.now();
        return session.transport.handleRequest(request, { authInfo: auth });
      }
      const done = store.begin(session);
      try {
        if (message !== undefined) {
          const duplicate = session.requests.claim(message);
          if (duplicate !== undefined) return refuseDuplicate(duplicate);
          session.requests.received(message);
          if (isInitialized(message)) session.initialized = true;
        }
        const response = await session.transport.handleRequest(request, { parsedBody: message, authInfo: auth });
        // A request the transport refused was never handed to the server: its ids are free.
        if (response.status >= 400 && message !== undefined) session.requests.forget(message);
        return response;
      } finally {
        done();
      }
    }
    if (!isInitialize(message)) return errorResponse(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    if (!store.makeRoom()) return errorResponse(503, -32000, 'Service Unavailable: too many sessions, try again later', { 'Retry-After': '60' });
    const requests = new InFlightRequests();
    requests.claim(message);
    let session: Session<WebSessionTransport> | undefined;
    let mcp: McpServerHandle | undefined;
    const transport = new WebSessionTransport(
      {
        sessionIdGenerator: () => crypto.randomUUID(),
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
    const done = store.begin(session);
    try {
      const response = await transport.handleRequest(request, { parsedBody: message, authInfo: auth });
      // An initialize the transport refused started no session: nothing else will close it.
      if (transport.sessionId === undefined) await mcp.close();
      return response;
    } finally {
      done();
    }
  };

  return Object.assign(handle, {
    close: async () => {
      await sessions?.closeAll();
    },
  });
}

/** The SDK's web-standard transport for one session, noting each answer it sends: a request id is free again once answered. */
class WebSessionTransport extends WebStandardStreamableHTTPServerTransport {
  constructor(
    options: ConstructorParameters<typeof WebStandardStreamableHTTPServerTransport>[0],
    private readonly requests: InFlightRequests,
  ) {
    super(options);
  }

  override send(message: JSONRPCMessage, options?: { relatedRequestId?: RequestId }): Promise<void> {
    this.requests.sent(message);
    return super.send(message, options);
  }
}

/** A request's headers as node names them (lower case), the Host taken from the URL when the runtime gives none. */
function headersOf(headers: Headers, url: URL): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  headers.forEach((value, name) => {
    out[name] = value;
  });
  out.host ??= url.host;
  return out;
}

/** The body, as one JSON-RPC message or batch, read up to `max` bytes: 413 past it, 400 for what is not JSON. */
async function readMessage(request: Request, max: number): Promise<{ message: unknown } | { refusal: Response }> {
  const tooLarge = () => ({ refusal: errorResponse(413, -32000, `Payload Too Large: the request body must not exceed ${max} bytes`) });
  if (Number(request.headers.get('content-length') ?? 0) > max) return tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body !== null) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => undefined);
        return tooLarge();
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return { message: JSON.parse(new TextDecoder().decode(bytes)) as unknown };
  } catch {
    return { refusal: errorResponse(400, -32700, 'Parse error: Invalid JSON') };
  }
}

function refuseDuplicate(id: RequestId): Response {
  const { code, message } = duplicateIdError(id);
  return errorResponse(400, code, message, {}, id);
}

/** A JSON-RPC error as the HTTP answer, as the SDK's transport answers what it refuses. */
function errorResponse(status: number, code: number, message: string, headers: Record<string, string> = {}, id: RequestId | null = null): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message: limitText(message, 500) }, id }, { status, headers });
}

function isInitialize(message: unknown): boolean {
  return Array.isArray(message) ? message.some((m) => isInitializeRequest(m)) : isInitializeRequest(message);
}

function isInitialized(message: unknown): boolean {
  return Array.isArray(message) ? message.some((m) => isInitializedNotification(m)) : isInitializedNotification(message);
}
