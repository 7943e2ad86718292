#!/usr/bin/env node
// Writes dist/index.mjs, an ES module that re-exports the CommonJS build.
// One copy of the code serves both `import` and `require`, so classes,
// enum instances and singletons are never duplicated between the two
// (the "dual package hazard" of shipping two builds). Node's own docs
// recommend this wrapper pattern.
'use strict';
const path = require('node:path');
const fs = require('node:fs');

const dist = path.resolve(process.argv[2] || 'dist');
const entries = process.argv.slice(3).length ? process.argv.slice(3) : ['index'];
for (const entry of entries) {
  const cjs = require(path.join(dist, `${entry}.js`));
  const names = Object.keys(cjs).filter((n) => n !== 'default' && n !== '__esModule' && /^[A-Za-z_$][\w$]*$/.test(n));
  const body = [
    `import mod from './${entry}.js';`,
    names.length ? `export const { ${names.join(', ')} } = mod;` : '',
    'export default mod;',
    '',
  ].join('\n');
  fs.writeFileSync(path.join(dist, `${entry}.mjs`), body);
}
