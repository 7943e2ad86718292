// SPEC section 8, search and selectTools under long and hostile requests, on the
// BUILT packages: fixtures/search-attacks.mjs loads @victor-tools/core, metadata
// and semantic from their dist/ in a plain Node.js process started with
// --expose-gc (no jest module sandbox, which runs this code many times slower)
// and reports what came back, the CPU time and the heap kept; this test reads
// it. The built CLI is attacked by packages/cli/test/e2e/search-hardening.test.ts.
// Last, the search tool an MCP server exposes (progressive disclosure), through
// the official client.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { AccessMode, ToolRegistry } from '@victor-tools/core';
import { serveMcp } from '@victor-tools/mcp';
import { ToolMetadataRegistry, selectTools } from '@victor-tools/metadata';
import { TestTool, silentLogger } from './helpers';
import { textOf } from '../support/mcp-results';

const REPO = join(__dirname, '..', '..');
const SCRIPT = join(__dirname, 'fixtures', 'search-attacks.mjs');
/** Generous, in CPU time of the searching process: a 1 MB request is answered in well under a second. */
const WITHIN_MS = 2_000;
/** The heap a search may keep, after a full collection: its caches are bounded by a few MB. */
const KEPT_BYTES = 16 * 1024 * 1024;

jest.setTimeout(300_000);

interface Timed {
  ms: number;
}
interface Found extends Timed {
  first: string | null;
}

let out: Record<`word${4000 | 8000 | 16000}`, Timed & { names: string[] }> &
  Record<`mb_${'oneWord' | 'capitals' | 'hex' | 'xxd' | 'randomWords' | 'prose'}`, Found & { length: number }> &
  Record<`dump12k_${'continuous' | 'xxd'}_${'before' | 'after'}`, Found & { dumpLength: number }> & {
    selectTools: { word8000: Timed; mb: Found };
    keptAfterLongWords: number;
    keptAfterManyRequests: number;
    embedder: Found & { word16000ms: number; kept: number };
  };

beforeAll(async () => {
  for (const pkg of ['core', 'metadata', 'semantic']) {
    if (!existsSync(join(REPO, 'packages', pkg, 'dist', 'index.js'))) throw new Error(`Build first (pnpm build): packages/${pkg}/dist is missing`);
  }
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', SCRIPT], { cwd: REPO, maxBuffer: 16 * 1024 * 1024 });
  out = JSON.parse(stdout);
});

describe('search of one long word', () => {
  it.each([
    [4000, '1.4 s'],
    [8000, '6.3 s'],
    [16000, 'out of memory'],
  ] as const)('should answer a %d-letter word at once, finding nothing (before: %s)', (size, _before) => {
    expect(out[`word${size}`].names).toEqual([]);
    expect(out[`word${size}`].ms).toBeLessThan(WITHIN_MS);
  });

  it('should keep nothing of 8,000-letter words once searched', () => {
    expect(out.keptAfterLongWords).toBeLessThan(KEPT_BYTES);
  });
});

describe('search of a 1 MB request', () => {
  it.each(['oneWord', 'capitals', 'hex', 'xxd', 'randomWords', 'prose'] as const)('should answer a 1 MB request (%s) within the time bound, finding the tool its first words ask for', (shape) => {
    const found = out[`mb_${shape}`];
    expect(found.length).toBe(1024 * 1024);
    expect(found.first).toBe('read_file');
    expect(found.ms).toBeLessThan(WITHIN_MS);
  });

  it('should keep its caches bounded whatever is searched: 64 distinct requests of 512 KB, 20,000 small ones', () => {
    expect(out.keptAfterManyRequests).toBeLessThan(KEPT_BYTES);
  });
});

describe('a question with a 12 KB hex dump pasted into it', () => {
  it.each([
    ['continuous', 'before'],
    ['continuous', 'after'],
    ['xxd', 'before'],
    ['xxd', 'after'],
  ] as const)('should find the tool the question asks for (%s dump, %s the question)', (form, place) => {
    const found = out[`dump12k_${form}_${place}`];
    expect(found.dumpLength).toBe(12_000);
    expect(found.first).toBe('read_file');
    expect(found.ms).toBeLessThan(WITHIN_MS);
  });
});

describe('selectTools and the embedder', () => {
  it('should select for an 8,000-letter word and a 1 MB request within the time bound', () => {
    expect(out.selectTools.word8000.ms).toBeLessThan(WITHIN_MS);
    expect(out.selectTools.mb.first).toBe('read_file');
    expect(out.selectTools.mb.ms).toBeLessThan(WITHIN_MS);
  });

  it('should answer searchAsync with wordVectorEmbedder() for a question and 1 MB of hex, and keep nothing of 32 distinct 512 KB requests', () => {
    expect(out.embedder.first).toBe('get_forecast');
    expect(out.embedder.ms).toBeLessThan(WITHIN_MS);
    expect(out.embedder.word16000ms).toBeLessThan(WITHIN_MS);
    expect(out.embedder.kept).toBeLessThan(KEPT_BYTES);
  });
});

describe('the search tool of an MCP server (progressive disclosure)', () => {
  async function connect() {
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register(new TestTool({ name: 'read_file', description: 'Read the contents of a text file from disk.', metadata: { accessMode: AccessMode.READONLY } }));
    registry.register(new TestTool({ name: 'web_search', description: 'Search the web for pages.', metadata: { accessMode: AccessMode.READONLY } }));
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const handle = await serveMcp(registry, { transport: serverTransport, logger: silentLogger, progressive: { searcher: new ToolMetadataRegistry() } });
    const client = new Client({ name: 's08', version: '1.0.0' });
    await client.connect(clientTransport);
    return { client, close: () => Promise.all([client.close(), handle.close()]) };
  }

  it("should find WRITE tools in EXPLORE mode only with the context's sandbox, as tools/list lists them", async () => {
    const found = async (context: { mode: string; sandbox?: string }) => {
      const registry = new ToolRegistry({ logger: silentLogger });
      registry.register(new TestTool({ name: 'read_file', description: 'Read a text file from disk.', metadata: { accessMode: AccessMode.READONLY } }));
      registry.register(new TestTool({ name: 'write_file', description: 'Write a text file to disk.', metadata: { accessMode: AccessMode.WRITE } }));
      const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
      const handle = await serveMcp(registry, {
        transport: serverTransport,
        logger: silentLogger,
        context: context as never,
        progressive: { searcher: new ToolMetadataRegistry() },
      });
      const client = new Client({ name: 's08', version: '1.0.0' });
      await client.connect(clientTransport);
      try {
        await client.callTool({ name: 'search_tools', arguments: { query: 'write a text file' } });
        return (await client.listTools()).tools.map((t) => t.name).sort();
      } finally {
        await Promise.all([client.close(), handle.close()]);
      }
    };
    expect(await found({ mode: 'explore', sandbox: __dirname })).toEqual(['read_file', 'search_tools', 'write_file']);
    expect(await found({ mode: 'explore' })).toEqual(['read_file', 'search_tools']);
  });

  it('should share one index with selectTools on a shared metadata registry, disabled tools kept out of its search', async () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register(new TestTool({ name: 'read_file', description: 'Read a text file from disk.', metadata: { accessMode: AccessMode.READONLY } }));
    registry.register(new TestTool({ name: 'delete_file', description: 'Delete a file from disk.', metadata: { accessMode: AccessMode.READONLY } }));
    registry.disableTool('delete_file');
    const shared = new ToolMetadataRegistry();
    const rebuilt: boolean[] = [];
    const refresh = shared.refreshFromTools.bind(shared);
    shared.refreshFromTools = (tools, options) => {
      const answer = refresh(tools, options);
      rebuilt.push(answer);
      return answer;
    };
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const handle = await serveMcp(registry, { transport: serverTransport, logger: silentLogger, progressive: { searcher: shared } });
    const client = new Client({ name: 's08', version: '1.0.0' });
    await client.connect(clientTransport);
    try {
      for (let round = 0; round < 2; round++) {
        selectTools(registry, 'delete a file', { metadataRegistry: shared });
        await client.callTool({ name: 'search_tools', arguments: { query: 'delete a file' } });
      }
      // Built once; every later refresh, from either side, found nothing changed.
      expect(rebuilt.length).toBeGreaterThanOrEqual(3);
      expect(rebuilt.filter(Boolean)).toHaveLength(1);
      expect(shared.search('delete a file').map((r) => r.name)).not.toContain('delete_file');
    } finally {
      await Promise.all([client.close(), handle.close()]);
    }
  });

  it('should answer a 1,000-letter word, the longest query its schema takes, within seconds', async () => {
    const { client, close } = await connect();
    try {
      const word = 'q'.repeat(1_000);
      const started = performance.now();
      const result = await client.callTool({ name: 'search_tools', arguments: { query: word } });
      expect(performance.now() - started).toBeLessThan(WITHIN_MS);
      expect(textOf(result)).toBe(`No tool matches '${word}'. Try other words, or describe the task rather than the tool.`);
    } finally {
      await close();
    }
  });

  it.each([
    ['a question with a 12 KB hex dump', () => `what does this dump mean? ${randomBytes(6_000).toString('hex')}`],
    ['a 1 MB request', () => 'read the file '.repeat(75_000)],
  ])('should refuse %s by its schema (at most 1,000 characters), at once', async (_what, make) => {
    const { client, close } = await connect();
    try {
      const query = make();
      const started = performance.now();
      const result = await client.callTool({ name: 'search_tools', arguments: { query } });
      expect(performance.now() - started).toBeLessThan(WITHIN_MS);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe("Invalid parameters for tool 'search_tools': Validation error at 'query': must NOT have more than 1000 characters");
    } finally {
      await close();
    }
  });
});
