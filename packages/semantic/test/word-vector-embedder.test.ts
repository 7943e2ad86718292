import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ToolMetadataRegistry } from '@victor-tools/metadata';
import { VECTORS_FILE, Vocabulary, WordVectorEmbedder, wordVectorEmbedder } from '@victor-tools/semantic';
import { GENERIC_WORD_LEVELS } from '../../metadata/src/text/generic-words';
import { WeatherTools } from './fixtures';

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return dot / Math.sqrt(na * nb);
}

describe('wordVectorEmbedder', () => {
  const embedder = wordVectorEmbedder();

  it('should load the installed vocabulary: 100 dimensions, the whole package within the 15 MB budget', () => {
    expect(embedder.dimensions).toBe(100);
    // What npm installs: the manifest's "files" plus package.json and the README.
    const root = join(__dirname, '..');
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { files: string[] };
    const sizeOf = (path: string): number =>
      statSync(path).isDirectory() ? readdirSync(path).reduce((sum, entry) => sum + sizeOf(join(path, entry)), 0) : statSync(path).size;
    const installed = [...manifest.files.filter((f) => f !== 'dist'), 'package.json', 'README.md'].reduce((sum, f) => sum + sizeOf(join(root, f)), 0);
    // dist/ is built; the sources stand in for it when it is not there (a few KB either way).
    expect(installed + sizeOf(join(root, 'src'))).toBeLessThan(15e6);
    expect(statSync(VECTORS_FILE).size).toBeGreaterThan(5e6);
  });

  it('should answer one Float32Array of the vocabulary dimensions per text, in order, deterministically', () => {
    const vectors = embedder.embed(['weather forecast', 'send an email', 'weather forecast']);
    expect(vectors).toHaveLength(3);
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v).toHaveLength(100);
    }
    expect(Array.from(vectors[2])).toEqual(Array.from(vectors[0]));
    expect(Array.from(vectors[0])).not.toEqual(Array.from(vectors[1]));
  });

  it('should put related words closer than unrelated ones', () => {
    const [physician, doctor, rain, forecast, invoice] = embedder.embed(['physician', 'doctor', 'rain', 'weather forecast', 'invoice payment']);
    expect(cosine(physician, doctor)).toBeGreaterThan(cosine(physician, invoice) + 0.5);
    expect(cosine(rain, forecast)).toBeGreaterThan(cosine(rain, invoice) + 0.5);
  });

  it('should find a word it lacks by its stem, and skip unknown words and stop words', () => {
    expect(embedder.idOf('retrievals')).toBe(embedder.idOf('retrieve'));
    const [known, withNoise] = embedder.embed(['umbrella', 'the umbrella of zzqxv']);
    expect(cosine(known, withNoise)).toBeCloseTo(1, 5);
  });

  it('should answer the zero vector for a text without a known word', () => {
    for (const text of ['', 'zzqxv qqwxz', 'the of and']) expect(embedder.embed([text])[0].every((x) => x === 0)).toBe(true);
  });

  it('should refuse a smoothing that is not a positive number', () => {
    expect(() => wordVectorEmbedder({ smoothing: 0 })).toThrow(/smoothing must be a positive, finite number, got 0/);
    expect(() => wordVectorEmbedder({ smoothing: Number.NaN })).toThrow(RangeError);
  });

  // Each of these was taken: Infinity and '0.001' made every vector NaN (search then found nothing),
  // a misspelt or snake_case key was ignored and removeCommonDirections: 'false' counted as true.
  it.each([
    [{ smoothing: Infinity }, RangeError, 'wordVectorEmbedder: smoothing must be a positive, finite number, got Infinity.'],
    [{ smoothing: '0.001' }, TypeError, 'wordVectorEmbedder: smoothing must be a number, got a string.'],
    [{ smoothing: null }, TypeError, 'wordVectorEmbedder: smoothing must be a number, got null.'],
    [{ removeCommonDirections: 'false' }, TypeError, 'wordVectorEmbedder: removeCommonDirections must be true or false, got a string.'],
    [{ smoothin: 1 }, TypeError, "wordVectorEmbedder: unknown option 'smoothin' (did you mean 'smoothing'?); it takes smoothing, removeCommonDirections."],
    [{ remove_common_directions: false }, TypeError, "wordVectorEmbedder: unknown option 'remove_common_directions' (did you mean 'removeCommonDirections'?)"],
    [null, TypeError, 'wordVectorEmbedder: options must be an object, got null.'],
    ['fast', TypeError, 'wordVectorEmbedder: options must be an object, got a string.'],
  ])('should refuse the options %p, naming what is wrong', (options, type, message) => {
    expect(() => wordVectorEmbedder(options as never)).toThrow(type);
    expect(() => wordVectorEmbedder(options as never)).toThrow(message);
  });

  it('should still take the documented options, and options given as undefined', () => {
    const plain = wordVectorEmbedder({ smoothing: 0.01, removeCommonDirections: false });
    expect(plain.embed(['weather'])[0].some((x) => x !== 0)).toBe(true);
    expect(wordVectorEmbedder({ smoothing: undefined, removeCommonDirections: undefined }).embed(['weather'])[0]).toEqual(embedder.embed(['weather'])[0]);
  });

  it('should leave generic words out of a request vector (embedQuery), not out of a tool vector (embed)', () => {
    const [subject] = embedder.embed(['weather forecast']);
    const chatty = 'could you provide me with some specific information and help, I am looking for the weather forecast';
    const [asQuery] = embedder.embedQuery([chatty]);
    const [asText] = embedder.embed([chatty]);
    expect(cosine(asQuery, subject)).toBeGreaterThan(0.75);
    expect(cosine(asText, subject)).toBeLessThan(cosine(asQuery, subject) - 0.1);
    // Generic words weigh less, not nothing: a request of generic words only still has a vector.
    expect(embedder.embedQuery(['help me find it'])[0].some((x) => x !== 0)).toBe(true);
  });

  it('should take out what all words share, so unrelated texts look less alike and related ones stay close', () => {
    const plain = wordVectorEmbedder({ removeCommonDirections: false });
    const pair = (e: typeof embedder, a: string, b: string) => {
      const [x, y] = e.embed([a, b]);
      return cosine(x, y);
    };
    const unrelated = ['get the weather forecast for a city', 'send an email message to a contact'] as const;
    expect(pair(embedder, ...unrelated)).toBeLessThan(pair(plain, ...unrelated) - 0.1);
    expect(pair(embedder, 'weather forecast', 'rain and sunshine tomorrow')).toBeGreaterThan(pair(embedder, ...unrelated) + 0.2);
  });

  it('should compute the common directions once, deterministically, as orthonormal axes', () => {
    const vocabulary = new Vocabulary(readFileSync(VECTORS_FILE));
    const { axes, mean } = vocabulary.commonDirections();
    expect(axes).toHaveLength(3);
    expect(mean).toHaveLength(vocabulary.dimensions);
    for (const [i, a] of axes.entries()) {
      for (const [j, b] of axes.entries()) expect(a.reduce((sum, x, d) => sum + x * b[d], 0)).toBeCloseTo(i === j ? 1 : 0, 6);
    }
    expect(new Vocabulary(readFileSync(VECTORS_FILE)).commonDirections().axes).toEqual(axes);
    expect(vocabulary.commonDirections()).toBe(vocabulary.commonDirections());
  });

  it('should weigh rare words more than frequent ones', () => {
    const sharp = new WordVectorEmbedder(new Vocabulary(readFileSync(VECTORS_FILE)), { smoothing: 1e-5 });
    const [mixed, rare] = sharp.embed(['get umbrella', 'umbrella']);
    expect(cosine(mixed, rare)).toBeGreaterThan(0.9);
  });
});

describe('Vocabulary', () => {
  it('should refuse a file that is not a word-vector file, saying how to rebuild it', () => {
    expect(() => new Vocabulary(new Uint8Array(32))).toThrow(/Not a victor-tools word-vector file.*distil/);
  });

  it('should rate request filler as more generic than the subject words of tools', () => {
    const vocabulary = new Vocabulary(readFileSync(VECTORS_FILE));
    const g = (word: string): number => vocabulary.genericness(vocabulary.idOf(word)!);
    for (const filler of ['provide', 'looking', 'help', 'like']) {
      for (const subject of ['weather', 'stock', 'petrol', 'umbrella']) expect(g(filler)).toBeGreaterThan(g(subject) + 0.1);
    }
  });

  it("should match @victor-tools/metadata's generated list of generic words (scripts/generic-words.mjs)", () => {
    const vocabulary = new Vocabulary(readFileSync(VECTORS_FILE));
    const listed = new Map<string, number>();
    for (const line of GENERIC_WORD_LEVELS) {
      const [level, words] = line.split(':');
      for (const word of words.split(' ')) listed.set(word, Number(level));
    }
    expect(listed.size).toBeGreaterThan(1000);
    let expected = 0;
    for (let id = 0; id < vocabulary.count; id++) {
      const level = Math.round(vocabulary.genericness(id) * 100);
      if (level < 55) continue;
      expected += 1;
      expect([vocabulary.words[id], listed.get(vocabulary.words[id])]).toEqual([vocabulary.words[id], level]);
    }
    expect(listed.size).toBe(expected);
  });

  it('should load in well under the 500 ms budget', () => {
    const started = process.hrtime.bigint();
    const vocabulary = new Vocabulary(readFileSync(VECTORS_FILE));
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    expect(vocabulary.count).toBeGreaterThan(40000);
    // Generous: the budget is 500 ms on a quiet machine; tests share two cores.
    expect(ms).toBeLessThan(2000);
  });
});

describe('ToolMetadataRegistry with wordVectorEmbedder()', () => {
  it("should find a tool that shares no word with the request ('umbrella' -> the weather tool)", () => {
    const registry = new ToolMetadataRegistry();
    registry.refreshFromTools(WeatherTools());
    expect(registry.search('do I need an umbrella tomorrow')).toEqual([]);
    registry.configure({ embedder: wordVectorEmbedder() });
    const [first] = registry.search('do I need an umbrella tomorrow');
    expect(first.name).toBe('get_forecast');
    expect(first.reasons.some((r) => r.startsWith('similarity '))).toBe(true);
  });
});

describe('wordVectorEmbedder with long texts', () => {
  const embedder = wordVectorEmbedder();
  /** The CPU time this process spent on `work` (jest's sandbox runs it slower than Node; a busy machine does not count). */
  const cpuMs = (work: () => unknown): number => {
    const started = process.cpuUsage();
    work();
    const { user, system } = process.cpuUsage(started);
    return (user + system) / 1000;
  };

  it('should read the first 10,000 content words of a text, exactly', () => {
    const filler = (count: number) => Array.from({ length: count }, () => 'table').join(' ');
    const [tables, tablesThenWeather, lastIsWeather] = embedder.embed([filler(10_000), `${filler(10_000)} weather`, `${filler(9_999)} weather`]);
    expect(tablesThenWeather).toEqual(tables);
    expect(lastIsWeather).not.toEqual(tables);
    // Stop words do not count.
    expect(embedder.embed([`${'the '.repeat(20_000)}${filler(9_999)} weather`])[0]).toEqual(lastIsWeather);
  });

  it('should embed a 1 MB text within seconds, whatever it holds', () => {
    const hex = randomBytes(1 << 19).toString('hex');
    const words = Array.from({ length: 180_000 }, (_, i) => `w${i.toString(36)}x`).join(' ');
    const oneWord = 'a'.repeat(1 << 20);
    for (const text of [hex, words, oneWord]) expect(cpuMs(() => embedder.embedQuery([text]))).toBeLessThan(5_000);
  });

  it('should let searchAsync answer a question with a 1 MB hex dump pasted after it', async () => {
    const registry = new ToolMetadataRegistry().configure({ embedder: wordVectorEmbedder() });
    registry.refreshFromTools(WeatherTools());
    const request = `do I need an umbrella tomorrow? ${randomBytes(1 << 19).toString('hex')}`;
    const started = process.cpuUsage();
    const [first] = await registry.searchAsync(request);
    const { user, system } = process.cpuUsage(started);
    expect(first.name).toBe('get_forecast');
    expect((user + system) / 1000).toBeLessThan(5_000);
  });
});
