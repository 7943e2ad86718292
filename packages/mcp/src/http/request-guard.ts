import type { RequestHeaders } from './request-headers';

/** Why a request was refused before it reached MCP. */
export interface Refusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

/** The hostnames of the loopback interface, as a Host header or URL spells them. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether binding `host` exposes the server only to this machine. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase();
  return name === 'localhost' || name === '::1' || name === '[::1]' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** What the guard decided: the refusal, or who the request comes from (which token it carried; undefined without tokens). */
export type GuardVerdict = { refusal: Refusal } | { refusal?: undefined; identity: string | undefined };

/** What the guard checks, from the options of `serveMcpHttp`. */
export interface GuardSettings {
  loopback: boolean;
  /** The tokens a request may carry, one per client; none: no token needed. */
  tokens: readonly string[];
  allowedHosts?: readonly string[];
  allowedOrigins?: readonly string[];
}

/**
 * The checks every request passes before MCP sees it. DNS-rebinding
 * protection: the Host header's hostname must be allowed (`allowedHosts`;
 * on loopback by default localhost, 127.0.0.1 and [::1]), and an Origin
 * header, when a browser sent one, must be allowed (`allowedOrigins`; on
 * loopback by default any http(s) origin on a loopback hostname). With a
 * token, `Authorization: Bearer <token>` must match it (compared in constant
 * time); with several tokens, any of them, and the request's identity is
 * the one it carried.
 */
export class RequestGuard {
  private readonly hosts: ReadonlySet<string> | undefined;
  private readonly origins: ReadonlySet<string> | undefined;
  private readonly tokens: readonly string[];

  constructor(private readonly settings: GuardSettings) {
    const hosts = settings.allowedHosts ?? (settings.loopback ? [...LOOPBACK_NAMES] : undefined);
    this.hosts = hosts && new Set(hosts.map((h) => h.toLowerCase()));
    this.origins = settings.allowedOrigins && new Set(settings.allowedOrigins.map(normalizeOrigin));
    this.tokens = settings.tokens;
  }

  /** The refusal of a request with these headers, or who it comes from when it may pass. */
  check(headers: RequestHeaders): GuardVerdict {
    if (this.hosts) {
      const host = headers.host;
      const hostname = host === undefined ? undefined : hostnameOf(`http://${host}`);
      if (hostname === undefined || !this.hosts.has(hostname)) return { refusal: { status: 403, message: `Invalid Host header: ${host ?? '(none)'}` } };
    }
    const origin = headers.origin;
    if (origin !== undefined && !this.originAllowed(origin)) return { refusal: { status: 403, message: `Invalid Origin header: ${origin}` } };
    if (this.tokens.length === 0) return { identity: undefined };
    const token = this.tokenIndex(headers.authorization);
    if (token === undefined) {
      return { refusal: { status: 401, message: 'Unauthorized: a valid bearer token is required', headers: { 'WWW-Authenticate': 'Bearer' } } };
    }
    return { identity: `token ${token}` };
  }

  private originAllowed(origin: string): boolean {
    if (this.origins) return this.origins.has(normalizeOrigin(origin));
    if (!this.settings.loopback) return true;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false; // 'null' (a sandboxed page, a file) and garbage
    }
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_NAMES.has(url.hostname);
  }

  /** Which token the header carries (its index), compared with every token in constant time. */
  private tokenIndex(authorization: string | undefined): number | undefined {
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? '');
    if (match === null) return undefined;
    let found: number | undefined;
    this.tokens.forEach((expected, index) => {
      if (sameToken(match[1], expected) && found === undefined) found = index;
    });
    return found;
  }
}

/**
 * Whether `given` is `expected`, in a time that depends on neither's content
 * (only on the length of `expected`, the server's own token): no early exit
 * tells an attacker how many leading characters were right. Plain code, not
 * node:crypto's timingSafeEqual, so that the web-standard handler runs where
 * Node's built-ins do not.
 */
function sameToken(given: string, expected: string): boolean {
  let difference = given.length === expected.length ? 0 : 1;
  for (let i = 0; i < expected.length; i++) difference |= expected.charCodeAt(i) ^ (i < given.length ? given.charCodeAt(i) : 0);
  return difference === 0;
}

function hostnameOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

function normalizeOrigin(origin: string): string {
  return origin.trim().toLowerCase().replace(/\/+$/, '');
}
