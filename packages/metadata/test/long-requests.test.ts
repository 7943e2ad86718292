import { randomBytes } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { ToolRegistry } from '@victor-tools/core';
import { ToolMetadataRegistry, selectTools, selectToolsAsync, type Embedder } from '@victor-tools/metadata';
import { TestTool } from './fixtures/tools';

// A request is model or user input: a pasted log, a dump, one endless word. Its
// search must cost time linear in its length and leave nothing behind. The
// bounds are generous (seconds of this process's CPU time, so that a busy machine
// does not count; jest's module sandbox runs this code many times slower than Node
// does): these requests took minutes or killed the process.
const WITHIN_MS = 5_000;
const MB = 1 << 20;

jest.setTimeout(120_000);

/** The garbage collector, from a flag set at run time (jest's workers do not start with --expose-gc). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** The CPU time this process spent since `start` (`process.cpuUsage()`), in ms. */
function cpuMs(start: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

function timed<T>(work: () => T): { value: T; ms: number } {
  const started = process.cpuUsage();
  const value = work();
  return { value, ms: cpuMs(started) };
}

/** Deterministic letters, so a failure can be replayed. */
function letters(count: number, seed: number): string {
  let state = seed;
  let text = '';
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    text += String.fromCharCode(97 + (state % 26));
  }
  return text;
}

/** `xxd`-style lines (offset, eight groups of four hex digits, the text column) up to `size` characters. */
function hexDump(size: number): string {
  const bytes = randomBytes(size);
  const lines: string[] = [];
  let length = 0;
  for (let offset = 0; length < size; offset += 16) {
    const groups = Array.from({ length: 8 }, (_, i) => bytes.toString('hex', offset + 2 * i, offset + 2 * i + 2));
    const line = `${offset.toString(16).padStart(8, '0')}: ${groups.join(' ')}  ................`;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n').slice(0, size);
}

/** Words to fill `size` characters, cycling through `words`. */
function prose(size: number, words: readonly string[]): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    parts.push(words[i % words.length]);
    length += words[i % words.length].length + 1;
  }
  return parts.join(' ').slice(0, size);
}

function catalogue(): TestTool[] {
  return [
    new TestTool('read_file', 'Read the contents of a text file from disk.'),
    new TestTool('write_file', 'Write text to a file on disk.'),
    new TestTool('web_search', 'Search the web for pages.'),
    new TestTool('git_commit', 'Commit the staged changes to git.'),
    new TestTool('play_music', 'Play a song or some music.'),
  ];
}

const names = (results: Array<{ name: string }>): string[] => results.map((r) => r.name);

describe('ToolMetadataRegistry.search with long requests', () => {
  const registry = new ToolMetadataRegistry();
  registry.refreshFromTools(catalogue());

  it('should answer one 16,000-letter word within seconds, finding nothing (it ran out of memory)', () => {
    const { value, ms } = timed(() => registry.search(letters(16_000, 1)));
    expect(value).toEqual([]);
    expect(ms).toBeLessThan(WITHIN_MS);
  });

  it.each([
    ['one word', () => 'a'.repeat(MB)],
    ['one word of capitals', () => 'A'.repeat(MB)],
    ['a run of capitals before a capitalized word', () => `${'A'.repeat(MB - 4)}Read`],
    ['continuous hex', () => randomBytes(MB / 2).toString('hex')],
    ['an xxd dump', () => hexDump(MB)],
    ['random words of 5 letters', () => prose(MB, Array.from({ length: 50_000 }, (_, i) => letters(5, i)))],
    ['random words of 20 letters', () => prose(MB, Array.from({ length: 50_000 }, (_, i) => letters(20, i)))],
  ])('should answer a 1 MB request of %s within seconds', (_shape, make) => {
    const request = make();
    expect(request).toHaveLength(MB);
    const { ms } = timed(() => registry.search(request));
    expect(ms).toBeLessThan(WITHIN_MS);
  });

  it('should still find what a 1 MB request of real words asks for, in seconds', () => {
    const request = `read the file: ${prose(MB - 15, ['please', 'read', 'the', 'file', 'from', 'disk', 'now'])}`;
    const { value, ms } = timed(() => registry.search(request, { limit: 3 }));
    expect(value[0].name).toBe('read_file');
    expect(ms).toBeLessThan(WITHIN_MS);
  });

  it.each([
    ['continuous', () => randomBytes(6_000).toString('hex')],
    ['xxd', () => hexDump(12_000)],
  ])('should find the tool a question asks for with a 12 KB hex dump (%s) pasted into it', (_form, dump) => {
    const pasted = dump();
    expect(pasted).toHaveLength(12_000);
    for (const question of [`please read this file from disk:\n${pasted}`, `${pasted}\nplease read this file from disk`]) {
      const { value, ms } = timed(() => registry.search(question, { limit: 3 }));
      expect(value[0].name).toBe('read_file');
      expect(ms).toBeLessThan(WITHIN_MS);
    }
  });

  it('should search the first 10,000 content words of a request, exactly', () => {
    // 'zzz' is no word of the index; 'commit' is, after it.
    const filler = (count: number) => Array.from({ length: count }, () => 'zzz').join(' ');
    expect(names(registry.search(`${filler(9_999)} commit`))).toEqual(['git_commit']);
    expect(registry.search(`${filler(10_000)} commit`)).toEqual([]);
    // Stop words and single letters are not content words: they do not count.
    expect(names(registry.search(`${'the a '.repeat(20_000)}${filler(9_999)} commit`))).toEqual(['git_commit']);
  });

  it('should split a compound whose parts have up to 20 letters, no longer', () => {
    // A compound part is at most 20 letters ('internationalization'), so a word costs a
    // few dozen lookups at most, however long it is.
    const parts = new ToolMetadataRegistry();
    parts.refreshFromTools([new TestTool('web_tool', 'Opens web pages.'), new TestTool('i18n_tool', 'Handles internationalization.')]);
    expect(names(parts.search('webinternationalization')).sort()).toEqual(['i18n_tool', 'web_tool']);
    expect(parts.search('webinternationalizations')).toEqual([]);
  });

  it('should keep nothing of a 4,000-letter word once searched (it kept 243 MB)', () => {
    const gc = collector();
    const fresh = new ToolMetadataRegistry();
    fresh.refreshFromTools(catalogue());
    fresh.search('warm up the file reader');
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 4; i++) fresh.search(`read ${letters(4_000, i)} file`);
    gc();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(16 * MB);
  });

  it('should keep a bounded cache, whatever was searched: 64 distinct requests of 512 KB and 10,000 small ones', () => {
    const gc = collector();
    const fresh = new ToolMetadataRegistry();
    fresh.refreshFromTools(catalogue());
    fresh.search('warm up the file reader');
    gc();
    const before = process.memoryUsage().heapUsed;
    const words = Array.from({ length: 2_000 }, (_, i) => letters(8, i));
    for (let i = 0; i < 64; i++) fresh.search(`${i} ${prose(MB / 2, words)}`);
    for (let i = 0; i < 10_000; i++) fresh.search(`read ${letters(12, i)} file ${letters(40, i)}`);
    gc();
    // 64 x 512 KB is 32 MB: the old cache of 256 requests kept them all; the caches hold a few MB now.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(16 * MB);
  });
});

describe('selectTools with long requests', () => {
  afterEach(() => ToolMetadataRegistry.resetInstance());

  it('should select for a 1 MB request, and a 16,000-letter word, within seconds', async () => {
    const tools = new ToolRegistry();
    for (const tool of catalogue()) tools.register(tool);
    // The question first: a request is searched by its first 10,000 content words.
    const request = `read this file from disk\n${hexDump(MB - 30)}`;
    const picked = timed(() => selectTools(tools, request, { maxTools: 2, tokenBudget: 1_000 }));
    expect(picked.value.tools[0].name).toBe('read_file');
    expect(picked.ms).toBeLessThan(WITHIN_MS);
    const word = timed(() => selectTools(tools, letters(16_000, 2), { maxTools: 2 }));
    expect(word.ms).toBeLessThan(WITHIN_MS);
    const started = process.cpuUsage();
    const asynchronous = await selectToolsAsync(tools, request, { maxTools: 2, tokenBudget: 1_000 });
    expect(asynchronous.tools[0].name).toBe('read_file');
    expect(cpuMs(started)).toBeLessThan(WITHIN_MS);
  });
});

describe('searchAsync with an embedder and long requests', () => {
  // One axis per topic, counting the topic's words: every word of the text is read.
  const TOPICS = [['song', 'music'], ['file', 'disk'], ['web', 'pages']];
  const vectorOf = (text: string): number[] => {
    const counts = TOPICS.map(() => 0);
    for (const word of text.toLowerCase().split(/[^a-z]+/)) TOPICS.forEach((topic, i) => (counts[i] += topic.includes(word) ? 1 : 0));
    return counts;
  };

  it('should rank a long request by the vector of its first 8,000 characters, asked once and then kept', async () => {
    const asked: number[] = [];
    const embedder: Embedder = {
      embed: async (texts) => {
        asked.push(...texts.map((t) => t.length));
        return texts.map(vectorOf);
      },
    };
    const registry = new ToolMetadataRegistry().configure({ embedder });
    registry.refreshFromTools([new TestTool('player', 'Plays a song.'), new TestTool('reader', 'Reads a file from disk.'), new TestTool('browser', 'Opens web pages.')]);
    // 'music' is no word of the player's: only the vectors can route it. 'disk', past
    // the first 8,000 characters, never reaches the embedder.
    const request = `${'music '.repeat(100)}${'lorem '.repeat(50_000)}${'disk '.repeat(100)}`;
    expect(request.length).toBeGreaterThan(MB / 4);
    const started = process.cpuUsage();
    const [first] = await registry.searchAsync(request);
    expect(cpuMs(started)).toBeLessThan(WITHIN_MS);
    expect(first.name).toBe('player');
    expect(asked.filter((length) => length > 100)).toEqual([8_000]);
    // Asked once: the cut request's vector is kept.
    expect((await registry.searchAsync(request))[0].name).toBe('player');
    expect(asked.filter((length) => length > 100)).toEqual([8_000]);
  });

  it('should answer a 1 MB hex dump within seconds with a synchronous embedder', async () => {
    const registry = new ToolMetadataRegistry().configure({ embedder: { embed: (texts) => texts.map(vectorOf) } });
    registry.refreshFromTools(catalogue());
    const request = `read this file from disk: ${hexDump(MB)}`;
    const started = process.cpuUsage();
    expect(registry.search(request)[0].name).toBe('read_file');
    expect((await registry.searchAsync(request))[0].name).toBe('read_file');
    expect(cpuMs(started)).toBeLessThan(2 * WITHIN_MS);
  });
});
