// redisEmbeddingStore: tools' vectors kept in a real redis-server, so a second
// registry (a restarted process) embeds only what it has not seen.
import { ToolMetadataRegistry, type Embedder } from '@victor-tools/metadata';
import { redisEmbeddingStore, type RedisEmbeddingStore, type RedisEmbeddingStoreOptions } from '@victor-tools/queue';
import { createServer, type Server, type Socket } from 'node:net';
import { freePort, startRedisServer, type RedisServer } from './support/redis-server';
import { ProbeTool } from './support/tools';
import { quietLogger } from '../../../test/support/logger';

jest.setTimeout(30_000);

let redis: RedisServer;
const stores: RedisEmbeddingStore[] = [];
beforeAll(async () => {
  redis = await startRedisServer();
});
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await redis.stop();
});

const TOPICS = [['weather', 'rain'], ['email', 'inbox'], ['file', 'folder']];
class CountingEmbedder implements Embedder {
  readonly id = 'topics-v1';
  embedded: string[] = [];
  async embed(texts: string[]) {
    this.embedded.push(...texts);
    return texts.map((text) => TOPICS.map((topic) => text.toLowerCase().split(/[^a-z]+/).filter((w) => topic.includes(w)).length + 0.01));
  }
}

class DescribedTool extends ProbeTool {
  constructor(
    name: string,
    private readonly text: string,
  ) {
    super({ name });
  }
  override get description() {
    return this.text;
  }
}

const tools = () => [
  new DescribedTool('get_forecast', 'Weather forecast, rain or shine.'),
  new DescribedTool('send_mail', 'Send an email to an inbox.'),
  new DescribedTool('list_files', 'List the files of a folder.'),
];

function store(options: Partial<RedisEmbeddingStoreOptions> = {}): RedisEmbeddingStore {
  const created = redisEmbeddingStore({ connection: redis.url, ...options });
  stores.push(created);
  return created;
}

describe('redisEmbeddingStore', () => {
  it('should let a second registry over the same Redis embed only the request', async () => {
    const first = new CountingEmbedder();
    const a = new ToolMetadataRegistry().configure({ embedder: first, embeddingStore: store() });
    a.refreshFromTools(tools());
    const ranked = await a.searchAsync('will it rain');
    expect(first.embedded).toHaveLength(4);

    const second = new CountingEmbedder();
    const b = new ToolMetadataRegistry().configure({ embedder: second, embeddingStore: store() });
    b.refreshFromTools(tools());
    expect(await b.searchAsync('will it rain')).toEqual(ranked);
    expect(second.embedded).toEqual(['will it rain']);
  });

  it('should keep vectors exactly, under its prefix, with a time to live when asked', async () => {
    const kept = store({ prefix: 'test:vec:', ttlSeconds: 60 });
    await kept.set(['k1'], [Float32Array.of(0.5, -1.25, 3)]);
    expect(await kept.get(['k1', 'k2'])).toEqual([Float32Array.of(0.5, -1.25, 3), undefined]);
    const client = redis.client();
    try {
      expect(await client.ttl('test:vec:k1')).toBeGreaterThan(0);
      await client.set('test:vec:bad', 'abc');
      expect(await kept.get(['bad'])).toEqual([undefined]);
    } finally {
      client.disconnect();
    }
  });

  it('should refuse a ttl that is not a whole number of seconds', () => {
    expect(() => redisEmbeddingStore({ connection: redis.url, ttlSeconds: 1.5 })).toThrow(
      'redisEmbeddingStore: ttlSeconds must be a whole number of seconds above 0, got 1.5',
    );
  });

  it('should refuse a timeout that is not a whole number of milliseconds', () => {
    expect(() => redisEmbeddingStore({ connection: redis.url, timeoutMs: 0 })).toThrow(
      'redisEmbeddingStore: timeoutMs must be a whole number of milliseconds above 0, got 0',
    );
  });
});

describe('redisEmbeddingStore with Redis out of reach', () => {
  it('should let searches go on at once, embedding, and report the outage once, quietly', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const log = quietLogger();
      const down = store({ connection: `redis://127.0.0.1:${await freePort()}`, logger: log });
      const embedder = new CountingEmbedder();
      const registry = new ToolMetadataRegistry().configure({ embedder, embeddingStore: down });
      registry.refreshFromTools(tools());
      const started = Date.now();
      expect((await registry.searchAsync('will it rain'))[0].name).toBe('get_forecast');
      expect(embedder.embedded).toHaveLength(4);
      // ioredis tries again in the background; searches meanwhile do not wait for it.
      await new Promise((resolve) => setTimeout(resolve, 400));
      registry.refreshFromTools([...tools(), new DescribedTool('read_inbox', 'Read the email of an inbox.')]);
      expect((await registry.searchAsync('my inbox'))[0].name).toMatch(/send_mail|read_inbox/);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(log.warn).toHaveBeenCalledTimes(1);
      expect(log.warn.mock.calls[0][0]).toMatch(/^victor-tools embedding store: Redis cannot be reached, tools are embedded without it until it is back: .*ECONNREFUSED/);
      // No "[ioredis] Unhandled error event" on the console.
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
    }
  });

  it('should not let a logger that throws while reporting the outage crash the process', async () => {
    const uncaught = jest.fn();
    process.on('uncaughtException', uncaught);
    try {
      const broken = { ...quietLogger(), warn: jest.fn(() => { throw new Error('logger broke'); }) };
      const down = store({ connection: `redis://127.0.0.1:${await freePort()}`, logger: broken });
      const registry = new ToolMetadataRegistry().configure({ embedder: new CountingEmbedder(), embeddingStore: down });
      registry.refreshFromTools(tools());
      expect((await registry.searchAsync('will it rain'))[0].name).toBe('get_forecast');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(broken.warn).toHaveBeenCalled();
      expect(uncaught).not.toHaveBeenCalled();
    } finally {
      process.off('uncaughtException', uncaught);
    }
  });

  it('should give up on a Redis that does not answer after timeoutMs', async () => {
    // Accepts connections and never answers a command.
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as { port: number };
      const log = quietLogger();
      const hung = store({ connection: `redis://127.0.0.1:${port}`, timeoutMs: 200, logger: log });
      const embedder = new CountingEmbedder();
      const registry = new ToolMetadataRegistry().configure({ embedder, embeddingStore: hung });
      registry.refreshFromTools(tools());
      const started = Date.now();
      expect((await registry.searchAsync('will it rain'))[0].name).toBe('get_forecast');
      expect(Date.now() - started).toBeLessThan(1500);
      expect(embedder.embedded).toHaveLength(4);
      expect(log.warn).toHaveBeenCalledTimes(1);
    } finally {
      await Promise.all(stores.splice(0).map((s) => s.close()));
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
