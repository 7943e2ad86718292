// `pnpm bench`: runs every case against the built packages, prints one table
// and writes it to BENCHMARKS.md at the repository root.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { describeMachine } from './lib/machine.mjs';
import { Report, CASE_TITLES } from './lib/report.mjs';
import { loadVictor } from './lib/victor.mjs';
import { runExecuteCases } from './cases/execute.mjs';
import { runSearchCases } from './cases/search.mjs';
import { runContainerCases } from './cases/container.mjs';
import { runMemoryCase } from './cases/memory.mjs';
import { runPackageSizeCase } from './cases/package-size.mjs';
import { runValidationCase } from './cases/validation.mjs';
import { runMcpCase } from './cases/mcp.mjs';
import { runQueueCase } from './cases/queue.mjs';
import { runHostileCase } from './cases/hostile.mjs';
import { runGatewayCase } from './cases/gateway.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const OUTPUT = path.resolve(here, '..', 'BENCHMARKS.md');
// Everything below this line in BENCHMARKS.md is written by hand (profiles,
// before/after figures) and survives regeneration.
const KEPT_MARKER = '<!-- Hand-written notes below this line are kept when the bench rewrites this file. -->';

const CASES = {
  1: runExecuteCases, // also runs case 2: both share the baseline
  3: runSearchCases,
  4: runContainerCases,
  5: runMemoryCase,
  6: runPackageSizeCase,
  7: runValidationCase,
  8: runMcpCase,
  9: runQueueCase,
  10: runHostileCase,
  11: runGatewayCase,
};

async function main() {
  const only = new Set(process.argv.slice(2).filter((a) => /^\d+$/.test(a)));
  const started = process.hrtime.bigint();
  const machine = describeMachine();
  const victor = await loadVictor();
  console.log(`victor-tools bench on ${machine.cpu} (${machine.cores} cores, ${machine.memoryGiB} GiB), Node ${machine.node}`);
  for (const error of victor.loadErrors) console.log(`  note: ${error}`);

  const report = new Report();
  for (const [id, run] of Object.entries(CASES)) {
    if (only.size && !only.has(id) && !(id === '1' && only.has('2'))) continue;
    console.log(`\ncase ${id}${id === '1' ? ' and 2' : ''}: ${CASE_TITLES[id]}`);
    await report.guard({ case: id, name: CASE_TITLES[id] }, () => run(victor, report));
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;

  console.log(`\n${report.toText()}\n\nwhole run: ${seconds.toFixed(1)} s`);
  if (only.size) {
    console.log('(a partial run does not rewrite BENCHMARKS.md)');
    return;
  }
  writeFileSync(OUTPUT, renderMarkdown(machine, report, seconds, victor.loadErrors));
  console.log(`wrote ${path.relative(process.cwd(), OUTPUT)}`);
}

function renderMarkdown(machine, report, seconds, loadErrors) {
  const kept = existsSync(OUTPUT) ? readFileSync(OUTPUT, 'utf8').split(KEPT_MARKER)[1] : undefined;
  return [
    '# Benchmarks',
    '',
    'Written by `pnpm bench` (see `bench/README.md` for what each case measures and how).',
    'Figures are medians; "vs baseline" is the median divided by the baseline measured in the same run.',
    '',
    '| machine | |',
    '|---|---|',
    `| CPU | ${machine.cpu} |`,
    `| cores | ${machine.cores} |`,
    `| memory | ${machine.memoryGiB} GiB |`,
    `| OS | ${machine.os} |`,
    `| Node.js | ${machine.node} |`,
    `| date | ${machine.date} |`,
    `| whole run | ${seconds.toFixed(1)} s |`,
    '',
    ...(loadErrors.length ? ['Packages not loaded in this run:', '', ...loadErrors.map((e) => `- ${e}`), ''] : []),
    report.toMarkdown(),
    KEPT_MARKER + (kept ?? '\n\n## Profiling notes\n\nNone yet.\n'),
  ].join('\n');
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
