import type * as http from 'node:http';
import type { Socket } from 'node:net';

/** How long a request may take to arrive, and how many connections may be open. */
export interface ConnectionLimits {
  /** The most time between a connection's opening (or its previous request) and the end of a request's headers and body. */
  requestTimeoutMs: number;
  /** The most connections open at once. */
  maxConnections: number;
}

/**
 * The options of `http.createServer` that bound how long a request may take
 * to arrive: headers and body within `requestTimeoutMs` (Node answers 408
 * and closes the connection), checked every second at most (Node's own
 * check runs every 30 s by default, far too late for a timeout of seconds).
 * A request fully received is not bound by it: a long call answers when it
 * is done.
 */
export function requestTimeouts(requestTimeoutMs: number): http.ServerOptions {
  const timeout = Number.isFinite(requestTimeoutMs) ? Math.ceil(requestTimeoutMs) : 0; // 0: Node's "none"
  return {
    requestTimeout: timeout,
    headersTimeout: timeout,
    connectionsCheckingInterval: timeout === 0 ? 30_000 : Math.max(10, Math.min(1000, Math.floor(timeout / 2))),
  };
}

/**
 * Caps a server's open connections (more are closed as they arrive, before
 * a byte is read) and closes a connection whose answer the client has
 * stopped reading: one with bytes waiting to be written that has not drained
 * for `requestTimeoutMs`. Without that, a client that never reads keeps its
 * answers in the server's memory for as long as it keeps the connection.
 * Returns the function that stops watching.
 */
export function limitConnections(server: http.Server, limits: ConnectionLimits): () => void {
  if (Number.isFinite(limits.maxConnections)) server.maxConnections = limits.maxConnections;
  if (!Number.isFinite(limits.requestTimeoutMs)) return () => undefined;

  const sockets = new Set<Socket>();
  /** When each socket with a full write buffer last drained (or was first seen full). */
  const stalledSince = new Map<Socket, number>();
  const onConnection = (socket: Socket) => {
    sockets.add(socket);
    socket.on('drain', () => stalledSince.delete(socket));
    socket.once('close', () => {
      sockets.delete(socket);
      stalledSince.delete(socket);
    });
  };
  server.on('connection', onConnection);

  const check = () => {
    const now = Date.now();
    for (const socket of sockets) {
      if (!socket.writableNeedDrain) {
        stalledSince.delete(socket);
        continue;
      }
      const since = stalledSince.get(socket);
      if (since === undefined) stalledSince.set(socket, now);
      else if (now - since >= limits.requestTimeoutMs) socket.destroy();
    }
  };
  const timer = setInterval(check, Math.max(10, Math.min(1000, Math.floor(limits.requestTimeoutMs / 2))));
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off('connection', onConnection);
  };
}
