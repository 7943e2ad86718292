// CPU-time A/B of bench case 1 in one process: several builds of core side by
// side, alternated with the baseline, so that a shared machine's load drifts
// over all of them alike. Wall-clock medians (run.mjs) swing 2x with the
// neighbours on a 2-core VM; process.cpuUsage counts only this process.
//
//   node --expose-gc cpu-ab.mjs [label=/path/to/core/dist/index.js ...] [--rounds=N] [--calls=N] [--variants=a,b] [--gc] [--peers] [--floor]
//
// Without builds it measures this workspace's `packages/core/dist`. Variants
// of the registry: `hooks` (bench case 1: one before-hook and one after-hook),
// `plain` (no hooks), `notimeout` (hooks, `defaultTimeoutMs: 0`), `sync` (hooks, a tool that answers
// without a promise: what the wait for an async tool costs). `--gc` runs
// a full GC before every round, as mitata does before every measurement: the
// young generation starts small again, so a path that allocates more pays
// for more scavenges (about twice the time per call of the case 1 path).
// `--peers` adds bench case 2's AI SDK 6 and 7 paths, so that the speedup over
// them is read in CPU time too (their ratio to the baseline, over ours).
// `--floor` adds lib/floor.mjs: the guarantees of the call written by hand in
// one function, what the path cannot cost less than.
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import Ajv from 'ajv';
import { CALL_ARGS, EXPECTED_OUTPUT, SEARCH_CODE_SCHEMA, searchCode } from './lib/fixture.mjs';

const require = createRequire(import.meta.url);
const flags = Object.fromEntries(
  process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => [...a.slice(2).split('='), '1'].slice(0, 2)),
);
const builds = process.argv.slice(2).filter((a) => !a.startsWith('--')).map((a) => a.split('='));
if (builds.length === 0) builds.push(['workspace', resolve(import.meta.dirname, '../packages/core/dist/index.js')]);
const ROUNDS = Number(flags.rounds ?? 15);
const CALLS = Number(flags.calls ?? 100_000);
const VARIANTS = (flags.variants ?? 'hooks').split(',');

function makeBaseline() {
  const validate = new Ajv({ allErrors: true }).compile(SEARCH_CODE_SCHEMA);
  return async (args) => {
    if (!validate(args)) return { success: false, errors: validate.errors };
    return { success: true, output: searchCode(args) };
  };
}

function cpuNsPerCall(start, n) {
  const used = process.cpuUsage(start);
  return ((used.user + used.system) * 1000) / n;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// Each path gets its own copy of the calling code (see lib/ab-path.mjs).
const pathModule = (key) => import(`./lib/ab-path.mjs?${encodeURIComponent(key)}`);
const paths = { baseline: { call: makeBaseline(), loop: (await pathModule('baseline')).loop } };
for (const [label, file] of builds) {
  const core = require(file);
  for (const variant of VARIANTS) {
    const name = VARIANTS.length > 1 ? `${label}/${variant}` : label;
    const { makeVictor, loop } = await pathModule(name);
    const call = makeVictor(core, variant);
    const result = await call({ ...CALL_ARGS });
    if (!result.success || result.output !== EXPECTED_OUTPUT) throw new Error(`${label}: ${JSON.stringify(result)}`);
    paths[name] = { call, loop };
  }
}
if (flags.floor !== undefined) {
  const { makeFloor } = await import('./lib/floor.mjs');
  const call = makeFloor(require(builds[0][1]));
  const result = await call({ ...CALL_ARGS });
  if (!result.success || result.output !== EXPECTED_OUTPUT) throw new Error(`floor: ${JSON.stringify(result)}`);
  paths.floor = { call, loop: (await pathModule('floor')).loop };
}
if (flags.peers !== undefined) {
  const { makeAiSdk } = await import('./cases/execute.mjs');
  const peers = { 'ai-sdk-6': ['ai', '@ai-sdk/provider-utils'], 'ai-sdk-7': ['ai7', 'ai7-provider-utils'] };
  for (const [name, [sdk, utils]] of Object.entries(peers)) {
    const call = makeAiSdk(await import(sdk), await import(utils));
    if ((await call({ ...CALL_ARGS })) !== EXPECTED_OUTPUT) throw new Error(`${name} did not answer ${EXPECTED_OUTPUT}`);
    paths[name] = { call, loop: (await pathModule(name)).loop };
  }
}
const names = Object.keys(paths);
for (const name of names) await paths[name].loop(paths[name].call, CALLS); // warm-up: every path reaches its top tier

const perRound = Object.fromEntries(names.map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  // Rotate the order so that no path always follows the same neighbour.
  const order = names.map((_, i) => names[(i + round) % names.length]);
  for (const name of order) {
    if (flags.gc !== undefined) globalThis.gc?.();
    const start = process.cpuUsage();
    await paths[name].loop(paths[name].call, CALLS);
    perRound[name].push(cpuNsPerCall(start, CALLS));
  }
}

const [load1] = (await import('node:os')).loadavg();
console.log(`CPU time per call, median of ${ROUNDS} rounds of ${CALLS} awaited calls; load average ${load1.toFixed(1)}`);
for (const name of names) {
  const ratios = perRound[name].map((ns, i) => ns / perRound.baseline[i]);
  console.log(`${name.padEnd(28)} ${median(perRound[name]).toFixed(0).padStart(6)} ns  ${median(ratios).toFixed(2)}x baseline`);
}
