import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { ErrorCode, isInitializeRequest, isInitializedNotification, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '@victor-tools/core';
import type { AuthInfo } from '@victor-tools/core/framework';
import { Authorizer, checkAuthorizationOptions, type RequestHead, type ResourceMetadataOptions, type VerifyToken } from './http/authorization';
import { RequestGuard } from './http/request-guard';
import type { RequestHeaders } from './http/request-headers';
import { insufficientScope } from './http/scope-refusal';
import { SessionStore, type Session } from './http/sessions';
import { errorResponse } from './http/responses';
import { DEFAULT_MAX_REQUEST_BYTES, positiveLimit } from './limits';
import { InFlightRequests, NOT_JSON_RPC, duplicateIdError, invalidRequestId } from './request-ids';
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
  /** Stateful mode: the most sessions one caller holds at once, as `serveMcpHttp`'s. */
  maxSessionsPerCaller?: number;
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
  const endpoint = mcpEndpoint(registry, options, { loopback: false });
  return Object.assign((request: Request) => endpoint.handle(request), { close: endpoint.close });
}

/**
 * What the HTTP server around the endpoint knows of one exchange that a
 * `Request` does not say (`serveMcpHttp`'s node:http server): it reads the
 * body itself, within the bytes all requests may hold at once and draining
 * what it refuses so that the client sees the answer, and it knows when the
 * answer has been sent, streams included.
 */
export interface ServerExchange {
  /** The body as one JSON-RPC message or batch, or the answer refusing it. */
  readMessage(): Promise<MessageRead>;
  /** Runs `done` once the answer has ended, or the client left. */
  whenAnswered(done: () => void): void;
}

/** A request body read: the message, or the answer that refuses it. */
export type MessageRead = { message: unknown } | { refusal: Response };

/** How the endpoint is deployed: by `mcpRequestHandler` in any stack, or by `serveMcpHttp` on its own server. */
export interface EndpointSetting {
  /** Bound to loopback: the Host and Origin defaults are loopback names (DNS rebinding). */
  loopback: boolean;
  /** The endpoint owns the whole server: requests for other paths get 404. */
  ownsServer?: boolean;
}

/** The MCP endpoint `mcpRequestHandler` and `serveMcpHttp` share: one set of checks, messages and sessions. */
export interface McpEndpoint {
  handle(request: Request, exchange?: ServerExchange): Promise<Response>;
  close(): Promise<void>;
}

/** The endpoint behind `mcpRequestHandler` and `serveMcpHttp`; `setting` says which of the two deploys it. */
export function mcpEndpoint(registry: ServableRegistry, options: McpRequestHandlerOptions, setting: EndpointSetting): McpEndpoint {
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
    maxSessionsPerCaller,
    ...serveOptions
  } = options;
  const tokens = (typeof token === 'string' ? [token] : (token ?? [])).filter((t) => t !== '');
  checkAuthorizationOptions(tokens, verifyToken, resourceMetadata);
  if (stateless && serveOptions.progressive) {
    throw new TypeError('progressive needs sessions: a stateless server forgets what search_tools enabled after each request; pass stateless: false');
  }
  const maxBytes = positiveLimit('maxRequestBytes', maxRequestBytes, DEFAULT_MAX_REQUEST_BYTES);
  const guard = new RequestGuard({ loopback: setting.loopback, tokens, allowedHosts, allowedOrigins });
  const logger: Pick<Logger, 'warn'> = serveOptions.logger ?? console;
  const authorizer = verifyToken === undefined ? undefined : new Authorizer(verifyToken, path, resourceMetadata);
  const sessions = stateless ? undefined : sessionStore({ sessionIdleMs, sessionInitMs, maxSessions, maxSessionsPerCaller }, authorizer !== undefined || tokens.length > 1);

  const handle = async (request: Request, exchange?: ServerExchange): Promise<Response> => {
    // Without a server that says when an answer ends, a streamed answer ends with its stream, any other once it is returned.
    const ends: (() => void)[] = [];
    const whenAnswered = exchange?.whenAnswered ?? ((done: () => void) => void ends.push(done));
    let response: Response;
    try {
      response = await answer(request, exchange, whenAnswered);
    } catch (error) {
      logger.warn(`MCP HTTP endpoint: ${error instanceof Error ? error.message : String(error)}`);
      response = errorResponse(500, ErrorCode.InternalError, 'Internal error');
    }
    return ends.length === 0 ? response : afterAnswer(request, response, () => ends.forEach((done) => done()));
  };

  const answer = async (request: Request, exchange: ServerExchange | undefined, whenAnswered: (done: () => void) => void): Promise<Response> => {
    const url = new URL(request.url);
    const head: RequestHead = { headers: headersOf(request.headers, url), url: `${url.pathname}${url.search}`, method: request.method };
    const verdict = guard.check(head.headers);
    if (verdict.refusal) return errorResponse(verdict.refusal.status, -32000, verdict.refusal.message, verdict.refusal.headers);
    let identity = verdict.identity;
    if (authorizer?.isMetadataPath(url.pathname) && (request.method === 'GET' || request.method === 'HEAD')) {
      return Response.json(authorizer.metadataDocument(head), { headers: { 'Cache-Control': 'max-age=3600' } });
    }
    if (setting.ownsServer && url.pathname !== path) return errorResponse(404, -32000, `Not Found: the MCP endpoint is ${path}`);
    let auth: AuthInfo | undefined;
    if (authorizer !== undefined) {
      const authentication = await authorizer.authenticate(head);
      if ('refusal' in authentication) return errorResponse(authentication.refusal.status, -32000, authentication.refusal.message, authentication.refusal.headers);
      ({ auth, identity } = authentication);
    }

    const method = request.method;
    const accept = request.headers.get('accept') ?? '';
    if (method === 'GET' && !accept.includes('text/event-stream')) return errorResponse(406, -32000, 'Not Acceptable: Client must accept text/event-stream');
    if (method === 'GET' || method === 'DELETE') {
      if (!sessions) return errorResponse(405, -32000, 'Method Not Allowed: this server is stateless', { Allow: 'POST' });
      return forwardToSession(sessions, { request, message: undefined, identity, auth, whenAnswered });
    }
    if (method !== 'POST') return errorResponse(405, -32000, 'Method Not Allowed', { Allow: sessions ? 'GET, POST, DELETE' : 'POST' });
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return errorResponse(406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream');
    }
    if (!/^application\/json\s*(;|$)/i.test(request.headers.get('content-type') ?? '')) {
      return errorResponse(415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    }
    const read = await (exchange?.readMessage() ?? readMessage(request, maxBytes));
    if ('refusal' in read) return read.refusal;
    const { message } = read;
    // JSON that is not JSON-RPC is -32600, as over stdio (the SDK's transport would answer -32700).
    const invalidId = invalidRequestId(message);
    if (invalidId !== undefined) return errorResponse(400, ErrorCode.InvalidRequest, NOT_JSON_RPC, {}, invalidId);
    const scopeRefusal = auth === undefined ? undefined : insufficientScope(registry, serveOptions.context, message, auth);
    if (scopeRefusal !== undefined) {
      const challenge = authorizer!.challenge(head, { code: 'insufficient_scope', description: 'the token lacks a scope the tool requires', scope: scopeRefusal.required.join(' ') });
      return errorResponse(403, -32000, scopeRefusal.message, { 'WWW-Authenticate': challenge }, scopeRefusal.id);
    }
    if (!sessions) return answerStateless(request, message, auth, exchange !== undefined, whenAnswered);
    return forwardToSession(sessions, { request, message, identity, auth, whenAnswered });
  };

  /**
   * One request, one server, closed once the answer has ended (or the client
   * left, which aborts a call still running). The answer streams (SSE:
   * progress and logs reach the client during the call) only when the server
   * around says when a stream ends; otherwise it is one JSON body.
   */
  const answerStateless = async (
    request: Request,
    message: unknown,
    auth: AuthInfo | undefined,
    stream: boolean,
    whenAnswered: (done: () => void) => void,
  ): Promise<Response> => {
    const duplicate = new InFlightRequests().claim(message);
    if (duplicate !== undefined) return refuseDuplicate(duplicate);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: !stream });
    const mcp = await serveMcp(registry, { ...serveOptions, transport });
    const close = () => void mcp.close().catch(() => undefined);
    request.signal.addEventListener('abort', close, { once: true });
    whenAnswered(() => {
      request.signal.removeEventListener('abort', close);
      close();
    });
    return transport.handleRequest(request, { parsedBody: message, authInfo: auth });
  };

  const forwardToSession = async (store: SessionStore<WebSessionTransport>, call: SessionCall): Promise<Response> => {
    const { request, message, identity, auth, whenAnswered } = call;
    const id = request.headers.get('mcp-session-id');
    if (id !== null) {
      const session = store.get(id);
      // A session belongs to whoever opened it: to anyone else it does not exist.
      if (!session || session.identity !== identity) return errorResponse(404, -32001, 'Session not found');
      if (request.method === 'GET') {
        session.lastSeen = Date.now();
        return session.transport.handleRequest(request, { authInfo: auth });
      }
      whenAnswered(store.begin(session));
      if (message !== undefined) {
        const duplicate = session.requests.claim(message);
        if (duplicate !== undefined) return refuseDuplicate(duplicate, session.requests.isCancelled(duplicate));
        session.requests.received(message);
        if (isInitialized(message)) session.initialized = true;
      }
      const response = await session.transport.handleRequest(request, { parsedBody: message, authInfo: auth });
      // A request the transport refused was never handed to the server: its ids are free.
      if (response.status >= 400 && message !== undefined) session.requests.forget(message);
      return response;
    }
    if (!isInitialize(message)) return errorResponse(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    const place = store.reserve(identity);
    if (place.refused !== undefined) return refuseSession(place.refused, store.limits.maxPerCaller);
    try {
      return await openSession(store, call);
    } finally {
      place.release();
    }
  };

  /** Answers an `initialize` with a new session (its own server and transport), added to `store` once the transport names it. */
  const openSession = async (store: SessionStore<WebSessionTransport>, call: SessionCall): Promise<Response> => {
    const { request, message, identity, auth, whenAnswered } = call;
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
    whenAnswered(store.begin(session));
    const response = await transport.handleRequest(request, { parsedBody: message, authInfo: auth });
    // An initialize the transport refused started no session: nothing else will close it.
    if (transport.sessionId === undefined) await mcp.close();
    return response;
  };

  return {
    handle,
    close: async () => {
      await sessions?.closeAll();
    },
  };
}

/**
 * The session store of a stateful endpoint. A caller's share of it is
 * capped (a tenth of `maxSessions` by default) when callers are told apart
 * (`verifyToken`, several tokens): one caller must not fill the store and
 * lock everyone else out. With no token, or one, every client is the same
 * caller: only `maxSessions` applies, unless `maxSessionsPerCaller` is given.
 */
function sessionStore(options: Pick<McpRequestHandlerOptions, 'sessionIdleMs' | 'sessionInitMs' | 'maxSessions' | 'maxSessionsPerCaller'>, callersKnown: boolean): SessionStore<WebSessionTransport> {
  const maxSessions = positiveLimit('maxSessions', options.maxSessions, 1000);
  return new SessionStore<WebSessionTransport>({
    idleMs: positiveLimit('sessionIdleMs', options.sessionIdleMs, 30 * 60_000),
    initMs: positiveLimit('sessionInitMs', options.sessionInitMs, 10_000),
    maxSessions,
    maxPerCaller: positiveLimit('maxSessionsPerCaller', options.maxSessionsPerCaller, callersKnown ? Math.max(1, Math.floor(maxSessions / 10)) : Infinity),
  });
}

/** One request to a session-keeping endpoint, as the session code needs it. */
interface SessionCall {
  readonly request: Request;
  /** The parsed JSON-RPC body; undefined for a GET or DELETE. */
  readonly message: unknown;
  /** Who the request's credentials name: a session answers only whoever opened it. */
  readonly identity: string | undefined;
  readonly auth: AuthInfo | undefined;
  /** Runs `done` once the answer has ended (a stream too): the session counts the call as running until then. */
  readonly whenAnswered: (done: () => void) => void;
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

/**
 * `response`, with `done` run once it has been answered: for an event stream
 * (a session's call streams progress, then its result), once the stream has
 * been read to its end, cancelled or the client left; for any other answer
 * at once. A session counts a call as running until then, so a call longer
 * than `sessionIdleMs` does not see its session expire under it.
 */
function afterAnswer(request: Request, response: Response, done: () => void): Response {
  const body = response.body;
  if (body === null || !(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    done();
    return response;
  }
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    request.signal.removeEventListener('abort', finish);
    done();
  };
  request.signal.addEventListener('abort', finish, { once: true });
  const reader = body.getReader();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: over, value } = await reader.read();
        if (over) {
          finish();
          controller.close();
        } else {
          controller.enqueue(value);
        }
      } catch (error) {
        finish();
        controller.error(error);
      }
    },
    cancel(reason) {
      finish();
      return reader.cancel(reason);
    },
  });
  return new Response(stream, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** A request's headers as node names them (lower case), the Host taken from the URL when the runtime gives none. */
function headersOf(headers: Headers, url: URL): RequestHeaders {
  const out: Record<string, string> = {};
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

/** No place for a new session: 503 when the store is full, 429 when the caller holds its share and every one of them is busy. */
function refuseSession(why: 'store' | 'caller', maxPerCaller: number): Response {
  if (why === 'store') return errorResponse(503, -32000, 'Service Unavailable: too many sessions, try again later', { 'Retry-After': '60' });
  const message = `Too Many Requests: this caller holds ${maxPerCaller} sessions, each running a request; end one (DELETE) or try again later`;
  return errorResponse(429, -32000, message, { 'Retry-After': '60' });
}

function refuseDuplicate(id: RequestId, cancelled = false): Response {
  const { code, message } = duplicateIdError(id, cancelled);
  return errorResponse(400, code, message, {}, id);
}

function isInitialize(message: unknown): boolean {
  return Array.isArray(message) ? message.some((m) => isInitializeRequest(m)) : isInitializeRequest(message);
}

function isInitialized(message: unknown): boolean {
  return Array.isArray(message) ? message.some((m) => isInitializedNotification(m)) : isInitializedNotification(message);
}
