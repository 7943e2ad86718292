// What an embedder, a store or a catalogue can make search hold or cost: a
// hosted embedder that never answers, stored vectors that are not vectors, a
// catalogue of near-identical tools. Sizes are asserted exactly, times with
// generous bounds (seconds of this process's CPU time).
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { ToolMetadataRegistry, type Embedder } from '@victor-tools/metadata';
import { ConceptEmbedder, conceptTools } from './support/concept-embedder';

const MB = 1 << 20;

jest.setTimeout(120_000);

afterEach(() => ToolMetadataRegistry.resetInstance());

/** The garbage collector, from a flag set at run time (jest's workers do not start with --expose-gc). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** A distinct request of about 8 KB. */
const longRequest = (i: number): string => `read the file number ${i} ${'z'.repeat(7_900)}`;

/** The heap's growth over `count` searches of distinct long requests, each given up on (aborted) at once. */
async function heapAfterAbandonedSearches(reg: ToolMetadataRegistry, count: number): Promise<number> {
  const gc = collector();
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < count; i++) {
    const controller = new AbortController();
    const search = reg.searchAsync(longRequest(i), { signal: controller.signal });
    controller.abort(new Error('gave up'));
    await expect(search).rejects.toThrow('gave up');
  }
  gc();
  return process.memoryUsage().heapUsed - before;
}

describe('an asynchronous embedder that never answers', () => {
  it('should let synchronous searches start a bounded number of request embeddings, and keep nothing per request', () => {
    const gc = collector();
    let calls = 0;
    const reg = new ToolMetadataRegistry().configure({
      embedder: {
        embed: () => {
          calls += 1;
          return new Promise<number[][]>(() => undefined);
        },
      },
    });
    reg.refreshFromTools(conceptTools());
    reg.search('warm up the file reader');
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 5_000; i++) expect(reg.search(longRequest(i)).length).toBeGreaterThan(0);
    gc();
    // The first search asks for the tools and its request in one batch, the second for its request;
    // no more while both are under way (there was one call per request, 5,000 held, +50 MB).
    expect(calls).toBe(2);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(16 * MB);
    // The registry still in use: its maps count above.
    expect(reg.toolCount).toBe(3);
  });

  it('should forget a call every waiting search gave up on, without waiting for the embedder to settle', async () => {
    const hanging: Embedder = { embed: () => new Promise<number[][]>(() => undefined) };
    const reg = new ToolMetadataRegistry().configure({ embedder: hanging });
    reg.refreshFromTools(conceptTools());
    // Each aborted search's request stayed in the pending map until the embedder settled: +36 MB.
    expect(await heapAfterAbandonedSearches(reg, 3_000)).toBeLessThan(12 * MB);
    // The registry still in use: its maps count above.
    expect(reg.toolCount).toBe(3);
  });

  it('should leave nothing of searches that gave up on a call a synchronous search started (it kept each request)', async () => {
    const reg = new ToolMetadataRegistry().configure({ embedder: { embed: () => new Promise<number[][]>(() => undefined) } });
    reg.refreshFromTools(conceptTools());
    // This call, for the tools and the request, is kept for good: the synchronous search wants its vectors.
    reg.search('warm up the file reader');
    expect(await heapAfterAbandonedSearches(reg, 3_000)).toBeLessThan(12 * MB);
    expect(reg.toolCount).toBe(3);
  });

  it('should ask again for a request whose earlier call was abandoned, not wait on that call', async () => {
    let calls = 0;
    const concepts = new ConceptEmbedder();
    // The first call ignores its abort and never answers; later ones answer.
    const embedder: Embedder = {
      embed: (texts) => {
        calls += 1;
        if (calls === 1) return new Promise<number[][]>(() => undefined);
        return Promise.resolve(concepts.embed(texts));
      },
    };
    const reg = new ToolMetadataRegistry().configure({ embedder });
    reg.refreshFromTools(conceptTools());
    const controller = new AbortController();
    const first = reg.searchAsync('will it rain', { signal: controller.signal });
    controller.abort(new Error('gave up'));
    await expect(first).rejects.toThrow('gave up');
    const stuck = new Promise<string>((resolve) => setTimeout(() => resolve('still waiting on the abandoned call'), 2_000).unref());
    const second = reg.searchAsync('will it rain').then((results) => results[0]?.name);
    await expect(Promise.race([second, stuck])).resolves.toBe('get_forecast');
    expect(calls).toBe(2);
  });
});
