// How DEFAULT_RANKING (packages/metadata/src/search/ranking.ts) was tuned:
// a coordinate search over the BM25F parameters maximizing the mean MRR of
// the pooled and per-request settings of the BFCL development set, then a
// leave-one-category-out check that the tuned values carry over to a BFCL
// category they were not tuned on.
//
// Run: SELECTION_DEV_SET=path/to/bfcl.json pnpm exec ts-node --transpile-only scripts/selection-eval/tune.ts [--semantic] [--half A|B] [--from-default] [--no-cv]
// It imports the metadata sources (their internals take the parameters) and,
// with --semantic, the built @victor-tools/semantic to tune the fusion weight.
import { CostTier, type BaseTool } from '@victor-tools/core';
import { resolveMetadata } from '../../packages/metadata/src/auto-metadata';
import type { Embedder } from '../../packages/metadata/src/embedding/embedder';
import { embeddingText } from '../../packages/metadata/src/embedding/tool-text';
import { VectorStore } from '../../packages/metadata/src/embedding/vector-store';
import { DEFAULT_RANKING, type RankingParameters } from '../../packages/metadata/src/search/ranking';
import { Searcher, type SearchEntry, type SemanticScores } from '../../packages/metadata/src/search/searcher';
import { half, loadBfcl, measure, pool, withoutParameters, type EvalCategory, type Measures } from './datasets';


const entryCache = new WeakMap<BaseTool, SearchEntry>();
function entryOf(tool: BaseTool): SearchEntry {
  let entry = entryCache.get(tool);
  if (!entry) {
    const { metadata } = resolveMetadata(tool);
    entry = { name: tool.name, aliases: [], description: tool.description, parameters: tool.parameters, metadata, tool, costWeight: CostTier.FREE.weight };
    entryCache.set(tool, entry);
  }
  return entry;
}

function sortedEntries(tools: readonly BaseTool[]): SearchEntry[] {
  return tools.map(entryOf).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The registry's own vector store: the tuner ranks exactly as search does. */
export type VectorCache = VectorStore;

function similarities(entries: readonly SearchEntry[], texts: readonly string[], query: string, cache: VectorCache | undefined): SemanticScores | undefined {
  if (!cache || entries.length === 0) return undefined;
  const scores = cache.scores(query, texts);
  if (scores instanceof Promise) throw new Error('the tuner needs a synchronous embedder');
  return scores;
}

const ranked = (searcher: Searcher, query: string, semantic: SemanticScores | undefined): string[] =>
  searcher.search(query, { limit: 20 }, semantic).map((r) => r.name);

export function evaluate(categories: readonly EvalCategory[], params: RankingParameters, cache?: VectorCache): { per: Measures; pooled: Measures } {
  const per: Measures[] = [];
  const pooled: Measures[] = [];
  for (const category of categories) {
    per.push(
      measure(
        category.requests.map((r) => {
          const entries = sortedEntries(r.tools);
          const texts = entries.map(embeddingText);
          return { ranked: ranked(new Searcher(entries, params), r.query, similarities(entries, texts, r.query, cache)), labels: r.labels };
        }),
      ),
    );
    const entries = sortedEntries(category.pool);
    const texts = entries.map(embeddingText);
    const searcher = new Searcher(entries, params);
    pooled.push(measure(category.requests.map((r) => ({ ranked: ranked(searcher, r.query, similarities(entries, texts, r.query, cache)), labels: r.labels }))));
  }
  return { per: pool(per), pooled: pool(pooled) };
}

// A change is kept only when it gains this much: smaller gains are noise on 1,477 requests.
const MIN_GAIN = 0.001;

/** One setting's score: MRR, the pooled setting (closer to a real registry) counting twice. */
const settingScore = ({ per, pooled }: { per: Measures; pooled: Measures }): number => (2 * pooled.mrr + per.mrr) / 3;

/**
 * What the search maximizes: the mean score with the tools' parameter schemas
 * and without them (name and description only), so the weights do not lean
 * on schemas that many real catalogues lack.
 */
function objective(categories: readonly EvalCategory[], params: RankingParameters, cache?: VectorCache): number {
  return (settingScore(evaluate(categories, params, cache)) + settingScore(evaluate(bareOf(categories), params, cache))) / 2;
}

const bare = new WeakMap<readonly EvalCategory[], EvalCategory[]>();
function bareOf(categories: readonly EvalCategory[]): EvalCategory[] {
  let stripped = bare.get(categories);
  if (!stripped) bare.set(categories, (stripped = withoutParameters(categories)));
  return stripped;
}

interface Knob {
  label: string;
  get(p: RankingParameters): number;
  set(p: RankingParameters, value: number): RankingParameters;
  candidates(current: number): number[];
}

const scaled = (current: number): number[] => [0, 0.25, 0.5, 0.7, 1.5, 2, 3].map((f) => (current === 0 ? f : current * f));
const unit = (): number[] => [0, 0.1, 0.25, 0.4, 0.5, 0.6, 0.75, 0.9, 1];

function fieldKnob(field: string, key: 'boost' | 'b'): Knob {
  return {
    label: `${field}.${key}`,
    get: (p) => p.fields[field][key],
    set: (p, value) => ({ ...p, fields: { ...p.fields, [field]: { ...p.fields[field], [key]: value } } }),
    candidates: key === 'boost' ? scaled : unit,
  };
}

function lexicalKnobs(): Knob[] {
  const knobs: Knob[] = [
    { label: 'k1', get: (p) => p.k1, set: (p, v) => ({ ...p, k1: v }), candidates: () => [0.5, 0.8, 1, 1.2, 1.5, 2, 3] },
    { label: 'commonness', get: (p) => p.commonness, set: (p, v) => ({ ...p, commonness: v }), candidates: () => [0, 0.5, 1, 2, 4, 8] },
  ];
  // variantWeight is set by hand: BFCL holds too few agent nouns and compounds to tune it.
  // So are 'use cases' and 'examples': BFCL functions declare no metadata, those fields are empty.
  // The description's boost stays the unit the others are relative to.
  for (const field of Object.keys(DEFAULT_RANKING.fields)) {
    if (field === 'use cases' || field === 'examples') continue;
    if (field !== 'description') knobs.push(fieldKnob(field, 'boost'));
    knobs.push(fieldKnob(field, 'b'));
  }
  return knobs;
}

/**
 * Where the search starts: plain BM25 (k1 1.2, b 0.75) over every field with
 * one weight, so no hand-set value steers it.
 */
const NEUTRAL: RankingParameters = {
  ...DEFAULT_RANKING,
  k1: 1.2,
  fields: Object.fromEntries(Object.keys(DEFAULT_RANKING.fields).map((field) => [field, { boost: 1, b: 0.75 }])),
  commonness: 0,
};

function coordinateSearch(categories: readonly EvalCategory[], start: RankingParameters, knobs: Knob[], rounds: number, cache?: VectorCache, log = true): RankingParameters {
  let best = start;
  let bestScore = objective(categories, best, cache);
  for (let round = 0; round < rounds; round++) {
    let improved = false;
    for (const knob of knobs) {
      const current = knob.get(best);
      for (const value of knob.candidates(current)) {
        if (value === current) continue;
        const trial = knob.set(best, Number(value.toFixed(4)));
        const score = objective(categories, trial, cache);
        if (score > bestScore + MIN_GAIN) {
          best = trial;
          bestScore = score;
          improved = true;
          if (log) console.log(`  ${knob.label} = ${knob.get(best)} -> ${score.toFixed(4)}`);
        }
      }
    }
    if (!improved) break;
  }
  return best;
}

const fmt = (m: Measures): string => `r@1 ${m.recallAt1.toFixed(3)} r@5 ${m.recallAt5.toFixed(3)} mrr ${m.mrr.toFixed(3)}`;
const reportOne = (label: string, e: { per: Measures; pooled: Measures }): void =>
  console.log(`${label.padEnd(44)} pooled ${fmt(e.pooled)} | per request ${fmt(e.per)}`);
function report(label: string, categories: readonly EvalCategory[], params: RankingParameters, cache?: VectorCache): void {
  reportOne(label, evaluate(categories, params, cache));
  reportOne(`${label} (no schemas)`, evaluate(bareOf(categories), params, cache));
}

async function main(): Promise<void> {
  const all = loadBfcl();
  if (!all) {
    console.log('No development set found (set SELECTION_DEV_SET); nothing to tune.');
    return;
  }
  // --half A (or B): tune on that half of the requests only; lexical.ts reports both halves.
  const halfFlag = process.argv.indexOf('--half');
  const categories = halfFlag >= 0 ? half(all, process.argv[halfFlag + 1] === 'B' ? 'B' : 'A') : all;
  const semantic = process.argv.includes('--semantic');
  const cache = semantic ? new VectorStore((require('../../packages/semantic/dist') as { wordVectorEmbedder(): Embedder }).wordVectorEmbedder()) : undefined;
  const knobs = semantic
    ? [{ label: 'semanticWeight', get: (p: RankingParameters) => p.semanticWeight, set: (p: RankingParameters, v: number) => ({ ...p, semanticWeight: v }), candidates: () => [0.2, 0.3, 0.4, 0.5, 0.6, 0.7] }]
    : lexicalKnobs();
  report('current DEFAULT_RANKING, all', categories, DEFAULT_RANKING, cache);
  const start = semantic || process.argv.includes('--from-default') ? DEFAULT_RANKING : NEUTRAL;
  report('start', categories, start, cache);
  const tuned = coordinateSearch(categories, start, knobs, 3, cache);
  report('tuned on all categories', categories, tuned, cache);
  console.log(JSON.stringify(tuned));
  if (process.argv.includes('--no-cv')) return;
  console.log('\nleave one category out (tuned on the others, measured on it):');
  for (const held of categories) {
    const rest = categories.filter((c) => c !== held);
    const fold = coordinateSearch(rest, start, knobs, 2, cache, false);
    report(`${held.name}: current`, [held], DEFAULT_RANKING, cache);
    report(`${held.name}: tuned without it`, [held], fold, cache);
    report(`${held.name}: tuned with it`, [held], tuned, cache);
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
