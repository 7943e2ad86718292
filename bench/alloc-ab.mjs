// Bytes allocated per call of bench case 1, per build of core: heapUsed
// growth over calls made with a young generation large enough that no GC
// runs in between (medians of 5 rounds). Includes the harness's own await
// (the `baseline` row shows what an awaited call of a plain async function costs).
//   node --expose-gc --min-semi-space-size=128 --max-semi-space-size=128 alloc-ab.mjs [label=/path/to/core/dist/index.js ...]
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import Ajv from 'ajv';
import { SEARCH_CODE_SCHEMA, searchCode } from './lib/fixture.mjs';

const require = createRequire(import.meta.url);
const builds = process.argv.slice(2).map((a) => a.split('='));
if (builds.length === 0) builds.push(['workspace', resolve(import.meta.dirname, '../packages/core/dist/index.js')]);
const CALLS = 20_000;
const pathModule = (key) => import(`./lib/ab-path.mjs?${encodeURIComponent(key)}`);

const validate = new Ajv({ allErrors: true }).compile(SEARCH_CODE_SCHEMA);
const paths = {
  baseline: {
    call: async (args) => (validate(args) ? { success: true, output: searchCode(args) } : { success: false, errors: validate.errors }),
    loop: (await pathModule('baseline')).loop,
  },
};
for (const [label, file] of builds) {
  const { makeVictor, loop } = await pathModule(label);
  paths[label] = { call: makeVictor(require(file), 'hooks'), loop };
}
for (const [name, { call, loop }] of Object.entries(paths)) {
  await loop(call, 50_000); // warm-up
  const sizes = [];
  for (let round = 0; round < 5; round++) {
    globalThis.gc();
    const before = process.memoryUsage().heapUsed;
    await loop(call, CALLS);
    sizes.push((process.memoryUsage().heapUsed - before) / CALLS);
  }
  sizes.sort((a, b) => a - b);
  console.log(`${name.padEnd(20)} ${sizes[2].toFixed(0)} bytes per call`);
}
