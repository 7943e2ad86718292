// cpu-ab.mjs for one build per process, the builds' processes alternating
// (A B C A B C ...): a build measured alone is not slowed by another build's
// code beside it, which in one process moved a path by up to 4% depending
// on which was loaded first. Prints each build's median ratio to the
// baseline over the processes, and the median CPU time per call.
//   node cpu-ab-processes.mjs label=/path/to/core/dist/index.js ... [--runs=8] [--rounds=9] [--calls=30000] [--gc]
import { execFileSync } from 'node:child_process';
import os from 'node:os';

const args = process.argv.slice(2);
const builds = args.filter((a) => !a.startsWith('--'));
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const runs = Number(option('runs', 8));
const passOn = [`--rounds=${option('rounds', 9)}`, `--calls=${option('calls', 30000)}`, ...(args.includes('--gc') ? ['--gc'] : [])];
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

const ratios = Object.fromEntries(builds.map((b) => [b.split('=')[0], []]));
const times = Object.fromEntries(builds.map((b) => [b.split('=')[0], []]));
const loads = [];
for (let run = 0; run < runs; run++) {
  for (const build of builds) {
    const label = build.split('=')[0];
    const out = execFileSync(process.execPath, ['--expose-gc', 'cpu-ab.mjs', build, ...passOn], { cwd: import.meta.dirname, encoding: 'utf8' });
    const line = out.split('\n').find((l) => l.startsWith(label));
    const [, ns, ratio] = line.match(/(\d+) ns\s+([\d.]+)x/);
    times[label].push(Number(ns));
    ratios[label].push(Number(ratio));
    loads.push(os.loadavg()[0]);
  }
}
console.log(`${runs} processes per build, alternating; load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`);
for (const label of Object.keys(ratios)) {
  console.log(`${label.padEnd(24)} ${String(median(times[label])).padStart(6)} ns  ${median(ratios[label]).toFixed(2)}x baseline  (ratios ${[...ratios[label]].sort((a, b) => a - b).map((r) => r.toFixed(2)).join(' ')})`);
}
