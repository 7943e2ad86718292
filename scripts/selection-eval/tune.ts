// How DEFAULT_RANKING (packages/metadata/src/search/ranking.ts) was tuned:
// a coordinate search over the BM25F parameters maximizing the mean MRR of
// the pooled and per-request settings of the BFCL development set, then a
// leave-one-category-out check that the tuned values carry over to a BFCL
// category they were not tuned on.
//
// Run: SELECTION_DEV_SET=path/to/bfcl.json pnpm exec ts-node --transpile-only scripts/selection-eval/tune.ts [--semantic]
// It imports the metadata sources (their internals take the parameters) and,
// with --semantic, the built @victor-tools/semantic to tune the fusion weight.
import { CostTier, type BaseTool } from '@victor-tools/core';
import { resolveMetadata } from '../../packages/metadata/src/auto-metadata';
import { DEFAULT_RANKING, type RankingParameters } from '../../packages/metadata/src/search/ranking';
import { Searcher, type SearchEntry, type SemanticScores } from '../../packages/metadata/src/search/searcher';
import { loadBfcl, measure, pool, type EvalCategory, type Measures } from './datasets';

type Vectorizer = { embed(texts: string[]): ArrayLike<number>[] };

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

/** Unit vectors of texts, cached per text. */
class VectorCache {
  private readonly vectors = new Map<string, Float32Array>();
  constructor(private readonly embedder: Vectorizer) {}
  get(text: string): Float32Array {
    let v = this.vectors.get(text);
    if (!v) {
      const raw = this.embedder.embed([text])[0];
      v = Float32Array.from(raw);
      let norm = 0;
      for (const x of v) norm += x * x;
      norm = Math.sqrt(norm);
      if (norm > 0) for (let i = 0; i < v.length; i++) v[i] /= norm;
      this.vectors.set(text, v);
    }
    return v;
  }
}

function toolText(entry: SearchEntry): string {
  return [entry.name, entry.description, ...entry.metadata.keywords, ...entry.metadata.useCases].join(' . ');
}

function similarities(entries: readonly SearchEntry[], query: string, cache: VectorCache | undefined): SemanticScores | undefined {
  if (!cache) return undefined;
  const q = cache.get(query);
  const out = new Float32Array(entries.length);
  entries.forEach((entry, i) => {
    const t = cache.get(toolText(entry));
    let dot = 0;
    for (let d = 0; d < q.length; d++) dot += q[d] * t[d];
    out[i] = dot;
  });
  return { similarities: out };
}

const ranked = (searcher: Searcher, query: string, semantic: SemanticScores | undefined): string[] =>
  searcher.search(query, { limit: 20 }, semantic).map((r) => r.name);

function evaluate(categories: readonly EvalCategory[], params: RankingParameters, cache?: VectorCache): { per: Measures; pooled: Measures } {
  const per: Measures[] = [];
  const pooled: Measures[] = [];
  for (const category of categories) {
    per.push(
      measure(
        category.requests.map((r) => {
          const entries = sortedEntries(r.tools);
          return { ranked: ranked(new Searcher(entries, params), r.query, similarities(entries, r.query, cache)), labels: r.labels };
        }),
      ),
    );
    const entries = sortedEntries(category.pool);
    const searcher = new Searcher(entries, params);
    pooled.push(measure(category.requests.map((r) => ({ ranked: ranked(searcher, r.query, similarities(entries, r.query, cache)), labels: r.labels }))));
  }
  return { per: pool(per), pooled: pool(pooled) };
}

// A change is kept only when it gains this much: smaller gains are noise on 1,477 requests.
const MIN_GAIN = 0.001;

/** What the search maximizes: MRR, the pooled setting (closer to a real registry) counting twice. */
const objective = ({ per, pooled }: { per: Measures; pooled: Measures }): number => (2 * pooled.mrr + per.mrr) / 3;

interface Knob {
  label: string;
  get(p: RankingParameters): number;
  set(p: RankingParameters, value: number): RankingParameters;
  candidates(current: number): number[];
}

const scaled = (current: number): number[] => [0, 0.25, 0.5, 0.7, 1, 1.5, 2, 3].map((f) => (current === 0 ? f : current * f));
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
    { label: 'variantWeight', get: (p) => p.variantWeight, set: (p, v) => ({ ...p, variantWeight: v }), candidates: () => [0, 0.25, 0.5, 0.75, 1] },
  ];
  // The name's boost stays the unit the others are relative to.
  for (const field of Object.keys(DEFAULT_RANKING.fields)) {
    if (field !== 'name') knobs.push(fieldKnob(field, 'boost'));
    knobs.push(fieldKnob(field, 'b'));
  }
  return knobs;
}

function coordinateSearch(categories: readonly EvalCategory[], start: RankingParameters, knobs: Knob[], rounds: number, cache?: VectorCache, log = true): RankingParameters {
  let best = start;
  let bestScore = objective(evaluate(categories, best, cache));
  for (let round = 0; round < rounds; round++) {
    let improved = false;
    for (const knob of knobs) {
      const current = knob.get(best);
      for (const value of knob.candidates(current)) {
        if (value === current) continue;
        const trial = knob.set(best, Number(value.toFixed(4)));
        const score = objective(evaluate(categories, trial, cache));
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
const report = (label: string, e: { per: Measures; pooled: Measures }): void =>
  console.log(`${label.padEnd(34)} pooled ${fmt(e.pooled)} | per request ${fmt(e.per)}`);

async function main(): Promise<void> {
  const categories = loadBfcl();
  if (!categories) {
    console.log('No development set found (set SELECTION_DEV_SET); nothing to tune.');
    return;
  }
  const semantic = process.argv.includes('--semantic');
  const cache = semantic
    ? new VectorCache((require('../../packages/semantic/dist') as { wordVectorEmbedder(): Vectorizer }).wordVectorEmbedder())
    : undefined;
  const knobs = semantic
    ? [{ label: 'semanticWeight', get: (p: RankingParameters) => p.semanticWeight, set: (p: RankingParameters, v: number) => ({ ...p, semanticWeight: v }), candidates: () => [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8] }]
    : lexicalKnobs();
  report('current DEFAULT_RANKING, all', evaluate(categories, DEFAULT_RANKING, cache));
  const tuned = coordinateSearch(categories, DEFAULT_RANKING, knobs, 3, cache);
  report('tuned on all categories', evaluate(categories, tuned, cache));
  console.log(JSON.stringify(tuned));
  if (process.argv.includes('--no-cv')) return;
  console.log('\nleave one category out (tuned on the others, measured on it):');
  for (const held of categories) {
    const rest = categories.filter((c) => c !== held);
    const fold = coordinateSearch(rest, DEFAULT_RANKING, knobs, 2, cache, false);
    report(`${held.name}: current`, evaluate([held], DEFAULT_RANKING, cache));
    report(`${held.name}: tuned without it`, evaluate([held], fold, cache));
    report(`${held.name}: tuned with it`, evaluate([held], tuned, cache));
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
