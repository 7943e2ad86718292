#!/usr/bin/env node
// Fails when the sources of any package import each other in a cycle. Type-only
// imports count: a cycle of types still makes modules that cannot be read or
// moved one at a time. madge walks each package's src/ (relative imports; an
// import of another package is not followed, and the packages' own layering is
// SPEC section 0's table). `pnpm test` runs it; `pnpm run cycles` alone.
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import madge from 'madge';

const root = join(import.meta.dirname, '..');
const packages = readdirSync(join(root, 'packages')).filter((name) => existsSync(join(root, 'packages', name, 'src')));

let cycles = 0;
for (const name of packages) {
  const src = join(root, 'packages', name, 'src');
  const graph = await madge(src, {
    fileExtensions: ['ts'],
    // Only this package's sources: another package's build is not this package's cycle.
    excludeRegExp: [/node_modules/, /(^|\/)dist\//, /^\.\.\//],
    detectiveOptions: { ts: { skipTypeImports: false }, es6: { skipTypeImports: false } },
  });
  const found = graph.circular();
  for (const cycle of found) console.error(`packages/${name}/src: ${[...cycle, cycle[0]].join(' > ')}`);
  cycles += found.length;
}
if (cycles > 0) {
  console.error(`\n${cycles} import cycle(s). Move what both sides need into a module of its own that imports neither.`);
  process.exit(1);
}
console.log(`No import cycles in ${packages.length} packages (type-only imports included).`);
