#!/usr/bin/env node
// `pnpm run smoke`: the packages as a user installs them, checked from outside
// the repository. Run after `pnpm build`; CI runs it after `pnpm test`.
//
// 1. attw (--profile node16) and publint (strict, suggestions included) on the
//    tarball of every non-private packages/*: both must report nothing.
// 2. The tarballs installed with plain npm into a fresh `"type": "module"`
//    project in the system's temp folder.
// 3. `import` and `require` of every package; the README tour (scripts/consumer/tour.ts)
//    compiled by strict TypeScript as ESM and CommonJS under node16 resolution,
//    under bundler and node10 resolution, each with stage-3 and with legacy
//    decorators, and the ESM and CommonJS builds run.
// 4. esbuild: the tour bundled as ESM for Node and run; core, metadata and
//    providers bundled for the browser and run in a context without Node's
//    globals; the minified bundle of `import { ToolRegistry }` within 300 KB.
// 5. The adapters run with their frameworks' own test models (scripts/consumer/adapters.mjs;
//    npm installs the frameworks as the adapters' peers), and all the runnable
//    checks again on Node 22 and 24 (`npx -p node@N`).
//
// Options: --node 20,22,24 (the versions; the running one counts as its major),
// --keep (leave the temp folder and print its path).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, npmInstall, packAll, publicPackages } from './lib/packages.mjs';

const REGISTRY_BUNDLE_GOAL = 300 * 1024;
const FIXTURES = join(ROOT, 'scripts', 'consumer');
const require = createRequire(import.meta.url);

const { values: options } = parseArgs({ options: { node: { type: 'string', default: '20,22,24' }, keep: { type: 'boolean', default: false } } });

const results = [];

/** Runs one check; a failure is recorded with its output and the run goes on. */
async function check(name, body) {
  const started = Date.now();
  try {
    const note = await body();
    results.push({ name, ok: true });
    console.log(`ok    ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)${note ? `: ${note}` : ''}`);
  } catch (error) {
    results.push({ name, ok: false });
    const detail = [error.message, error.stdout, error.stderr].filter(Boolean).join('\n').trim();
    console.log(`FAIL  ${name}\n${detail.replace(/^/gm, '      ')}`);
  }
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) {
    const error = new Error(`${[command, ...args].join(' ')} exited with ${result.status ?? result.signal}`);
    Object.assign(error, { stdout: result.stdout, stderr: result.stderr });
    throw error;
  }
  return result.stdout;
}

const packages = publicPackages();
const names = packages.map((p) => p.name);
const work = mkdtempSync(join(tmpdir(), 'victor-consumer-'));
const consumer = join(work, 'consumer');
console.log(`consumer smoke of ${names.join(', ')} in ${work}`);

let tarballs = {};
await check('pnpm pack every package', () => {
  tarballs = packAll(work, packages);
});

// --- 1. attw and publint
const attw = join(ROOT, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
for (const pkg of packages) {
  // node16: TypeScript's `moduleResolution: node10` ignores "exports", so it
  // cannot see subpaths such as ./tokenizer; the root entry keeps "main" and
  // "types" for it, which the node10 consumer below compiles against.
  await check(`attw ${pkg.name}`, () => {
    run(process.execPath, [attw, tarballs[pkg.name], '--profile', 'node16', '--format', 'ascii'], work);
  });
  await check(`publint ${pkg.name}`, async () => {
    const { publint } = await import('publint');
    const { formatMessage } = await import('publint/utils');
    const tarball = readFileSync(tarballs[pkg.name]);
    const { messages, pkg: manifest } = await publint({ pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.length) }, strict: true });
    if (messages.length) throw new Error(messages.map((m) => `${m.type}: ${formatMessage(m, manifest)}`).join('\n'));
  });
}

// --- 2. install outside the repository
await check('npm install the tarballs into a fresh project', () => {
  execFileSync('mkdir', ['-p', consumer]);
  const dependencies = { ...Object.fromEntries(names.map((n) => [n, `file:${tarballs[n]}`])), '@sinclair/typebox': '^0.34.0', zod: '^4.2.0', '@types/node': '^20.19.0' };
  npmInstall(consumer, dependencies, { type: 'module' });
  for (const file of ['esm.mjs', 'cjs.cjs', 'browser.mjs', 'node-bundle.mjs', 'registry-only.mjs', 'adapters.mjs']) copyFileSync(join(FIXTURES, file), join(consumer, file));
  for (const ext of ['mts', 'cts', 'ts']) copyFileSync(join(FIXTURES, 'tour.ts'), join(consumer, `tour.${ext}`));
});

// --- 3. TypeScript consumers
const tsc = require.resolve('typescript/bin/tsc');
const DECORATORS = { stage3: {}, legacy: { experimentalDecorators: true, emitDecoratorMetadata: true } };
const RESOLUTIONS = {
  node16: { files: ['tour.mts', 'tour.cts'], compilerOptions: { module: 'node16', moduleResolution: 'node16' } },
  // These two check resolution and inference; node16 above also checks every declaration file (skipLibCheck off).
  bundler: { files: ['tour.ts'], compilerOptions: { module: 'esnext', moduleResolution: 'bundler', noEmit: true, skipLibCheck: true } },
  node10: { files: ['tour.ts'], compilerOptions: { module: 'commonjs', moduleResolution: 'node10', esModuleInterop: true, noEmit: true, skipLibCheck: true } },
};
for (const [resolution, config] of Object.entries(RESOLUTIONS)) {
  for (const [mode, decoratorOptions] of Object.entries(DECORATORS)) {
    await check(`tsc: the README tour, moduleResolution ${resolution}, ${mode} decorators`, () => {
      const tsconfig = `tsconfig.${resolution}.${mode}.json`;
      const compilerOptions = {
        target: 'es2022',
        strict: true,
        types: ['node'],
        outDir: `out/${resolution}-${mode}`,
        ...config.compilerOptions,
        ...decoratorOptions,
      };
      writeFileSync(join(consumer, tsconfig), JSON.stringify({ compilerOptions, files: config.files }, null, 2));
      run(process.execPath, [tsc, '-p', tsconfig], consumer);
    });
  }
}

// --- 4. bundles
const esbuild = await import('esbuild');
await check('esbuild: the README tour as an ESM bundle for Node', async () => {
  await esbuild.build({ entryPoints: [join(consumer, 'node-bundle.mjs')], outfile: join(consumer, 'bundle/tour.mjs'), bundle: true, platform: 'node', format: 'esm', logLevel: 'warning' });
});
await check('esbuild: core, metadata and providers for the browser, run without Node globals', async () => {
  await esbuild.build({ entryPoints: [join(consumer, 'browser.mjs')], outfile: join(consumer, 'bundle/browser.js'), bundle: true, platform: 'browser', format: 'iife', globalName: 'smoke', logLevel: 'error' });
  const vm = await import('node:vm');
  // What a browser or an edge runtime offers: no process, require, Buffer or
  // setImmediate, and timers that are numbers (no ref/unref). An error thrown
  // by a timer callback fails the check instead of the whole script.
  const timers = new Map();
  let lastTimer = 0;
  let timerError;
  const browserTimers = {
    setTimeout: (fn, ms, ...args) => {
      const id = ++lastTimer;
      timers.set(id, setTimeout(() => { timers.delete(id); try { fn(...args); } catch (error) { timerError ??= error; } }, ms));
      return id;
    },
    clearTimeout: (id) => { clearTimeout(timers.get(id)); timers.delete(id); },
  };
  const context = vm.createContext({ console, ...browserTimers, queueMicrotask, structuredClone, TextEncoder, TextDecoder, AbortController, AbortSignal, URL, Event, EventTarget, performance });
  vm.runInContext(readFileSync(join(consumer, 'bundle/browser.js'), 'utf8'), context);
  const answer = await vm.runInContext('smoke.run()', context);
  await new Promise((done) => setTimeout(done, 50));
  for (const timer of timers.values()) clearTimeout(timer);
  if (timerError) throw timerError;
  return answer;
});
await check(`esbuild: minified ESM bundle of \`import { ToolRegistry }\` within ${REGISTRY_BUNDLE_GOAL / 1024} KB`, async () => {
  const outfile = join(consumer, 'bundle/registry-only.mjs');
  await esbuild.build({ entryPoints: [join(consumer, 'registry-only.mjs')], outfile, bundle: true, minify: true, platform: 'browser', format: 'esm', logLevel: 'error' });
  const size = statSync(outfile).size;
  if (size > REGISTRY_BUNDLE_GOAL) throw new Error(`${(size / 1024).toFixed(0)} KB`);
  return `${(size / 1024).toFixed(0)} KB`;
});

// --- 5. run on every Node version
const RUNNABLE = [
  ['esm.mjs', JSON.stringify(names)],
  ['cjs.cjs', JSON.stringify(names)],
  ['out/node16-stage3/tour.mjs'],
  ['out/node16-stage3/tour.cjs'],
  ['out/node16-legacy/tour.mjs'],
  ['out/node16-legacy/tour.cjs'],
  ['bundle/tour.mjs'],
  ['adapters.mjs'],
];
const current = process.versions.node.split('.')[0];
for (const version of options.node.split(',').map((v) => v.trim())) {
  let node = process.execPath;
  if (version !== current) {
    try {
      node = run('npx', ['-y', '-p', `node@${version}`, 'node', '-p', 'process.execPath'], work).trim();
    } catch (error) {
      await check(`Node ${version}: install with npx -p node@${version}`, () => {
        throw error;
      });
      continue;
    }
  }
  const shown = run(node, ['--version'], work).trim();
  for (const [file, ...args] of RUNNABLE) {
    await check(`node ${shown}: ${file}`, () => {
      run(node, [file, ...args], consumer);
    });
  }
}

const failed = results.filter((r) => !r.ok).length;
if (options.keep) console.log(`kept ${work}`);
else rmSync(work, { recursive: true, force: true });
console.log(`\nsmoke: ${results.length - failed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
