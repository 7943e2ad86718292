// A quick measure of lexical search alone (no embedder) on the BFCL
// development set, split in two halves by request id so a change tuned on
// one half is checked on the other: recall@1, recall@5 and MRR, pooled with
// and without schemas, with filler, and per request.
//
// Run: pnpm exec ts-node --transpile-only scripts/selection-eval/lexical.ts [--semantic]
// It ranks through the metadata sources (no build needed), as tune.ts does.
import type { Embedder } from '../../packages/metadata/src/embedding/embedder';
import { VectorStore } from '../../packages/metadata/src/embedding/vector-store';
import { DEFAULT_RANKING } from '../../packages/metadata/src/search/ranking';
import { half, loadBfcl, withFiller, withoutParameters, withoutSharedWords, type EvalCategory, type Measures } from './datasets';
import { evaluate } from './tune';

const fmt = (m: Measures): string => `${m.recallAt1.toFixed(3)} ${m.recallAt5.toFixed(3)} ${m.mrr.toFixed(3)}`;

function main(): void {
  const categories = loadBfcl();
  if (!categories) throw new Error('No development set found (set SELECTION_DEV_SET).');
  const cache = process.argv.includes('--semantic')
    ? new VectorStore((require('../../packages/semantic/dist') as { wordVectorEmbedder(): Embedder }).wordVectorEmbedder())
    : undefined;
  console.log('half | requests | pooled r@1 r@5 MRR | no schemas r@1 r@5 MRR | filler r@1 r@5 MRR | no shared word r@1 r@5 MRR | per request r@1 r@5 MRR');
  for (const which of ['A', 'B'] as const) {
    const data = half(categories, which);
    const full = evaluate(data, DEFAULT_RANKING, cache);
    const bare = evaluate(withoutParameters(data), DEFAULT_RANKING, cache);
    const filler = evaluate(withFiller(withoutParameters(data)), DEFAULT_RANKING, cache);
    const unshared = evaluate(withoutSharedWords(withoutParameters(data)), DEFAULT_RANKING, cache);
    console.log(`${which} | ${full.pooled.n} | ${fmt(full.pooled)} | ${fmt(bare.pooled)} | ${fmt(filler.pooled)} | ${fmt(unshared.pooled)} | ${fmt(full.per)}`);
  }
}

if (require.main === module) main();
