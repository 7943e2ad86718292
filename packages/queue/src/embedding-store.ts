import { closeRedis, createRedis, type RedisConnection } from './connection';

/** Options of `redisEmbeddingStore`. */
export interface RedisEmbeddingStoreOptions {
  /** Where Redis is: the same connection the queue's invoker and workers take. */
  connection: RedisConnection;
  /** The keys' prefix (default `'victor-tools:embedding:'`). */
  prefix?: string;
  /** How long a vector is kept after it was stored, in seconds (default: until Redis evicts it). */
  ttlSeconds?: number;
}

/**
 * Tools' vectors in Redis: the `EmbeddingStore` of `@victor-tools/metadata`
 * (`ToolMetadataRegistry.configure({ embedder, embeddingStore })`), shared by
 * every process that reaches the same Redis, so a restart, or another worker
 * with the same tools, embeds nothing again. A vector is a string value of
 * float32 little-endian bytes under prefix + key; `close()` closes the client.
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
  const redis = createRedis(options.connection, 'victor-tools:embedding-store');
  return {
    async get(keys) {
      if (keys.length === 0) return [];
      const values = await redis.mgetBuffer(...keys.map((key) => prefix + key));
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
      const pipeline = redis.pipeline();
      keys.forEach((key, i) => {
        const bytes = Buffer.alloc(vectors[i].length * 4);
        vectors[i].forEach((x, d) => bytes.writeFloatLE(x, d * 4));
        if (ttl === undefined) pipeline.set(prefix + key, bytes);
        else pipeline.set(prefix + key, bytes, 'EX', ttl);
      });
      const results = await pipeline.exec();
      const failed = results?.find(([error]) => error !== null);
      if (failed) throw failed[0];
    },
    close: () => closeRedis(redis),
  };
}
