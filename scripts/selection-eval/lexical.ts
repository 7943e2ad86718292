// A quick measure of lexical search alone (no embedder) on the BFCL
// development set, split in two halves by request id so a change tuned on
// one half is checked on the other: recall@1, recall@5 and MRR, pooled with
// and without schemas, with filler, and per request; and the example catalogue.
//
// Run: pnpm exec ts-node --transpile-only scripts/selection-eval/lexical.ts [--semantic]
// WEAK=below,weight tries other values of the ranking's weakMatch.
// It ranks through the metadata sources (no build needed), as tune.ts does.
import type { Embedder } from '../../packages/metadata/src/embedding/embedder';
import { VectorStore } from '../../packages/metadata/src/embedding/vector-store';
import { DEFAULT_RANKING } from '../../packages/metadata/src/search/ranking';
import { half, loadBfcl, withFiller, withoutParameters, withoutSharedWords, type EvalCategory, type Measures } from './datasets';
import { evaluate } from './tune';
import { catalogueTools } from '../../examples/catalogue';
import { REQUESTS } from '../../packages/metadata/test/fixtures/requests';

const fmt = (m: Measures): string => `${m.recallAt1.toFixed(3)} ${m.recallAt5.toFixed(3)} ${m.mrr.toFixed(3)}`;

function main(): void {
  const categories = loadBfcl();
  if (!categories) throw new Error('No development set found (set SELECTION_DEV_SET).');
  const cache = process.argv.includes('--semantic')
    ? new VectorStore((require('../../packages/semantic/dist') as { wordVectorEmbedder(): Embedder }).wordVectorEmbedder())
    : undefined;
  const weak = process.env.WEAK?.split(',').map(Number);
  const ranking = weak ? { ...DEFAULT_RANKING, weakMatch: { below: weak[0], semanticWeight: weak[1] } } : DEFAULT_RANKING;
  const examples: EvalCategory = {
    name: 'examples',
    requests: REQUESTS.map(([query, label], i) => ({ id: `example_${i}`, query, labels: [label], tools: catalogueTools })),
    pool: catalogueTools,
  };
  console.log(`example catalogue | ${fmt(evaluate([examples], ranking, cache).pooled)}`);
  console.log('half | requests | pooled r@1 r@5 MRR | no schemas r@1 r@5 MRR | filler r@1 r@5 MRR | no shared word r@1 r@5 MRR | per request r@1 r@5 MRR');
  for (const which of ['A', 'B'] as const) {
    const data = half(categories, which);
    const full = evaluate(data, ranking, cache);
    const bare = evaluate(withoutParameters(data), ranking, cache);
    const filler = evaluate(withFiller(withoutParameters(data)), ranking, cache);
    const unshared = evaluate(withoutSharedWords(withoutParameters(data)), ranking, cache);
    console.log(`${which} | ${full.pooled.n} | ${fmt(full.pooled)} | ${fmt(bare.pooled)} | ${fmt(filler.pooled)} | ${fmt(unshared.pooled)} | ${fmt(full.per)}`);
  }
}

if (require.main === module) main();
