#!/usr/bin/env node
// `pnpm fuzz [runs] [seed]`: runs every property-based suite (test files with
// "fuzz" in their name, plus validation-in-execute) with FUZZ_RUNS cases per
// property (default 20000) and, when given, FUZZ_SEED to replay a failure.
// Exits with jest's exit code.
'use strict';

const { spawnSync } = require('node:child_process');
const path = require('node:path');

const DEFAULT_RUNS = 20000;
const SUITES = ['fuzz', 'validation-in-execute'];
// Matched against the file name only: a checkout under a directory called
// "fuzz" must not select every suite.
const PATTERNS = SUITES.map((s) => `[\\\\/][^\\\\/]*${s}[^\\\\/]*\\.test\\.ts$`);

function usage(message) {
  console.error(`${message}\nUsage: pnpm fuzz [runs] [seed]   e.g. pnpm fuzz 20000, or pnpm fuzz 1000 -1885210857 to replay a seed`);
  process.exit(2);
}

const [runsArg, seedArg] = process.argv.slice(2);
const runs = runsArg === undefined ? DEFAULT_RUNS : Number(runsArg);
if (!Number.isSafeInteger(runs) || runs < 1) usage(`runs must be a positive integer, got '${runsArg}'.`);
// Without a seed each property draws its own (fast-check prints it on failure);
// one fixed seed makes the whole run reproducible.
const seed = seedArg === undefined ? undefined : Number(seedArg);
if (seed !== undefined && !Number.isSafeInteger(seed)) usage(`seed must be an integer, got '${seedArg}'.`);

const root = path.join(__dirname, '..');
const jest = require.resolve('jest/bin/jest', { paths: [root] });
const env = { ...process.env, FUZZ_RUNS: String(runs) };
if (seed === undefined) delete env.FUZZ_SEED;
else env.FUZZ_SEED = String(seed);

console.log(`fuzz: ${runs} runs per property, seed ${seed === undefined ? 'random per property (printed on failure)' : seed}`);
console.log(`fuzz: suites matching ${SUITES.map((s) => `'${s}'`).join(', ')}`);
const started = Date.now();
const result = spawnSync(process.execPath, [jest, '--ci', '--testTimeout=3600000', ...PATTERNS], {
  cwd: root,
  env,
  stdio: 'inherit',
});
const seconds = ((Date.now() - started) / 1000).toFixed(1);
const code = result.status ?? 1;
console.log(
  `fuzz: ${code === 0 ? 'passed' : 'FAILED'}, ${runs} runs per property, seed ${seed ?? 'random'}, ${seconds} s` +
    (code === 0 ? '' : ' (the failing property printed its seed and counterexample above; replay with pnpm fuzz <runs> <seed>)'),
);
process.exit(code);
