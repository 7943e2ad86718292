// Case 3: ToolMetadataRegistry.search and selectTools over 100, 1,000 and
// 10,000 synthetic tools, each against a naive scan of the same metadata.
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

  const medians = { naive: {}, search: {}, select: {} };
  for (const size of SIZES) {
    const specs = syntheticToolSpecs(size);
    const index = naiveIndex(specs);
    // One set of tool instances for search and selectTools, so selectTools finds the index search built.
    const tools = victor.core ? buildTools(victor.core, specs) : [];
    const naive = await median(rotating(queries, (q) => naiveSearch(index, q, LIMIT)), OPTIONS);
    medians.naive[size] = naive.median;
    report.row({ case: '3', name: `naive scan, ${size} tools`, median: naive.median, ratio: 1 });

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
