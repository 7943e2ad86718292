import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolMetadataRegistry, fileEmbeddingStore, type EmbedOptions, type Embedder } from '@victor-tools/metadata';
import { embeddingKey } from '@victor-tools/metadata/framework';
import { TestTool } from './fixtures/tools';

// A deterministic embedding function: one axis per topic, counting the topic's words.
const TOPICS = [['weather', 'rain'], ['email', 'inbox'], ['file', 'folder']];
const vectorOf = (text: string): number[] => {
  const words = text.toLowerCase().split(/[^a-z]+/);
  return TOPICS.map((topic) => words.filter((w) => topic.includes(w)).length + 0.01);
};

class CountingEmbedder implements Embedder {
  embedded: string[] = [];
  constructor(readonly id = 'topics-v1') {}
  embed(texts: string[]): number[][] {
    this.embedded.push(...texts);
    return texts.map(vectorOf);
  }
}

const tools = () => [
  new TestTool('get_forecast', 'Weather forecast, rain or shine.'),
  new TestTool('send_mail', 'Send an email to an inbox.'),
  new TestTool('list_files', 'List the files of a folder.'),
];

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'victor-embeddings-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('fileEmbeddingStore', () => {
  it('should let a restarted registry with the same tools embed only the request', () => {
    const file = join(dir, 'vectors.bin');
    const first = new CountingEmbedder();
    const before = new ToolMetadataRegistry().configure({ embedder: first, embeddingStore: fileEmbeddingStore(file) });
    before.refreshFromTools(tools());
    const ranked = before.search('will it rain');
    expect(first.embedded).toHaveLength(4);

    // A new process: a new registry, store and embedder over the same file.
    const second = new CountingEmbedder();
    const after = new ToolMetadataRegistry().configure({ embedder: second, embeddingStore: fileEmbeddingStore(file) });
    after.refreshFromTools(tools());
    expect(after.search('will it rain')).toEqual(ranked);
    expect(second.embedded).toEqual(['will it rain']);
  });

  it('should embed again a tool whose text changed, and a tool under another embedder id', () => {
    const file = join(dir, 'vectors.bin');
    const first = new CountingEmbedder();
    const registry = new ToolMetadataRegistry().configure({ embedder: first, embeddingStore: fileEmbeddingStore(file) });
    registry.refreshFromTools(tools());
    registry.search('rain');

    const changed = tools();
    changed[1] = new TestTool('send_mail', 'Send an email message to an inbox.');
    const same = new CountingEmbedder();
    const again = new ToolMetadataRegistry().configure({ embedder: same, embeddingStore: fileEmbeddingStore(file) });
    again.refreshFromTools(changed);
    again.search('rain');
    expect(same.embedded).toEqual([expect.stringContaining('Send an email message'), 'rain']);

    const other = new CountingEmbedder('topics-v2');
    const third = new ToolMetadataRegistry().configure({ embedder: other, embeddingStore: fileEmbeddingStore(file) });
    third.refreshFromTools(tools());
    third.search('rain');
    expect(other.embedded).toHaveLength(4);
  });

  it('should key vectors by a fingerprint of the embedder id and the text', () => {
    expect(embeddingKey('a', 'text')).toMatch(/^[0-9a-f]{64}$/);
    expect(embeddingKey('a', 'text')).not.toBe(embeddingKey('b', 'text'));
    expect(embeddingKey('a', 'text')).toBe(embeddingKey('a', 'text'));
  });

  it('should keep the vectors before a record cut short by a crash, and read whole every record added after it', () => {
    const file = join(dir, 'vectors.bin');
    const store = fileEmbeddingStore(file);
    store.set(['k1', 'k2'], [Float32Array.of(1, 2), Float32Array.of(3, 4)]);
    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, whole.length - 3));
    const reread = fileEmbeddingStore(file);
    expect(reread.get(['k1', 'k2'])).toEqual([Float32Array.of(1, 2), undefined]);
    reread.set(['k2', 'k3'], [Float32Array.of(5, 6), Float32Array.of(7, 8, 9)]);
    expect(fileEmbeddingStore(file).get(['k1', 'k2', 'k3'])).toEqual([Float32Array.of(1, 2), Float32Array.of(5, 6), Float32Array.of(7, 8, 9)]);
    // Once more after the repair: the file stays whole.
    const third = fileEmbeddingStore(file);
    third.set(['k4'], [Float32Array.of(10)]);
    expect(fileEmbeddingStore(file).get(['k1', 'k2', 'k3', 'k4'])).toEqual([Float32Array.of(1, 2), Float32Array.of(5, 6), Float32Array.of(7, 8, 9), Float32Array.of(10)]);
  });

  it("should never cut records another writer appended after it read the file", () => {
    const file = join(dir, 'vectors.bin');
    fileEmbeddingStore(file).set(['k1'], [Float32Array.of(1)]);
    const whole = readFileSync(file);
    writeFileSync(file, Buffer.concat([whole, whole.subarray(8, 11)])); // a partial record after k1
    const first = fileEmbeddingStore(file);
    const second = fileEmbeddingStore(file);
    expect(first.get(['k1'])).toEqual([Float32Array.of(1)]);
    expect(second.get(['k1'])).toEqual([Float32Array.of(1)]);
    first.set(['k2'], [Float32Array.of(2)]); // cuts the partial record off, then appends
    second.set(['k3'], [Float32Array.of(3)]); // the file grew since it was read: appends only
    expect(fileEmbeddingStore(file).get(['k1', 'k2', 'k3'])).toEqual([Float32Array.of(1), Float32Array.of(2), Float32Array.of(3)]);
  });

  it('should start over on a header cut short by a crash', () => {
    const file = join(dir, 'vectors.bin');
    writeFileSync(file, 'VTEM');
    const store = fileEmbeddingStore(file);
    expect(store.get(['k1'])).toEqual([undefined]);
    store.set(['k1'], [Float32Array.of(1, 2)]);
    expect(fileEmbeddingStore(file).get(['k1'])).toEqual([Float32Array.of(1, 2)]);
  });

  it('should create the folders of its path when they are missing', () => {
    const file = join(dir, '.cache', 'nested', 'tool-embeddings.bin');
    const embedder = new CountingEmbedder();
    const registry = new ToolMetadataRegistry().configure({ embedder, embeddingStore: fileEmbeddingStore(file) });
    registry.refreshFromTools(tools());
    expect(registry.search('will it rain')[0].name).toBe('get_forecast');
    const fresh = new CountingEmbedder();
    const restarted = new ToolMetadataRegistry().configure({ embedder: fresh, embeddingStore: fileEmbeddingStore(file) });
    restarted.refreshFromTools(tools());
    restarted.search('will it rain');
    expect(fresh.embedded).toEqual(['will it rain']);
  });

  (existsSync('/proc/self') ? it : it.skip)('should give up at once on a folder under /proc (mkdirSync recursive spun there forever)', () => {
    const start = process.cpuUsage();
    expect(() => fileEmbeddingStore('/proc/nope/x.bin').get(['k'])).toThrow("fileEmbeddingStore: cannot create the folder '/proc/nope' for '/proc/nope/x.bin'");
    const registry = new ToolMetadataRegistry().configure({ embedder: new CountingEmbedder(), embeddingStore: fileEmbeddingStore('/proc/nope/deeper/x.bin') });
    registry.refreshFromTools(tools());
    expect(registry.search('will it rain')[0].name).toBe('get_forecast');
    const { user, system } = process.cpuUsage(start);
    expect((user + system) / 1000).toBeLessThan(5_000);
  });

  it('should refuse a file that is not an embedding store, naming it, and an empty path', () => {
    const file = join(dir, 'notes.txt');
    writeFileSync(file, 'hello');
    expect(() => fileEmbeddingStore(file).get(['k'])).toThrow(`fileEmbeddingStore: '${file}' is not an embedding store (it does not start with VTEMBED1); delete it or choose another path`);
    expect(readFileSync(file, 'utf8')).toBe('hello');
    expect(() => fileEmbeddingStore('')).toThrow('fileEmbeddingStore(file): file must be a non-empty path');
    appendFileSync(file, '');
  });
});

describe('an embedding store of your own', () => {
  it('should be asked before the embedder, asynchronously too, and given only new vectors', async () => {
    const kept = new Map<string, Float32Array>();
    const store = {
      gets: 0,
      async get(keys: readonly string[]) {
        store.gets += 1;
        return keys.map((key) => kept.get(key));
      },
      async set(keys: readonly string[], vectors: readonly Float32Array[]) {
        keys.forEach((key, i) => kept.set(key, vectors[i]));
      },
    };
    const embedder = new CountingEmbedder();
    const registry = new ToolMetadataRegistry().configure({ embedder, embeddingStore: store });
    registry.refreshFromTools(tools());
    const [first] = await registry.searchAsync('my inbox');
    expect(first.name).toBe('send_mail');
    expect(kept.size).toBe(3);
    const fresh = new CountingEmbedder();
    const restarted = new ToolMetadataRegistry().configure({ embedder: fresh, embeddingStore: store });
    restarted.refreshFromTools(tools());
    expect((await restarted.searchAsync('my inbox'))[0].name).toBe('send_mail');
    expect(fresh.embedded).toEqual(['my inbox']);
  });

  it.each([
    ['throws', () => {
      throw new Error('store down');
    }],
    ['rejects', () => Promise.reject(new Error('store down'))],
  ])('should search on, embedding every tool, when the store %s on get and set', async (_how, fail) => {
    const store = { get: jest.fn(fail), set: jest.fn(fail) };
    const embedder = new CountingEmbedder();
    const registry = new ToolMetadataRegistry().configure({ embedder, embeddingStore: store });
    registry.refreshFromTools(tools());
    expect((await registry.searchAsync('my inbox'))[0].name).toBe('send_mail');
    expect(embedder.embedded).toHaveLength(4);
    expect(store.get).toHaveBeenCalledTimes(1);
    expect(store.set).toHaveBeenCalledTimes(1);
    // The vectors are kept in memory all the same: the next search embeds only its request.
    expect((await registry.searchAsync('will it rain'))[0].name).toBe('get_forecast');
    expect(embedder.embedded).toHaveLength(5);
  });

  it('should search on synchronously when a synchronous store throws', () => {
    const store = {
      get(): never {
        throw new Error('disk gone');
      },
      set(): never {
        throw new Error('disk full');
      },
    };
    const registry = new ToolMetadataRegistry().configure({ embedder: new CountingEmbedder(), embeddingStore: store });
    registry.refreshFromTools(tools());
    expect(registry.search('will it rain')[0].name).toBe('get_forecast');
  });

  it("should take vectors of another length than the embedder's as misses, embedding those tools again", async () => {
    // An old cache: the same embedder id, vectors of 2 dimensions where the embedder now answers 3.
    const kept = new Map<string, number[]>();
    const store = {
      get: (keys: readonly string[]) => keys.map((key) => kept.get(key)),
      set: (keys: readonly string[], vectors: readonly Float32Array[]) => keys.forEach((key, i) => kept.set(key, [...vectors[i]])),
    };
    const old = new CountingEmbedder();
    old.embed = (texts) => texts.map((text) => vectorOf(text).slice(0, 2));
    const before = new ToolMetadataRegistry().configure({ embedder: old, embeddingStore: store });
    before.refreshFromTools(tools());
    before.search('rain');
    expect([...kept.values()].map((vector) => vector.length)).toEqual([2, 2, 2]);

    const expected = new ToolMetadataRegistry().configure({ embedder: new CountingEmbedder() });
    expected.refreshFromTools(tools());
    const embedder = new CountingEmbedder();
    const registry = new ToolMetadataRegistry().configure({ embedder, embeddingStore: store });
    registry.refreshFromTools(tools());
    expect(registry.search('file in a folder')).toEqual(expected.search('file in a folder'));
    expect(embedder.embedded.filter((text) => text !== 'file in a folder')).toHaveLength(3);
    expect([...kept.values()].map((vector) => vector.length)).toEqual([3, 3, 3]);

    // The same through an asynchronous store and an embedder with embedQuery.
    const later = new Map([...kept].map(([key, vector]) => [key, vector.slice(0, 2)]));
    const asyncStore = {
      get: async (keys: readonly string[]) => keys.map((key) => later.get(key)),
      set: async (keys: readonly string[], vectors: readonly Float32Array[]) => keys.forEach((key, i) => later.set(key, [...vectors[i]])),
    };
    const queries: string[] = [];
    const split = new CountingEmbedder();
    const withQuery: Embedder = {
      id: split.id,
      embed: async (texts: string[]) => split.embed(texts),
      embedQuery: async (texts: string[]) => (queries.push(...texts), texts.map(vectorOf)),
    };
    const third = new ToolMetadataRegistry().configure({ embedder: withQuery, embeddingStore: asyncStore });
    third.refreshFromTools(tools());
    expect(await third.searchAsync('my inbox')).toEqual(expected.search('my inbox'));
    expect(split.embedded).toHaveLength(3);
    expect([...later.values()].map((vector) => vector.length)).toEqual([3, 3, 3]);
  });

  it.each([
    ['NaN', [NaN, NaN, NaN]],
    ['all-zero', [0, 0, 0]],
    ['infinite', [Infinity, 1, 0]],
  ])('should take %s stored vectors as misses, embedding those tools again and replacing them', (_what, bad) => {
    const kept = new Map<string, number[]>();
    const store = {
      get: (keys: readonly string[]) => keys.map((key) => kept.get(key)),
      set: (keys: readonly string[], vectors: readonly Float32Array[]) => keys.forEach((key, i) => kept.set(key, [...vectors[i]])),
    };
    const first = new ToolMetadataRegistry().configure({ embedder: new CountingEmbedder(), embeddingStore: store });
    first.refreshFromTools(tools());
    first.search('rain');
    for (const key of kept.keys()) kept.set(key, [...bad]);

    const expected = new ToolMetadataRegistry().configure({ embedder: new CountingEmbedder() });
    expected.refreshFromTools(tools());
    const embedder = new CountingEmbedder();
    const registry = new ToolMetadataRegistry().configure({ embedder, embeddingStore: store });
    registry.refreshFromTools(tools());
    // Trusted, they hid every tool from semantic search: 'will it rain' has no word of a tool.
    expect(registry.search('will it rain')).toEqual(expected.search('will it rain'));
    expect(registry.search('will it rain')[0]?.name).toBe('get_forecast');
    expect(embedder.embedded.filter((text) => text !== 'will it rain')).toHaveLength(3);
    expect([...kept.values()].every((vector) => vector.every(Number.isFinite) && vector.some((x) => x !== 0))).toBe(true);
  });

  it('should replace NaN vectors in a file store, so that the next restart embeds only the request', () => {
    const file = join(dir, 'tool-embeddings.bin');
    const first = new ToolMetadataRegistry().configure({ embedder: new CountingEmbedder(), embeddingStore: fileEmbeddingStore(file) });
    first.refreshFromTools(tools());
    first.search('rain');
    // Every stored number overwritten with NaN.
    const bytes = readFileSync(file);
    for (let at = 8; at + 4 <= bytes.length; ) {
      const dimsAt = at + 4 + bytes.readUInt32LE(at);
      const dimensions = bytes.readUInt32LE(dimsAt);
      for (let d = 0; d < dimensions; d++) bytes.writeFloatLE(NaN, dimsAt + 4 + d * 4);
      at = dimsAt + 4 + dimensions * 4;
    }
    writeFileSync(file, bytes);
    const second = new CountingEmbedder();
    const restarted = new ToolMetadataRegistry().configure({ embedder: second, embeddingStore: fileEmbeddingStore(file) });
    restarted.refreshFromTools(tools());
    expect(restarted.search('will it rain')[0]?.name).toBe('get_forecast');
    expect(second.embedded).toHaveLength(4);
    const third = new CountingEmbedder();
    const again = new ToolMetadataRegistry().configure({ embedder: third, embeddingStore: fileEmbeddingStore(file) });
    again.refreshFromTools(tools());
    expect(again.search('will it rain')[0]?.name).toBe('get_forecast');
    expect(third.embedded).toEqual(['will it rain']);
  });

  it('should refuse a store without get and set', () => {
    expect(() => new ToolMetadataRegistry().configure({ embeddingStore: { get: () => [] } as never })).toThrow(
      'configure({ embeddingStore }): the store must have get(keys) and set(keys, vectors) methods',
    );
  });
});

describe('searchAsync({ signal })', () => {
  it("should stop waiting when the signal aborts, and abort the embedder's call once no search waits for it", async () => {
    const signals: Array<AbortSignal | undefined> = [];
    const embedder: Embedder = {
      embed(texts: string[], options?: EmbedOptions) {
        signals.push(options?.signal);
        return new Promise((resolve, reject) => {
          const timer = setTimeout(() => resolve(texts.map(vectorOf)), 2000);
          options?.signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(options.signal!.reason);
          });
        });
      },
    };
    const registry = new ToolMetadataRegistry().configure({ embedder });
    registry.refreshFromTools(tools());
    const controller = new AbortController();
    const waiting = registry.searchAsync('rain', { signal: controller.signal });
    controller.abort(new Error('the user left'));
    await expect(waiting).rejects.toThrow('the user left');
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(true);
  });

  it('should not abort a call another search still waits for', async () => {
    let calls = 0;
    const embedder: Embedder = {
      embed(texts: string[], options?: EmbedOptions) {
        calls += 1;
        return new Promise((resolve, reject) => {
          setTimeout(() => (options?.signal?.aborted ? reject(options.signal.reason) : resolve(texts.map(vectorOf))), 50);
        });
      },
    };
    const registry = new ToolMetadataRegistry().configure({ embedder });
    registry.refreshFromTools(tools());
    const controller = new AbortController();
    const leaving = registry.searchAsync('rain', { signal: controller.signal });
    const staying = registry.searchAsync('rain');
    controller.abort();
    await expect(leaving).rejects.toThrow();
    expect((await staying)[0].name).toBe('get_forecast');
    expect(calls).toBe(1);
  });
});
