// Thin layer over mitata's `measure`: one place that fixes the sampling budget
// and turns its statistics into the median this suite reports.
import { measure, do_not_optimize } from 'mitata';

export { do_not_optimize };

/** CPU time each benchmark samples for; the whole suite has to fit in 3 minutes on 2 cores. */
const MIN_CPU_TIME_NS = 700e6;
const WARMUP_CPU_TIME_NS = 150e6;

/**
 * Median time of `fn` in nanoseconds (mitata's p50 over its samples; tiny
 * functions are batched by mitata so the timer's own cost does not count).
 */
export async function median(fn, options = {}) {
  const stats = await measure(fn, { min_cpu_time: MIN_CPU_TIME_NS, ...options });
  return { median: stats.p50, samples: stats.samples.length, p75: stats.p75 };
}

/**
 * Median of `run(state)` where `setup()` builds a fresh state before every
 * sample, outside the timed region. Batching is off so that each timed call
 * really sees the state its own setup made (a cold cache, an empty registry).
 */
export async function medianWithSetup(setup, run, options = {}) {
  const stats = await measure(
    function* () {
      yield { [0]: setup, bench: run };
    },
    { min_cpu_time: MIN_CPU_TIME_NS, batch_threshold: 0, ...options },
  );
  return { median: stats.p50, samples: stats.samples.length, p75: stats.p75 };
}

export { formatNs, formatRatio } from './format.mjs';

const medianOf = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Medians of several functions measured in alternating rounds, with each
 * one's ratio to `baseline` taken within a round and then the median of those.
 * On a shared 2-core machine the load drifts within seconds; alternating keeps
 * a ratio from comparing a quiet moment with a busy one.
 */
export async function interleaved(fns, { baseline, rounds = 5, min_cpu_time = 200e6 } = {}) {
  const perRound = Object.fromEntries(Object.keys(fns).map((name) => [name, []]));
  // An untimed first pass lets the JIT reach its top tier for every function.
  for (const fn of Object.values(fns)) await measure(fn, { min_cpu_time: WARMUP_CPU_TIME_NS });
  for (let round = 0; round < rounds; round++) {
    for (const [name, fn] of Object.entries(fns)) {
      perRound[name].push((await measure(fn, { min_cpu_time })).p50);
    }
  }
  const results = {};
  for (const [name, medians] of Object.entries(perRound)) {
    const ratios = medians.map((m, i) => m / perRound[baseline][i]);
    results[name] = { median: medianOf(medians), ratio: medianOf(ratios), rounds: medians };
  }
  return results;
}
