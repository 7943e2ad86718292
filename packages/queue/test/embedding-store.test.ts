// redisEmbeddingStore: tools' vectors kept in a real redis-server, so a second
// registry (a restarted process) embeds only what it has not seen.
import { ToolMetadataRegistry, type Embedder } from '@victor-tools/metadata';
import { redisEmbeddingStore, type RedisEmbeddingStore } from '@victor-tools/queue';
import { startRedisServer, type RedisServer } from './support/redis-server';
import { ProbeTool } from './support/tools';

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

function store(options: { prefix?: string; ttlSeconds?: number } = {}): RedisEmbeddingStore {
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
});
