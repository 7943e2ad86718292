// Micro-benchmark of ToolMetadataRegistry.search over synthetic tool sets,
// against MiniSearch (BM25+, computed per query) on the same documents.
// Run: pnpm exec ts-node --transpile-only packages/metadata/bench/search.bench.ts
// (from the repository root; it imports the sources, no build needed).
import MiniSearch from 'minisearch';
import { BaseTool, ToolResult, type JsonSchema, type ToolMetadataInput } from '../../core/src';
import { selectTools, ToolMetadataRegistry } from '../src';

const VOCABULARY = (
  'file read write edit list directory folder search grep regex git commit branch diff log blame stash push pull ' +
  'shell command process docker container image compose sql query table migration test coverage lint format type ' +
  'package dependency install audit build compile web http url fetch api request docs symbol rename refactor extract ' +
  'cache queue metric alert deploy release secret config env user auth token session email payment invoice report'
).split(' ');

class SyntheticTool extends BaseTool {
  constructor(
    readonly name: string,
    readonly description: string,
    readonly meta: ToolMetadataInput,
  ) {
    super();
  }
  get parameters(): JsonSchema {
    return { type: 'object', properties: { path: { type: 'string' } } };
  }
  override get metadata(): ToolMetadataInput {
    return this.meta;
  }
  async execute(): Promise<ToolResult> {
    return ToolResult.ok(null);
  }
}

function rng(seed: number): () => number {
  return () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
}

function makeTools(count: number): SyntheticTool[] {
  const random = rng(42);
  const pick = (): string => VOCABULARY[Math.floor(random() * VOCABULARY.length)];
  const words = (n: number): string => Array.from({ length: n }, pick).join(' ');
  return Array.from({ length: count }, (_, i) => {
    const name = `${pick()}_${pick()}_${i}`;
    return new SyntheticTool(name, `${words(12)}.`, { category: pick(), keywords: words(6).split(' '), useCases: [words(8)] });
  });
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(fn: () => void, runs: number): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  return median(samples);
}

const QUERIES = ['read the file', 'search files for a regex', 'commit my changes to git', 'run the docker container', 'deploy a release', 'find the user auth token'];

for (const count of [100, 1_000, 10_000]) {
  const tools = makeTools(count);
  const registry = new ToolMetadataRegistry();
  const buildStart = process.hrtime.bigint();
  registry.refreshFromTools(tools);
  const buildMs = Number(process.hrtime.bigint() - buildStart) / 1e6;

  const mini = new MiniSearch<{ id: number; name: string; description: string; keywords: string; useCases: string }>({
    fields: ['name', 'description', 'keywords', 'useCases'],
    storeFields: ['name'],
    tokenize: (text) => text.split(/[^a-zA-Z0-9]+/),
    searchOptions: { boost: { name: 3, keywords: 2 } },
  });
  mini.addAll(tools.map((t, id) => ({ id, name: t.name, description: t.description, keywords: (t.meta.keywords ?? []).join(' '), useCases: (t.meta.useCases ?? []).join(' ') })));

  let q = 0;
  for (let i = 0; i < 200; i++) registry.search(QUERIES[i % QUERIES.length]);
  const ours = time(() => registry.search(QUERIES[q++ % QUERIES.length], { limit: 10 }), 2000);
  const ourMode = time(() => registry.search(QUERIES[q++ % QUERIES.length], { limit: 10, mode: 'plan', maxCostTier: 'medium' }), 2000);
  for (let i = 0; i < 50; i++) mini.search(QUERIES[i % QUERIES.length]);
  const theirs = time(() => mini.search(QUERIES[q++ % QUERIES.length]).slice(0, 10), 500);
  const reindexCheck = time(() => registry.needsReindex(tools), 50);
  // selectTools against a registry without change events (every call re-checks every tool)
  // and one with `onChange` (re-checked only after a change), as core's ToolRegistry has.
  const plain = { listTools: () => tools };
  const watched = { listTools: () => tools, onChange: () => () => undefined };
  const select = (source: typeof plain): number =>
    time(() => selectTools(source, QUERIES[q++ % QUERIES.length], { maxTools: 8, tokenBudget: 4000, metadataRegistry: registry }), 40);
  select(plain);
  const selectPlain = select(plain);
  select(watched);
  const selectWatched = select(watched);
  console.log(
    `${String(count).padStart(6)} tools: build ${buildMs.toFixed(1)} ms; search median ${ours.toFixed(1)} us ` +
      `(with mode+cost filter ${ourMode.toFixed(1)} us); MiniSearch ${theirs.toFixed(1)} us; needsReindex ${reindexCheck.toFixed(0)} us; ` +
      `selectTools ${selectPlain.toFixed(0)} us (registry with onChange: ${selectWatched.toFixed(0)} us)`,
  );
}
