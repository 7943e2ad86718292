// Every package loads with `import`, with the same named exports as `require`
// and the very same objects (one copy of the code for both).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
for (const name of JSON.parse(process.argv[2])) {
  const esm = await import(name);
  const cjs = require(name);
  const names = Object.keys(esm).filter((k) => k !== 'default').sort();
  assert.ok(names.length > 0, `${name}: no named exports`);
  assert.deepEqual(names, Object.keys(cjs).sort(), `${name}: import and require export different names`);
  for (const key of names) assert.equal(esm[key], cjs[key], `${name}: ${key} differs between import and require`);
}
const core = await import('@victor-tools/core');
assert.equal(core.estimateTokens('hello world'), 4);
console.log('esm ok');
