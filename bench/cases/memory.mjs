// Case 5: heap per registered tool at 10,000 tools, before any call.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { formatBytes } from '../lib/format.mjs';
import { missing } from '../lib/victor.mjs';

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('./memory-child.mjs', import.meta.url));
const COUNT = 10000;
const RUNS = 3;
const GOAL_BYTES = 4 * 1024;

const medianOf = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

export async function runMemoryCase(victor, report) {
  const name = `heap per registered tool (registry), ${COUNT} tools, no call yet`;
  const absent = missing([['ToolRegistry (@victor-tools/core)', () => typeof victor.core?.ToolRegistry === 'function']]);
  if (absent.length) {
    report.skip({ case: '5', name, missing: absent, goal: '< 4 KB' });
    return;
  }
  await report.guard({ case: '5', name, goal: '< 4 KB' }, async () => {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const { stdout } = await run(process.execPath, ['--expose-gc', CHILD, String(COUNT)], { cwd: process.cwd(), timeout: 60_000 });
      runs.push(JSON.parse(stdout.trim().split('\n').pop()));
    }
    const registerBytes = medianOf(runs.map((r) => r.registerBytes));
    report.row({ case: '5', name, value: formatBytes(registerBytes), goal: '< 4 KB', met: registerBytes < GOAL_BYTES, note: `median of ${RUNS} child processes` });
    report.row({ case: '5', name: 'for scale: the tool object itself (its schema, metadata, instance)', value: formatBytes(medianOf(runs.map((r) => r.toolBytes))) });
    const index = runs.map((r) => r.indexBytes).filter((b) => b !== undefined);
    if (index.length) report.row({ case: '5', name: 'for scale: metadata index per tool after refreshFromTools', value: formatBytes(medianOf(index)) });
    else if (runs[0].indexError) report.row({ case: '5', name: 'for scale: metadata index per tool after refreshFromTools', value: '-', note: `error: ${runs[0].indexError}` });
  });
}
