import { describeValue } from '@victor-tools/core/internal';
import type { AuthInfo } from '@victor-tools/core/framework';
import type { Refusal } from './request-guard';
import type { RequestHeaders } from './request-headers';

/**
 * Decides whether a bearer token is good: answers who the caller is, or
 * undefined (or throws) to refuse it. Given the request as a web-standard
 * `Request` (headers, URL and method; not the body), for verifiers that look
 * at more than the token (a DPoP header, the tenant in the host name).
 * `extra.sub`, a string naming the user (a JWT's `sub`), is who a stateful
 * session belongs to, with `clientId`; without it, the token itself.
 */
export type VerifyToken = (token: string, request: Request) => AuthInfo | undefined | Promise<AuthInfo | undefined>;

/** What `/.well-known/oauth-protected-resource` says about the server (RFC 9728). */
export interface ResourceMetadataOptions {
  /** The authorization servers that issue tokens for this server (`authorization_servers`). */
  authorizationServers: readonly string[];
  /** This server's resource identifier (`resource`); default: the MCP endpoint's URL as the request's Host names it. */
  resource?: string;
  /** The scopes clients may ask for (`scopes_supported`). */
  scopesSupported?: readonly string[];
  /** A human-readable name (`resource_name`). */
  resourceName?: string;
  /** A page that documents the server (`resource_documentation`). */
  resourceDocumentation?: string;
}

/** Where RFC 9728 puts the protected resource's metadata (the endpoint's path is appended to it). */
export const WELL_KNOWN_RESOURCE_PATH = '/.well-known/oauth-protected-resource';

/** What authentication reads of a request: node's `IncomingMessage` has it, and a web `Request` is read into it. */
export interface RequestHead {
  readonly headers: RequestHeaders;
  /** The path and query. */
  readonly url?: string;
  readonly method?: string;
}

/** The outcome of authentication: the verified caller, or the 401 to answer. */
export type Authentication = { auth: AuthInfo; identity: string } | { refusal: Refusal };

/**
 * Authentication of MCP HTTP requests with a `verifyToken` function, as the
 * MCP authorization spec asks of a resource server: a request without a
 * bearer token, with one the verifier refuses, or with one past its
 * `expiresAt`, gets 401 with `WWW-Authenticate: Bearer` (and, with resource
 * metadata, `resource_metadata="<url>"`, where clients find the
 * authorization servers).
 */
export class Authorizer {
  constructor(
    private readonly verify: VerifyToken,
    private readonly endpointPath: string,
    private readonly metadata: ResourceMetadataOptions | undefined,
  ) {}

  async authenticate(req: RequestHead): Promise<Authentication> {
    const token = bearerToken(req.headers.authorization);
    if (token === undefined) return this.refuse(req, 'Unauthorized: a bearer token is required');
    let auth: AuthInfo | undefined;
    try {
      auth = await this.verify(token, webRequest(req));
    } catch {
      auth = undefined; // a verifier that throws refuses the token; what it threw is not the client's business
    }
    if (auth === undefined || auth === null || typeof auth !== 'object') {
      return this.refuse(req, 'Unauthorized: the bearer token is not valid', 'invalid_token');
    }
    if (typeof auth.expiresAt === 'number' && auth.expiresAt * 1000 <= Date.now()) {
      return this.refuse(req, 'Unauthorized: the bearer token has expired', 'invalid_token');
    }
    const verified: AuthInfo = { ...auth, token, scopes: Array.isArray(auth.scopes) ? auth.scopes.filter((s) => typeof s === 'string') : [] };
    return { auth: verified, identity: await callerIdentity(auth, token) };
  }

  /** The `WWW-Authenticate` value of a refusal: `Bearer`, the error if any, and where the resource metadata is. */
  challenge(req: RequestHead, error?: { code: string; description?: string; scope?: string }): string {
    const parts: string[] = [];
    if (error !== undefined) {
      parts.push(`error="${error.code}"`);
      if (error.description !== undefined) parts.push(`error_description="${error.description}"`);
      if (error.scope !== undefined) parts.push(`scope="${error.scope}"`);
    }
    const url = this.metadataUrl(req);
    if (url !== undefined) parts.push(`resource_metadata="${url}"`);
    return parts.length === 0 ? 'Bearer' : `Bearer ${parts.join(', ')}`;
  }

  /** Whether `pathname` is where the resource metadata is served: the well-known path, with or without the endpoint's path. */
  isMetadataPath(pathname: string | undefined): boolean {
    return this.metadata !== undefined && (pathname === WELL_KNOWN_RESOURCE_PATH || pathname === `${WELL_KNOWN_RESOURCE_PATH}${this.endpointPath}`);
  }

  /** The RFC 9728 document. */
  metadataDocument(req: RequestHead): Record<string, unknown> {
    const metadata = this.metadata!;
    const document: Record<string, unknown> = {
      resource: this.resource(req),
      authorization_servers: [...metadata.authorizationServers],
      bearer_methods_supported: ['header'],
    };
    if (metadata.scopesSupported !== undefined) document.scopes_supported = [...metadata.scopesSupported];
    if (metadata.resourceName !== undefined) document.resource_name = metadata.resourceName;
    if (metadata.resourceDocumentation !== undefined) document.resource_documentation = metadata.resourceDocumentation;
    return document;
  }

  private refuse(req: RequestHead, message: string, code?: string): Authentication {
    const challenge = this.challenge(req, code === undefined ? undefined : { code, description: message.replace(/^Unauthorized: /, '') });
    return { refusal: { status: 401, message, headers: { 'WWW-Authenticate': challenge } } };
  }

  private resource(req: RequestHead): string {
    return this.metadata?.resource ?? `http://${req.headers.host ?? 'localhost'}${this.endpointPath}`;
  }

  private metadataUrl(req: RequestHead): string | undefined {
    if (this.metadata === undefined) return undefined;
    let resource: URL;
    try {
      resource = new URL(this.resource(req));
    } catch {
      return undefined; // a Host header no URL can hold: the challenge goes without the pointer rather than fail the answer
    }
    const suffix = resource.pathname === '/' ? '' : resource.pathname;
    return `${resource.origin}${WELL_KNOWN_RESOURCE_PATH}${suffix}`;
  }
}

/**
 * Who a session belongs to: the user the verifier names (`extra.sub`) within
 * its client (`clientId`), so that a refreshed token of the same user keeps
 * the session; without a subject, the token itself, as its SHA-256 (the
 * token is not kept). Never the client alone: every user of one client app
 * shares its `clientId`, and a verifier may not set one at all.
 */
async function callerIdentity(auth: AuthInfo, token: string): Promise<string> {
  const subject: unknown = isRecord(auth.extra) ? auth.extra.sub : undefined;
  if (typeof subject === 'string' && subject !== '') {
    return `subject ${JSON.stringify([typeof auth.clientId === 'string' ? auth.clientId : null, subject])}`;
  }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return `token sha256:${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The token of `Authorization: Bearer <token>`, else undefined. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? '');
  return match === null ? undefined : match[1];
}

/** The request as a web-standard `Request` without its body: what a verifier may look at. */
function webRequest(req: RequestHead): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    try {
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    } catch {
      // A header the fetch standard refuses is one a verifier cannot rely on anyway.
    }
  }
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers });
}

/** Refuses options of the HTTP server that contradict each other (`serveMcpHttp`, `mcpRequestHandler`). */
export function checkAuthorizationOptions(tokens: readonly string[], verifyToken: unknown, resourceMetadata: ResourceMetadataOptions | undefined): void {
  if (verifyToken !== undefined && tokens.length > 0) {
    throw new TypeError('pass token or verifyToken, not both: with verifyToken, the verifier decides which bearer tokens are good');
  }
  if (verifyToken !== undefined && typeof verifyToken !== 'function') throw new TypeError(`verifyToken must be a function, got ${describeValue(verifyToken)}`);
  if (resourceMetadata !== undefined && verifyToken === undefined) {
    throw new TypeError('resourceMetadata names the authorization servers of tokens that verifyToken checks: pass verifyToken too');
  }
  if (resourceMetadata !== undefined && (!Array.isArray(resourceMetadata.authorizationServers) || resourceMetadata.authorizationServers.length === 0)) {
    throw new TypeError('resourceMetadata.authorizationServers must name at least one authorization server (its issuer URL)');
  }
}
