// How many cases each property-based test runs, and with which seed (not a
// test file; used by every suite with "fuzz" in its name and by
// validation-in-execute).
//
// `pnpm test` runs a short pass with one fixed seed: the same cases on every
// machine, so a failure in CI replays anywhere and the suite's time stays
// small. `pnpm fuzz [runs] [seed]` sets FUZZ_RUNS (20,000 by default) with a
// seed of its own per property (fast-check prints it on failure), or FUZZ_SEED
// to replay one.

/** Cases per property: FUZZ_RUNS, else the short pass's 100. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 100);

/** The short pass's seed: any fixed number; this one is the day it was chosen. */
const SHORT_PASS_SEED = 20261205;

const seed =
  process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : process.env.FUZZ_RUNS === undefined ? SHORT_PASS_SEED : undefined;

/** fast-check parameters: `numRuns` cases (FUZZ_RUNS by default) with the run's seed, if it has one. */
export function fuzzParams(numRuns = FUZZ_RUNS): { numRuns: number; seed?: number } {
  return seed === undefined ? { numRuns } : { numRuns, seed };
}
