// `pnpm eval:selection`: recall@1/@3/@5 and MRR of search on the BFCL
// development set (per request and pooled, by category) and on the example
// catalogue, lexical and with @victor-tools/semantic; per-step selection in
// scripted conversations (tokens of tool definitions per step, with and
// without selection, and whether each needed tool was there); a restart with
// 10,000 tools and an embedding store. Writes them into their own section of
// BENCHMARKS.md (kept when `pnpm bench` rewrites the file).
// Ranks through the built packages (`pnpm build` first).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Embedder } from '@victor-tools/metadata';
import { wordVectorEmbedder } from '@victor-tools/semantic';
import { catalogueTools } from '../examples/catalogue';
import { REQUESTS } from '../packages/metadata/test/fixtures/requests';
import { BFCL_CANDIDATE_PATHS, REPO_ROOT, findBfcl, loadBfcl, withFiller, withoutParameters, withoutSharedWords, type Measures } from './selection-eval/datasets';
import { catalogue, figures, perRequest, pooled, similarityAlone, type SettingFigures } from './selection-eval/rank';
import { conversationsOf, playConversations, STEP_OPTIONS, type ConversationFigures } from './selection-eval/conversations';
import { LATENCY_MS, RESTART_TOOLS, VALUES_PER_CALL, DIMENSIONS, type RestartFigures } from './selection-eval/restart';

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

interface ConversationRow {
  dataset: string;
  lexical: ConversationFigures;
  semantic: ConversationFigures;
}

function conversationTable(rows: readonly ConversationRow[]): string[] {
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  return [
    '| catalogue | tools | steps | tokens per step, every tool | tokens per step, selected (lexical) | needed tools there (lexical) | steps with all (lexical) | tokens per step, selected (+ semantic) | needed tools there (+ semantic) | steps with all (+ semantic) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      ({ dataset, lexical: l, semantic: s }) =>
        `| ${dataset} | ${l.tools} | ${l.steps} | ${Math.round(l.tokensWithout)} | ${Math.round(l.tokensWith)} (${pct(l.tokensWith / l.tokensWithout)}) | ${l.recall.toFixed(3)} | ${l.complete.toFixed(3)} | ${Math.round(s.tokensWith)} (${pct(s.tokensWith / s.tokensWithout)}) | ${s.recall.toFixed(3)} | ${s.complete.toFixed(3)} |`,
    ),
  ];
}

/** Two starts of a child process over one store file: the first embeds every tool, the second should not. */
function measureRestart(): [RestartFigures, RestartFigures, RestartFigures] {
  const dir = mkdtempSync(path.join(tmpdir(), 'victor-restart-'));
  try {
    const file = path.join(dir, 'embeddings.bin');
    const run = (argument = file): RestartFigures =>
      JSON.parse(
        execFileSync(process.execPath, ['-r', 'ts-node/register/transpile-only', path.join(__dirname, 'selection-eval', 'restart.ts'), argument], {
          cwd: REPO_ROOT,
          encoding: 'utf8',
        }),
      ) as RestartFigures;
    return [run(), run(), run('--lexical')];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const embedder: Embedder = wordVectorEmbedder();
  const rankings: Array<[string, Embedder | undefined]> = [
    ['lexical', undefined],
    ['+ semantic', embedder],
  ];
  const rows: Row[] = [];
  const similarityRows: Array<{ setting: string; plain: Measures; shipped: Measures }> = [];
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
    // The embedder by itself, before and after taking the common directions out of its word vectors.
    const plain = wordVectorEmbedder({ removeCommonDirections: false });
    for (const [setting, data] of [['pooled', categories] as const, ...variants]) {
      similarityRows.push({ setting, plain: figures(data, (c) => similarityAlone(c, plain)).all, shipped: figures(data, (c) => similarityAlone(c, embedder)).all });
    }
  }
  for (const [ranking, chosen] of rankings) {
    rows.push({ dataset: `example catalogue (${catalogueTools.length} tools)`, setting: 'pooled', ranking, measures: catalogue(catalogueTools, REQUESTS, chosen) });
  }

  const conversationRows: ConversationRow[] = [];
  const play = async (dataset: string, tools: Parameters<typeof playConversations>[0], turns: Parameters<typeof conversationsOf>[0]): Promise<void> => {
    const conversations = conversationsOf(turns);
    conversationRows.push({ dataset, lexical: await playConversations(tools, conversations), semantic: await playConversations(tools, conversations, embedder) });
  };
  await play('example catalogue', catalogueTools, REQUESTS.map(([request, label]) => ({ request, needs: [label] })));
  for (const category of categories ?? []) {
    await play(`BFCL ${category.name}, pooled`, category.pool, category.requests.map((r) => ({ request: r.query, needs: r.labels })));
  }
  console.log(conversationTable(conversationRows).join('\n'));
  const [first, second, lexical] = measureRestart();
  console.log('restart', JSON.stringify({ first, second, lexical }));
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
    '### The offline embedder by itself',
    '',
    'BFCL, every function of a category ranked by the similarity of its vector to the request alone (no lexical score), all four categories request-weighted: `wordVectorEmbedder({ removeCommonDirections: false })` (plain averages of the word vectors, as before) and `wordVectorEmbedder()` (the mean and the 3 largest principal axes of the vocabulary taken out of every word vector first; `@victor-tools/semantic` README).',
    '',
    '| setting | requests | plain averages: recall@1 | @3 | @5 | MRR | common directions out: recall@1 | @3 | @5 | MRR |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...similarityRows.map((r) => `| ${r.setting} | ${r.plain.n} | ${cells(r.plain).join(' | ')} | ${cells(r.shipped).join(' | ')} |`),
    '',
    "Fused with lexical search, before this change (the plain averages, the similarity's standard score floored at a quarter of 1 - mean and not capped), BFCL all, + semantic, recall@1 / @3 / @5 / MRR: per request 0.917 / 0.987 / 0.989 / 0.951; pooled 0.716 / 0.875 / 0.923 / 0.811; pooled, no schemas 0.653 / 0.844 / 0.907 / 0.766; no shared word 0.024 / 0.064 / 0.115 / 0.083; filler 0.617 / 0.782 / 0.848 / 0.725; example catalogue 0.922 / 0.978 / 0.989 / 0.951. The table above has the figures now.",
    '',
    '### Per-step selection in a conversation',
    '',
    `Scripted conversations of three user turns (consecutive requests of a catalogue, so the subject changes from turn to turn): at each user turn the tools are selected as \`victorPrepareStep\` (and \`victorToolSelection\` of the LangChain and OpenAI Agents adapters) select them, with \`selectToolsForConversation\` over the turns so far (maxTools ${STEP_OPTIONS.maxTools}, every schema FULL, the latest user turn weighing most, tools already called kept); then the assistant calls the tools that turn needs. Tokens: the tool definitions sent at that step in the OpenAI chat format (o200k tokenizer), every enabled tool without selection. Needed tools there: the share of a step's needed tools that were in its selection (without selection: 1, always).`,
    '',
    ...conversationTable(conversationRows),
    '',
    '### Restart with an embedding store',
    '',
    `${RESTART_TOOLS.toLocaleString('en')} tools, \`aiSdkEmbedder\` over the AI SDK's \`MockEmbeddingModelV3\` (${DIMENSIONS} dimensions from hashed character trigrams, ${VALUES_PER_CALL} texts per call, ${LATENCY_MS} ms per call, 4 calls at once: a stand-in for a hosted model), \`fileEmbeddingStore\`, each start a new process (\`scripts/selection-eval/restart.ts\`): configure, refresh, first \`searchAsync\`.`,
    '',
    '| start | texts sent to the model | model calls | configure to first answer |',
    '|---|---:|---:|---:|',
    `| first (empty store) | ${first.embedded} | ${first.calls} | ${Math.round(first.firstSearchMs)} ms |`,
    `| restart (same tools) | ${second.embedded} | ${second.calls} | ${Math.round(second.firstSearchMs)} ms |`,
    `| no embedder (lexical search only) | 0 | 0 | ${Math.round(lexical.firstSearchMs)} ms |`,
    '',
    'What the restart still spends is local: reading the store, building the search index and the coarse index over 10,000 vectors; the last row is the part that has nothing to do with vectors. Times are wall-clock on the machine of the run (shared, so they vary; the counts do not).',
    '',
  ]);
  console.log(`wrote the selection section of ${path.relative(process.cwd(), BENCHMARKS)}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
