import type { Logger } from '@victor-tools/core';
import { guardedLogger } from '@victor-tools/core/internal';
import { Redis, type RedisOptions } from 'ioredis';
import { closeRedis, type RedisConnection } from './connection';
import { errorMessage } from './results';

/** Options of `redisEmbeddingStore`. */
export interface RedisEmbeddingStoreOptions {
  /** Where Redis is: the same connection the queue's invoker and workers take. */
  connection: RedisConnection;
  /** The keys' prefix (default `'victor-tools:embedding:'`). */
  prefix?: string;
  /** How long a vector is kept after it was stored, in seconds (default: until Redis evicts it). */
  ttlSeconds?: number;
  /**
   * Longest wait for Redis, in ms, for the first connection and for each
   * read or write (default 5000): past it the read is a miss and the tools
   * are embedded. While Redis is known to be down, reads and writes fail at
   * once, without waiting.
   */
  timeoutMs?: number;
  /** Where Redis being unreachable is reported, once per outage; the console by default. */
  logger?: Logger;
}

/**
 * Tools' vectors in Redis: the `EmbeddingStore` of `@victor-tools/metadata`
 * (`ToolMetadataRegistry.configure({ embedder, embeddingStore })`), shared by
 * every process that reaches the same Redis, so a restart, or another worker
 * with the same tools, embeds nothing again. A vector is a string value of
 * float32 little-endian bytes under prefix + key; `close()` closes the client.
 * The store is a cache that may be down: its reads and writes fail within
 * `timeoutMs` (at once while Redis is known to be unreachable), which the
 * metadata registry takes as a miss, so a search never waits on Redis.
 */
export interface RedisEmbeddingStore {
  get(keys: readonly string[]): Promise<Array<Float32Array | undefined>>;
  set(keys: readonly string[], vectors: readonly Float32Array[]): Promise<void>;
  close(): Promise<void>;
}

/** A `RedisEmbeddingStore` over its own connection (see `RedisEmbeddingStore`). */
export function redisEmbeddingStore(options: RedisEmbeddingStoreOptions): RedisEmbeddingStore {
  const prefix = options.prefix ?? 'victor-tools:embedding:';
  const ttl = options.ttlSeconds;
  if (ttl !== undefined && !(Number.isInteger(ttl) && ttl > 0)) {
    throw new RangeError(`redisEmbeddingStore: ttlSeconds must be a whole number of seconds above 0, got ${String(ttl)}`);
  }
  const timeoutMs = options.timeoutMs ?? 5000;
  if (!(Number.isInteger(timeoutMs) && timeoutMs > 0)) {
    throw new RangeError(`redisEmbeddingStore: timeoutMs must be a whole number of milliseconds above 0, got ${String(timeoutMs)}`);
  }
  // Called from ioredis's 'error' event: a logger that throws there would be an uncaught exception.
  const logger: Logger = guardedLogger(options.logger ?? console);
  const redis = cacheRedis(options.connection, timeoutMs);
  // Whether Redis failed since it was last ready: commands then fail at once
  // rather than wait in ioredis's queue for a reconnect.
  let down = false;
  // Whether this outage was reported: once, not at every reconnect attempt.
  let reported = false;
  const report = (error: unknown): void => {
    if (reported) return;
    reported = true;
    logger.warn(`victor-tools embedding store: Redis cannot be reached, tools are embedded without it until it is back: ${errorMessage(error)}`);
  };
  redis.on('error', (error: unknown) => {
    down = true;
    report(error);
  });
  redis.on('close', () => {
    down = true;
  });
  redis.on('ready', () => {
    down = false;
    reported = false;
  });
  const reachable = (): void => {
    if (down) throw new Error('victor-tools embedding store: Redis cannot be reached');
  };
  // A failed command (a timeout, a lost connection) is reported as an outage is, then passed on: the registry's miss.
  const reporting = <T>(work: Promise<T>): Promise<T> =>
    work.catch((error: unknown) => {
      report(error);
      throw error;
    });
  return {
    async get(keys) {
      if (keys.length === 0) return [];
      reachable();
      const values = await reporting(redis.mgetBuffer(...keys.map((key) => prefix + key)));
      return values.map((value) => {
        // A value that is not whole float32s is not ours: a miss, embedded anew.
        if (value === null || value.length === 0 || value.length % 4 !== 0) return undefined;
        const vector = new Float32Array(value.length / 4);
        for (let i = 0; i < vector.length; i++) vector[i] = value.readFloatLE(i * 4);
        return vector;
      });
    },
    async set(keys, vectors) {
      if (keys.length === 0) return;
      reachable();
      const pipeline = redis.pipeline();
      keys.forEach((key, i) => {
        const bytes = Buffer.alloc(vectors[i].length * 4);
        vectors[i].forEach((x, d) => bytes.writeFloatLE(x, d * 4));
        if (ttl === undefined) pipeline.set(prefix + key, bytes);
        else pipeline.set(prefix + key, bytes, 'EX', ttl);
      });
      const results = await reporting(pipeline.exec());
      const failed = results?.find(([error]) => error !== null);
      if (failed) throw failed[0];
    },
    close: () => closeRedis(redis),
  };
}

/**
 * The store's own client, unlike the queue's (`createRedis`): a cache must
 * not hold a search until Redis is back, so a command waits at most
 * `timeoutMs` (`commandTimeout`, the first connection's `connectTimeout`)
 * and a lost connection fails the commands waiting for it
 * (`maxRetriesPerRequest: 0`). Commands sent before the first connection
 * wait for it (the offline queue stays on), so a fresh process reads its
 * vectors rather than embedding them all again.
 */
function cacheRedis(connection: RedisConnection, timeoutMs: number): Redis {
  const { url, ...options } = typeof connection === 'string' ? { url: connection } : { ...connection };
  const settings: RedisOptions = {
    connectTimeout: timeoutMs,
    ...options,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    connectionName: 'victor-tools:embedding-store',
  };
  return url === undefined ? new Redis(settings) : new Redis(url, settings);
}
