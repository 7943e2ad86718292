import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { InFlightRequests } from '../request-ids';
import type { McpServerHandle } from '../serve-mcp';

/** One MCP session of a stateful HTTP endpoint: its transport and server, and who opened it. */
export interface Session<T = WebStandardStreamableHTTPServerTransport> {
  readonly transport: T;
  readonly mcp: McpServerHandle;
  /** Who opened the session (the token it came with); only they may use it. */
  readonly identity: string | undefined;
  /** The ids of its requests not answered yet. */
  readonly requests: InFlightRequests;
  /** When `initialize` opened it. */
  readonly createdAt: number;
  /** Whether the client finished the handshake (`notifications/initialized`). */
  initialized: boolean;
  /** When the session's last request began or ended. */
  lastSeen: number;
  /** POST and DELETE requests of the session still running. */
  open: number;
}

/** How long sessions may stay unused, and how many there may be. */
export interface SessionLimits {
  /** A session with no request running for this long expires. */
  idleMs: number;
  /** A session whose client has not sent `notifications/initialized` this long after `initialize` expires. */
  initMs: number;
  /** The most sessions at once. */
  maxSessions: number;
  /** The most sessions one caller (one `identity`) may hold at once; callers without an identity have no such cap. */
  maxPerCaller: number;
}

/** A place reserved for a new session, or why there is none: the store is full, or the caller holds its share, all busy. */
export type SessionPlace = { release: () => void; refused?: undefined } | { refused: 'store' | 'caller' };

/**
 * The sessions of a stateful server, by id. A session with no request
 * running for `idleMs` expires, and so does one whose client never finished
 * the handshake within `initMs` (a bare `initialize` costs a session: a
 * flood of them must not keep real clients out). An expired session's server
 * and transport are closed, which ends its SSE stream, and its client gets
 * 404 and must start a new session, as MCP prescribes. The GET stream a
 * client keeps open for server messages does not keep a session alive: only
 * requests do. A sweep runs every `min(idleMs, initMs) / 2` (at most every
 * minute), on a timer that does not keep the process alive.
 */
export class SessionStore<T = WebStandardStreamableHTTPServerTransport> {
  private readonly sessions = new Map<string, Session<T>>();
  private readonly timer: NodeJS.Timeout;
  /** Places reserved by initializes still being answered. */
  private opening = 0;
  /** The same, by caller. */
  private readonly openingBy = new Map<string, number>();

  constructor(readonly limits: SessionLimits) {
    this.timer = setInterval(() => this.sweep(), Math.max(10, Math.min(limits.idleMs / 2, limits.initMs / 2, 60_000)));
    this.timer.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  get(id: string): Session<T> | undefined {
    return this.sessions.get(id);
  }

  add(id: string, session: Session<T>): void {
    this.sessions.set(id, session);
  }

  delete(id: string): void {
    this.sessions.delete(id);
  }

  /**
   * A place for a new session of `identity`, held until `release` is called
   * (once its `initialize` was answered, the session added or not), so that
   * initializes arriving together cannot open more than the limits allow.
   * A caller holding `maxPerCaller` sessions makes room with its own: its
   * oldest that never finished its handshake, else the one unused longest,
   * among those running no request; with all busy, it is refused (and only
   * it). When the store is full, the oldest session of anyone that never
   * finished its handshake (and runs no request) is closed to make room;
   * with none, the store stays full.
   */
  reserve(identity: string | undefined): SessionPlace {
    if (identity !== undefined && this.countOf(identity) >= this.limits.maxPerCaller && !this.evictIdleOf(identity)) return { refused: 'caller' };
    if (this.sessions.size + this.opening >= this.limits.maxSessions && !this.evictUnfinished()) return { refused: 'store' };
    this.opening += 1;
    if (identity !== undefined) this.openingBy.set(identity, (this.openingBy.get(identity) ?? 0) + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.opening -= 1;
        if (identity === undefined) return;
        const left = (this.openingBy.get(identity) ?? 1) - 1;
        if (left === 0) this.openingBy.delete(identity);
        else this.openingBy.set(identity, left);
      },
    };
  }

  /** The sessions `identity` holds or is opening. */
  private countOf(identity: string): number {
    let count = this.openingBy.get(identity) ?? 0;
    for (const session of this.sessions.values()) if (session.identity === identity) count += 1;
    return count;
  }

  private evictIdleOf(identity: string): boolean {
    let oldest: [string, Session<T>] | undefined;
    for (const entry of this.sessions) {
      const session = entry[1];
      if (session.identity !== identity || session.open > 0) continue;
      if (oldest === undefined || goesBefore(session, oldest[1])) oldest = entry;
    }
    if (oldest === undefined) return false;
    this.expire(...oldest);
    return true;
  }

  private evictUnfinished(): boolean {
    // Map order is insertion order: the first match is the oldest.
    for (const [id, session] of this.sessions) {
      if (!session.initialized && session.open === 0) {
        this.expire(id, session);
        return true;
      }
    }
    return false;
  }

  /** Marks a request of `session` open until `done` is called. */
  begin(session: Session<T>): () => void {
    session.open += 1;
    session.lastSeen = Date.now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      session.open -= 1;
      session.lastSeen = Date.now();
    };
  }

  /** Closes the sessions idle for longer than `idleMs`, and those not initialized `initMs` after they opened. */
  sweep(now = Date.now()): void {
    for (const [id, session] of this.sessions) {
      if (session.open > 0) continue;
      const idle = now - session.lastSeen > this.limits.idleMs;
      const unfinished = !session.initialized && now - session.createdAt > this.limits.initMs;
      if (idle || unfinished) this.expire(id, session);
    }
  }

  /** Stops the sweep and closes every session. */
  async closeAll(): Promise<void> {
    clearInterval(this.timer);
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(all.map((s) => s.mcp.close().catch(() => undefined)));
  }

  private expire(id: string, session: Session<T>): void {
    this.sessions.delete(id);
    void session.mcp.close().catch(() => undefined);
  }
}

/** Whether idle session `a` goes before `b`: one that never finished its handshake first, then the one unused longest. */
function goesBefore(a: Session<unknown>, b: Session<unknown>): boolean {
  if (a.initialized !== b.initialized) return !a.initialized;
  return a.lastSeen < b.lastSeen;
}
