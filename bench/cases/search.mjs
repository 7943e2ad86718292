// Case 3: ToolMetadataRegistry.search and selectTools over 100, 1,000 and
// 10,000 synthetic tools, each against a naive scan of the same metadata;
// then search with @victor-tools/semantic's wordVectorEmbedder() configured.
import { median } from '../lib/harness.mjs';
import { missing } from '../lib/victor.mjs';
import { syntheticQueries, syntheticToolSpecs } from '../lib/synthetic.mjs';
import { buildTools } from '../lib/tools.mjs';

const SIZES = [100, 1000, 10000];
const LIMIT = 10;
const SELECT_OPTIONS = { maxTools: 8, tokenBudget: 4000 };
// Searches take microseconds: smaller batches keep a sample short without timer noise.
const OPTIONS = { batch_samples: 256 };
const STOP_WORDS = new Set(['a', 'an', 'the', 'in', 'on', 'of', 'to', 'for', 'and', 'or', 'with', 'by', 'from', 'at', 'is', 'it']);

/** The naive scan's "index": one lower-cased text per tool, built once (the scan itself is per query). */
function naiveIndex(specs) {
  return specs.map((spec) => ({
    name: spec.name,
    text: [spec.name.replace(/_/g, ' '), spec.description, ...(spec.metadata?.keywords ?? []), ...(spec.metadata?.useCases ?? [])].join(' ').toLowerCase(),
  }));
}

/** What a first implementation would do: every query word, substring-matched against every tool. */
function naiveSearch(index, query, limit) {
  const words = query.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w && !STOP_WORDS.has(w));
  const hits = [];
  for (const tool of index) {
    let score = 0;
    for (const word of words) if (tool.text.includes(word)) score++;
    if (score) hits.push({ name: tool.name, score });
  }
  hits.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1));
  return hits.slice(0, limit);
}

/** A function that answers the next query of the rotation on each call. */
function rotating(queries, answer) {
  let i = 0;
  return () => answer(queries[i++ % queries.length]);
}

/** @victor-tools/semantic when built, else the reason it is not. */
async function loadSemantic() {
  try {
    return { semantic: await import('@victor-tools/semantic') };
  } catch (error) {
    return { missing: `@victor-tools/semantic (${error?.code === 'ERR_MODULE_NOT_FOUND' ? 'not built' : String(error?.message ?? error).split('\n')[0]})` };
  }
}

export async function runSearchCases(victor, report) {
  const queries = syntheticQueries();
  const searchAbsent = missing([
    ['@victor-tools/metadata', () => victor.metadata],
    ['ToolMetadataRegistry.getInstance()', () => typeof victor.metadata.ToolMetadataRegistry.getInstance === 'function'],
  ]);
  const metadataRegistry = searchAbsent.length ? undefined : victor.metadata.ToolMetadataRegistry.getInstance();
  if (metadataRegistry) {
    searchAbsent.push(...missing([['metadataRegistry.refreshFromTools/search', () => typeof metadataRegistry.refreshFromTools === 'function' && typeof metadataRegistry.search === 'function']]));
  }
  const selectAbsent = missing([
    ['selectTools (@victor-tools/metadata)', () => typeof victor.metadata?.selectTools === 'function'],
    ['ToolRegistry (@victor-tools/core)', () => typeof victor.core?.ToolRegistry === 'function'],
  ]);

  const medians = { naive: {}, search: {}, select: {}, tools: {} };
  for (const size of SIZES) {
    const specs = syntheticToolSpecs(size);
    const index = naiveIndex(specs);
    // One set of tool instances for search and selectTools, so selectTools finds the index search built.
    const tools = victor.core ? buildTools(victor.core, specs) : [];
    const naive = await median(rotating(queries, (q) => naiveSearch(index, q, LIMIT)), OPTIONS);
    medians.naive[size] = naive.median;
    report.row({ case: '3', name: `naive scan, ${size} tools`, median: naive.median, ratio: 1 });

    medians.tools[size] = tools;
    const searchName = `search (limit ${LIMIT}), ${size} tools`;
    const searchGoal = size === 10000 ? '< 100 µs' : '';
    if (searchAbsent.length) {
      report.skip({ case: '3', name: searchName, missing: searchAbsent, goal: searchGoal });
    } else {
      await report.guard({ case: '3', name: searchName, goal: searchGoal }, async () => {
        metadataRegistry.refreshFromTools(tools, { force: true });
        const sample = metadataRegistry.search(queries[0], { limit: LIMIT });
        if (!Array.isArray(sample) || !sample.length) throw new Error(`search('${queries[0]}') found nothing among ${size} tools`);
        const m = await median(rotating(queries, (q) => metadataRegistry.search(q, { limit: LIMIT })), OPTIONS);
        medians.search[size] = m.median;
        report.row({ case: '3', name: searchName, median: m.median, ratio: m.median / naive.median, goal: searchGoal, met: searchGoal ? m.median < 100e3 : undefined });
      });
    }

    const selectName = `selectTools (maxTools 8, tokenBudget 4000), ${size} tools`;
    if (selectAbsent.length) {
      report.skip({ case: '3', name: selectName, missing: selectAbsent });
    } else {
      await report.guard({ case: '3', name: selectName }, async () => {
        const registry = new victor.core.ToolRegistry();
        for (const tool of tools) registry.register(tool);
        const sample = await victor.metadata.selectTools(registry, queries[0], SELECT_OPTIONS);
        if (!sample || !Array.isArray(sample.tools) || !sample.tools.length) throw new Error(`selectTools('${queries[0]}') selected nothing among ${size} tools`);
        const m = await median(rotating(queries, (q) => victor.metadata.selectTools(registry, q, SELECT_OPTIONS)), OPTIONS);
        medians.select[size] = m.median;
        report.row({ case: '3', name: selectName, median: m.median, ratio: m.median / naive.median });
      });
    }
  }
  await runSemanticCases(victor, report, queries, medians, searchAbsent);
  victor.metadata?.ToolMetadataRegistry?.resetInstance?.();

  // Growth from 100 to 10,000 tools (100 times as many): under 100x is sub-linear.
  const growth = (name, byKind, goal) => {
    if (byKind[100] === undefined || byKind[10000] === undefined) return;
    const ratio = byKind[10000] / byKind[100];
    report.row({ case: '3', name, value: `${ratio.toFixed(1)}x`, goal, met: goal ? ratio < 100 : undefined });
  };
  growth('growth 10k/100: naive scan', medians.naive);
  growth('growth 10k/100: search', medians.search, '< 100x (sub-linear)');
  growth('growth 10k/100: selectTools', medians.select, '< 100x (sub-linear)');
}

/**
 * search with the offline word vectors: every tool is a candidate (its
 * similarity is fused with the lexical score), so the cost grows with the
 * tools, not with the matches. The first search embeds every tool (timed
 * apart); the query vectors are cached like the query analysis.
 */
async function runSemanticCases(victor, report, queries, medians, searchAbsent) {
  const { semantic, missing: semanticMissing } = await loadSemantic();
  const absent = [...searchAbsent, ...(semanticMissing ? [semanticMissing] : [])];
  for (const size of SIZES) {
    const name = `search with wordVectorEmbedder() (limit ${LIMIT}), ${size} tools`;
    const goal = size === 10000 ? '< 1 ms' : '';
    if (absent.length) {
      report.skip({ case: '3', name, missing: absent, goal });
      continue;
    }
    await report.guard({ case: '3', name, goal }, async () => {
      const registry = new victor.metadata.ToolMetadataRegistry();
      if (typeof registry.configure !== 'function') throw new Error('ToolMetadataRegistry.configure is missing');
      registry.configure({ embedder: semantic.wordVectorEmbedder() });
      registry.refreshFromTools(medians.tools[size]);
      const started = process.hrtime.bigint();
      const sample = registry.search(queries[0], { limit: LIMIT });
      const firstMs = Number(process.hrtime.bigint() - started) / 1e6;
      if (!sample.length) throw new Error(`search('${queries[0]}') found nothing among ${size} tools`);
      const m = await median(rotating(queries, (q) => registry.search(q, { limit: LIMIT })), OPTIONS);
      const naive = medians.naive[size];
      report.row({
        case: '3',
        name,
        median: m.median,
        ratio: naive ? m.median / naive : undefined,
        goal,
        met: goal ? m.median < 1e6 : undefined,
        note: `first search, which embeds every tool: ${firstMs.toFixed(0)} ms`,
      });
    });
  }
}
