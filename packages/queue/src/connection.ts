import type { ConnectionOptions } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * Where Redis is: a `redis://` / `rediss://` URL or a unix socket path, or
 * ioredis options (`{ host, port, password, tls, ... }`, or `{ url, ...options }`).
 * Each queue object opens its own connections from it and closes them on `close()`.
 */
export type RedisConnection = string | (RedisOptions & { url?: string });

/** BullMQ's form of a connection: it takes `{ url, ...ioredis options }` as well. */
export function bullConnection(connection: RedisConnection): ConnectionOptions {
  return (typeof connection === 'string' ? { url: connection } : { ...connection }) as ConnectionOptions;
}

function ioredisOptions(connection: RedisConnection): RedisOptions & { url?: string } {
  return typeof connection === 'string' ? { url: connection } : { ...connection };
}

/**
 * A new ioredis client for the package's own commands and subscriptions.
 * `maxRetriesPerRequest: null` as BullMQ wants it: a command waits for a
 * reconnect instead of failing after a few tries, so a short Redis restart
 * delays calls rather than failing them (their deadlines still bound them).
 */
export function createRedis(connection: RedisConnection, name: string): Redis {
  const { url, ...options } = ioredisOptions(connection);
  const settings: RedisOptions = { maxRetriesPerRequest: null, ...options, connectionName: name };
  return url === undefined ? new Redis(settings) : new Redis(url, settings);
}

/** Closes a client: QUIT when it is connected, a plain disconnect otherwise. Never throws. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // fall through to a disconnect
    }
  }
  client.disconnect();
}
