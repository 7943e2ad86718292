#!/usr/bin/env node
// Every package's build: `node ../../scripts/build-package.mjs [--bundle NAME]...`,
// run from the package's directory. It empties dist/, runs
// `tsc -p tsconfig.build.json` (src/ to a CommonJS dist/ with .d.ts
// declarations), then, for each entry point, writes the files below.
//
// The entry points are the keys of package.json "exports": "." is src/index.ts,
// "./name" is src/name.ts. For each one:
//
// - dist/<name>.mjs, an ES module that re-exports the CommonJS dist/<name>.js.
//   One copy of the code serves `import` and `require`, so classes, enum
//   instances and singletons are never duplicated between the two (the
//   "dual package hazard" of shipping two builds). Node's documentation
//   recommends this wrapper.
// - dist/**/*.d.mts, the declarations again as ES module declarations, with
//   relative imports pointing at .mjs. TypeScript reads a .d.ts next to a
//   CommonJS file as CommonJS, also under `import`: its own imports of other
//   packages then resolve to their CommonJS types (TypeBox's, for one) while
//   the user's code gets their ESM types, and types that should be the same
//   no longer are. The .d.mts tree resolves everything as ESM.
//
// It checks that every "exports" entry has the one shape this layout needs,
// and fails with the expected JSON when it does not. `--bundle NAME` inlines
// the dependencies of dist/NAME.js into it with esbuild (for an entry that
// wraps part of a large package, such as core's tokenizer: only what it uses
// ships, and the large package stays a devDependency). Every `bin` is made
// executable.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const packageDir = process.cwd();
const dist = join(packageDir, 'dist');
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));

/** The "exports" entry an entry point named `name` must have. */
function expectedExport(name) {
  return {
    import: { types: `./dist/${name}.d.mts`, default: `./dist/${name}.mjs` },
    require: { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` },
  };
}

/** Entry names from the "exports" keys: "." is index, "./x" is x. */
function entryNames(exportsMap) {
  return Object.keys(exportsMap)
    .filter((key) => key !== './package.json')
    .map((key) => (key === '.' ? 'index' : key.slice(2)));
}

function fail(message) {
  console.error(`build-package (${manifest.name}): ${message}`);
  process.exit(1);
}

function checkManifest() {
  const exportsMap = manifest.exports ?? {};
  if (!exportsMap['.']) fail('package.json has no "exports" entry for "."');
  for (const name of entryNames(exportsMap)) {
    const key = name === 'index' ? '.' : `./${name}`;
    const want = expectedExport(name);
    if (JSON.stringify(exportsMap[key]) !== JSON.stringify(want)) {
      fail(`"exports"["${key}"] must be ${JSON.stringify(want, null, 2)}`);
    }
    if (!existsSync(join(dist, `${name}.js`)) || !existsSync(join(dist, `${name}.d.ts`))) {
      fail(`dist/${name}.js or dist/${name}.d.ts is missing: is there a src/${name}.ts?`);
    }
  }
  // TypeScript's `moduleResolution: node10` ignores "exports": it finds a subpath's types through "typesVersions".
  const subpaths = entryNames(exportsMap).filter((name) => name !== 'index');
  const wantVersions = subpaths.length ? { '*': Object.fromEntries(subpaths.map((name) => [name, [`./dist/${name}.d.ts`]])) } : undefined;
  if (JSON.stringify(manifest.typesVersions) !== JSON.stringify(wantVersions)) {
    fail(wantVersions ? `"typesVersions" must be ${JSON.stringify(wantVersions, null, 2)}` : '"typesVersions" must be left out: the package has no subpath entry');
  }
  if (manifest.exports['./package.json'] !== './package.json') fail('"exports" must map "./package.json" to itself');
  if (manifest.main !== './dist/index.js' || manifest.types !== './dist/index.d.ts') {
    fail('"main" must be "./dist/index.js" and "types" "./dist/index.d.ts" (for resolvers that ignore "exports")');
  }
}

function writeEsmWrapper(name) {
  const require = createRequire(join(dist, 'index.js'));
  const cjs = require(join(dist, `${name}.js`));
  const names = Object.keys(cjs).filter((n) => n !== 'default' && n !== '__esModule' && /^[A-Za-z_$][\w$]*$/.test(n));
  const body = [
    `import mod from './${name}.js';`,
    names.length ? `export const { ${names.join(', ')} } = mod;` : '',
    'export default mod;',
    '',
  ].join('\n');
  writeFileSync(join(dist, `${name}.mjs`), body);
}

function* declarationFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* declarationFiles(path);
    else if (entry.name.endsWith('.d.ts')) yield path;
  }
}

// Relative specifiers in `from '...'`, `import('...')` and `import '...'`.
const SPECIFIER = /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*|\.{1,2})\2/g;

/** `./x`, `./x.js` or `./dir` as the .mjs path ESM resolution needs. */
function toMjs(fromFile, specifier) {
  const base = resolve(dirname(fromFile), specifier.replace(/\.js$/, ''));
  const asFile = existsSync(`${base}.d.ts`);
  const asDir = existsSync(join(base, 'index.d.ts'));
  if (!asFile && !asDir) fail(`${relative(packageDir, fromFile)} imports '${specifier}', which has no declaration`);
  let target = relative(dirname(fromFile), asFile ? `${base}.mjs` : join(base, 'index.mjs')).split('\\').join('/');
  if (!target.startsWith('.')) target = `./${target}`;
  return target;
}

function writeEsmDeclarations() {
  for (const file of declarationFiles(dist)) {
    const text = readFileSync(file, 'utf8').replace(SPECIFIER, (_m, lead, quote, spec) => `${lead}${quote}${toMjs(file, spec)}${quote}`);
    writeFileSync(file.replace(/\.d\.ts$/, '.d.mts'), text);
  }
}

function compile() {
  rmSync(dist, { recursive: true, force: true });
  const tsc = createRequire(join(packageDir, 'package.json')).resolve('typescript/bin/tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--sourceMap', 'false'], { cwd: packageDir, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

async function bundle(name) {
  const { build } = await import('esbuild');
  const file = join(dist, `${name}.js`);
  const options = {
    entryPoints: [file],
    bundle: true,
    format: 'cjs',
    platform: 'neutral',
    mainFields: ['main', 'module'],
    target: 'es2022',
    minify: true,
    // Short lines, not one 2 MB line: publint tells CommonJS from ESM by
    // regular expressions that drop everything after a `//` on a line, and
    // the tokenizer's vocabulary has both `//` and `import"` in its strings.
    lineLimit: 200,
    logLevel: 'warning',
  };
  // A first pass finds the packages inlined; the second writes them with
  // their licence texts on top, as their (MIT-style) licences ask of a copy.
  const { metafile } = await build({ ...options, write: false, metafile: true });
  const banner = licenceBanner(Object.keys(metafile.inputs));
  await build({ ...options, outfile: file, allowOverwrite: true, banner: { js: banner } });
}

function licenceBanner(inputs) {
  const roots = new Set();
  for (const input of inputs) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input.split('\\').join('/'));
    if (match) roots.add(resolve(packageDir, match[1]));
  }
  const notices = [...roots].sort().map((root) => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const licenceFile = readdirSync(root).find((f) => /^licen[cs]e/i.test(f));
    const text = licenceFile ? readFileSync(join(root, licenceFile), 'utf8').trim() : `License: ${pkg.license}`;
    return `${pkg.name} ${pkg.version}\n\n${text}`;
  });
  return `/*!\n * This file bundles:\n *\n${notices.join('\n\n').replace(/\*\//g, '* /').split('\n').map((l) => ` * ${l}`.trimEnd()).join('\n')}\n */`;
}

function makeBinsExecutable() {
  const bins = typeof manifest.bin === 'string' ? [manifest.bin] : Object.values(manifest.bin ?? {});
  for (const bin of bins) chmodSync(join(packageDir, bin), 0o755);
}

const { values: options } = parseArgs({ options: { bundle: { type: 'string', multiple: true, default: [] } } });
const started = Date.now();
compile();
checkManifest();
for (const name of options.bundle) await bundle(name);
for (const name of entryNames(manifest.exports)) writeEsmWrapper(name);
writeEsmDeclarations();
makeBinsExecutable();
// The root `pnpm build` runs pnpm silently: this line is what tells the packages apart.
const entries = entryNames(manifest.exports).map((name) => (name === 'index' ? '.' : `./${name}`));
console.log(`${manifest.name}: built dist/ (${entries.join(', ')}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
