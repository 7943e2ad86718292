// `pnpm eval:selection`: recall@1/@3/@5 and MRR of search on the BFCL
// development set (per request and pooled, by category) and on the example
// catalogue, lexical and with @victor-tools/semantic; writes them into their
// own section of BENCHMARKS.md (kept when `pnpm bench` rewrites the file).
// Ranks through the built packages (`pnpm build` first).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Embedder } from '@victor-tools/metadata';
import { wordVectorEmbedder } from '@victor-tools/semantic';
import { catalogueTools } from '../examples/catalogue';
import { REQUESTS } from '../packages/metadata/test/fixtures/requests';
import { BFCL_CANDIDATE_PATHS, REPO_ROOT, findBfcl, loadBfcl, withFiller, withoutParameters, withoutSharedWords, type Measures } from './selection-eval/datasets';
import { catalogue, figures, perRequest, pooled, type SettingFigures } from './selection-eval/rank';

const BENCHMARKS = path.join(REPO_ROOT, 'BENCHMARKS.md');
const START = '<!-- selection-eval: written by `pnpm eval:selection`, from here to the end marker -->';
const END = '<!-- selection-eval: end -->';
// bench/run.mjs keeps everything below this line when it rewrites BENCHMARKS.md.
const KEPT_MARKER = '<!-- Hand-written notes below this line are kept when the bench rewrites this file. -->';

const cells = (m: Measures): string[] => [m.recallAt1, m.recallAt3, m.recallAt5, m.mrr].map((x) => x.toFixed(3));

interface Row {
  dataset: string;
  setting: string;
  ranking: string;
  measures: Measures;
}

function rowsOf(dataset: string, setting: string, ranking: string, result: SettingFigures): Row[] {
  return [
    ...result.byCategory.map((b) => ({ dataset, setting, ranking, measures: b.measures, category: b.category })).map((r) => ({ ...r, dataset: `${dataset}: ${r.category}` })),
    { dataset: `${dataset}: all`, setting, ranking, measures: result.all },
  ];
}

function table(rows: readonly Row[]): string[] {
  return [
    '| dataset | setting | ranking | requests | recall@1 | recall@3 | recall@5 | MRR |',
    '|---|---|---|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.dataset} | ${r.setting} | ${r.ranking} | ${r.measures.n} | ${cells(r.measures).join(' | ')} |`),
  ];
}

function writeSection(lines: readonly string[]): void {
  const section = [START, ...lines, END].join('\n');
  let text = existsSync(BENCHMARKS) ? readFileSync(BENCHMARKS, 'utf8') : `# Benchmarks\n\n${KEPT_MARKER}\n`;
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from >= 0 && to > from) text = text.slice(0, from) + section + text.slice(to + END.length);
  else if (text.includes(KEPT_MARKER)) text = text.replace(KEPT_MARKER, `${KEPT_MARKER}\n\n${section}`);
  else text = `${text.trimEnd()}\n\n${KEPT_MARKER}\n\n${section}\n`;
  writeFileSync(BENCHMARKS, text);
}

function main(): void {
  const started = Date.now();
  const embedder: Embedder = wordVectorEmbedder();
  const rankings: Array<[string, Embedder | undefined]> = [
    ['lexical', undefined],
    ['+ semantic', embedder],
  ];
  const rows: Row[] = [];
  const file = findBfcl();
  const categories = loadBfcl(file);
  if (!categories) {
    console.log(`The BFCL development set is not here (looked at ${BFCL_CANDIDATE_PATHS.join(', ')}; set SELECTION_DEV_SET to its bfcl.json).`);
    console.log('It lives outside the repository (shared/selection-dev); only the example catalogue is measured, and BENCHMARKS.md is left as it is.');
  } else {
    for (const [ranking, chosen] of rankings) {
      rows.push(...rowsOf('BFCL', 'per request', ranking, figures(categories, (c) => perRequest(c, chosen))));
      rows.push(...rowsOf('BFCL', 'pooled', ranking, figures(categories, (c) => pooled(c, chosen))));
    }
    const bare = withoutParameters(categories);
    const variants: Array<[string, typeof bare]> = [
      ['pooled, no schemas', bare],
      ['pooled, no schemas, no shared word', withoutSharedWords(bare)],
      ['pooled, no schemas, filler', withFiller(bare)],
    ];
    for (const [setting, data] of variants) {
      for (const [ranking, chosen] of rankings) rows.push(...rowsOf('BFCL', setting, ranking, figures(data, (c) => pooled(c, chosen))));
    }
  }
  for (const [ranking, chosen] of rankings) {
    rows.push({ dataset: `example catalogue (${catalogueTools.length} tools)`, setting: 'pooled', ranking, measures: catalogue(catalogueTools, REQUESTS, chosen) });
  }
  const settings = ['per request', 'pooled', 'pooled, no schemas', 'pooled, no schemas, no shared word', 'pooled, no schemas, filler'];
  const order = (r: Row): string =>
    `${r.dataset.startsWith('BFCL') ? 0 : 1}${settings.indexOf(r.setting)}${r.dataset.endsWith(': all') ? '~' : r.dataset}${r.ranking === 'lexical' ? 0 : 1}`;
  rows.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  const lines = table(rows);
  console.log(lines.join('\n'));
  console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!categories) return;
  writeSection([
    '',
    '## Selection quality (`pnpm eval:selection`)',
    '',
    `Search ranked on the BFCL development set (\`shared/selection-dev/bfcl.json\`, Berkeley Function Calling Leaderboard v4, Apache-2.0; outside this repository) and on the example catalogue with its ${REQUESTS.length} requests (\`packages/metadata/test/fixtures/requests.ts\`).`,
    "Per request: only that request's 2 to 4 candidate functions are registered. Pooled: every distinct function of the category (about 450) in one registry. No schemas: the same, each function reduced to its name and description.",
    'No shared word: the no-schemas setting with every request word removed whose stem is in the name or description of a tool the request needs (requests left with no content word dropped): only meaning can route what is left, and often little meaning is left. Filler: the no-schemas setting with each request between two sentences of filler written for this check (`withFiller` in scripts/selection-eval/datasets.ts).',
    "recall@k is the share of a request's expected tools in its top k, out of min(k, expected) (a request needing two tools is fully recalled at 1 when one of them comes first); MRR is the reciprocal rank of the first expected tool.",
    'Lexical: the default `search()`. + semantic: with `configure({ embedder: wordVectorEmbedder() })` from `@victor-tools/semantic`.',
    '',
    ...table(rows),
    '',
  ]);
  console.log(`wrote the selection section of ${path.relative(process.cwd(), BENCHMARKS)}`);
}

main();
