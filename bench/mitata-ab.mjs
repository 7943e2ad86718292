// Bench case 1 as run.mjs measures it (mitata, a GC before each measurement,
// alternating rounds; lib/harness.mjs `interleaved`), for several builds of
// core side by side in one process, each with its own copy of the calling
// code (lib/ab-path.mjs):
//   node --expose-gc mitata-ab.mjs label=/path/to/core/dist/index.js ... [--rounds=N]
import { createRequire } from 'node:module';
import os from 'node:os';
import Ajv from 'ajv';
import { interleaved } from './lib/harness.mjs';
import { CALL_ARGS, SEARCH_CODE_SCHEMA, searchCode } from './lib/fixture.mjs';

const require = createRequire(import.meta.url);
const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 5);
const builds = process.argv.slice(2).filter((a) => !a.startsWith('--')).map((a) => a.split('='));
const validate = new Ajv({ allErrors: true }).compile(SEARCH_CODE_SCHEMA);
const baseline = async (args) => (validate(args) ? { success: true, output: searchCode(args) } : { success: false, errors: validate.errors });
const fns = { baseline: () => baseline(CALL_ARGS) };
for (const [label, file] of builds) {
  const { makeVictor } = await import(`./lib/ab-path.mjs?${encodeURIComponent(label)}`);
  const call = makeVictor(require(file), 'hooks');
  fns[label] = () => call(CALL_ARGS);
}
const timed = await interleaved(fns, { baseline: 'baseline', rounds });
console.log(`wall-clock medians (mitata p50), ${rounds} alternating rounds; load average ${os.loadavg()[0].toFixed(1)}`);
for (const [name, { median, ratio }] of Object.entries(timed)) console.log(`${name.padEnd(12)} ${median.toFixed(0).padStart(6)} ns  ${ratio.toFixed(2)}x baseline`);
