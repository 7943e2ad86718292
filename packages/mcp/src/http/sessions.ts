import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { McpServerHandle } from '../serve-mcp';

/** One MCP session of a stateful HTTP server: its transport and server. */
export interface Session {
  readonly transport: StreamableHTTPServerTransport;
  readonly mcp: McpServerHandle;
  /** When the session's last request began or ended. */
  lastSeen: number;
  /** POST and DELETE requests of the session still running. */
  open: number;
}

/**
 * The sessions of a stateful server, by id. A session with no request
 * running for `idleMs` expires: its server and transport are closed, which
 * ends its SSE stream, and its client gets 404 and must start a new session,
 * as MCP prescribes. The GET stream a client keeps open for server messages
 * does not keep a session alive: only requests do. A sweep runs every
 * `idleMs / 2` (at most every minute), on a timer that does not keep the
 * process alive.
 */
export class SessionStore {
  private readonly sessions = new Map<string, Session>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    readonly idleMs: number,
    readonly maxSessions: number,
  ) {
    this.timer = setInterval(() => this.sweep(), Math.max(10, Math.min(idleMs / 2, 60_000)));
    this.timer.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  get(id: string): Session | undefined {
    return this.sessions.get(id);
  }

  add(id: string, session: Session): void {
    this.sessions.set(id, session);
  }

  delete(id: string): void {
    this.sessions.delete(id);
  }

  /** Marks a request of `session` open until `done` is called. */
  begin(session: Session): () => void {
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

  /** Closes the sessions idle for longer than `idleMs`. */
  sweep(now = Date.now()): void {
    for (const [id, session] of this.sessions) {
      if (session.open === 0 && now - session.lastSeen > this.idleMs) {
        this.sessions.delete(id);
        void session.mcp.close().catch(() => undefined);
      }
    }
  }

  /** Stops the sweep and closes every session. */
  async closeAll(): Promise<void> {
    clearInterval(this.timer);
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(all.map((s) => s.mcp.close().catch(() => undefined)));
  }
}
