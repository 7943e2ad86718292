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
//    npm installs the frameworks as the adapters' peers, without --legacy-peer-deps:
//    `ai` 7 here), the AI SDK adapter's tool loop, streamText and approval
//    (scripts/consumer/ai-sdk.mjs) with ai 7 and, in a second project, ai 6, and
//    all the runnable checks again on Node 22 and 24 (`npx -p node@N`). On Node
//    20, what needs 22 (ai 7, the OpenAI Agents SDK) is left out, and says so.
// 6. The CLI installed alone, as `npm install @victor-tools/cli` does: within
//    its install budget, without its optional peers, and `worker` saying what
//    to install.
//
// Options: --node 20,22,24 (the versions; the running one counts as its major),
// --keep (leave the temp folder and print its path).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { CLI_INSTALL_BUDGET, ROOT, directoryBytes, installAlone, npmInstall, packAll, publicPackages } from './lib/packages.mjs';

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

function run(command, args, cwd, env = process.env) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env });
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
const consumerAi6 = join(work, 'consumer-ai6');
const consumerCli = join(work, 'consumer-cli');
console.log(`consumer smoke of ${names.join(', ')} in ${work}`);

let tarballs = {};
await check('pnpm pack every package', () => {
  tarballs = packAll(work, packages);
});

// --- 1. attw and publint
const attw = join(ROOT, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
for (const pkg of packages) {
  // Every profile: node10 (which ignores "exports" and reads subpaths' types from "typesVersions"), node16 CJS and ESM, bundler.
  await check(`attw ${pkg.name}`, () => {
    run(process.execPath, [attw, tarballs[pkg.name], '--format', 'ascii'], work);
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
  for (const file of ['esm.mjs', 'cjs.cjs', 'browser.mjs', 'node-bundle.mjs', 'registry-only.mjs', 'adapters.mjs', 'ai-sdk.mjs']) copyFileSync(join(FIXTURES, file), join(consumer, file));
  for (const ext of ['mts', 'cts', 'ts']) copyFileSync(join(FIXTURES, 'tour.ts'), join(consumer, `tour.${ext}`));
});
await check('npm install the AI SDK adapter with ai 6 into a second project', () => {
  execFileSync('mkdir', ['-p', consumerAi6]);
  installAlone(consumerAi6, '@victor-tools/ai-sdk', tarballs, { '@victor-tools/core': '*', ai: '^6.0.0', zod: '^4.2.0' }, { type: 'module' });
  copyFileSync(join(FIXTURES, 'ai-sdk.mjs'), join(consumerAi6, 'ai-sdk.mjs'));
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
// [project, file, which Node majors, ...args]. ai 7 and the OpenAI Agents SDK's
// openai client need Node.js 22: on 20, the import checks leave them out.
const ALL = () => true;
const FROM_22 = (major) => major >= 22;
const ONLY_20 = (major) => major < 22;
const on20 = JSON.stringify(names.filter((n) => n !== '@victor-tools/ai-sdk' && n !== '@victor-tools/openai-agents'));
const RUNNABLE = [
  [consumer, 'esm.mjs', FROM_22, JSON.stringify(names)],
  [consumer, 'cjs.cjs', FROM_22, JSON.stringify(names)],
  [consumer, 'esm.mjs', ONLY_20, on20],
  [consumer, 'cjs.cjs', ONLY_20, on20],
  [consumer, 'out/node16-stage3/tour.mjs', ALL],
  [consumer, 'out/node16-stage3/tour.cjs', ALL],
  [consumer, 'out/node16-legacy/tour.mjs', ALL],
  [consumer, 'out/node16-legacy/tour.cjs', ALL],
  [consumer, 'bundle/tour.mjs', ALL],
  [consumer, 'adapters.mjs', FROM_22],
  [consumer, 'ai-sdk.mjs', FROM_22, '7'],
  [consumerAi6, 'ai-sdk.mjs', ALL, '6'],
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
  const major = Number(shown.slice(1).split('.')[0]);
  for (const [project, file, runsOn, ...args] of RUNNABLE) {
    const name = `node ${shown}: ${relative(work, join(project, file))}${file === 'ai-sdk.mjs' ? ` (ai ${args[0]})` : ''}${runsOn === ONLY_20 ? ' (without ai-sdk and openai-agents, which need 22)' : ''}`;
    if (!runsOn(major)) {
      if (runsOn === FROM_22) console.log(`skip  ${name}: needs Node.js 22`);
      continue;
    }
    await check(name, () => {
      run(node, [file, ...args], project);
    });
  }
}

// --- 6. the CLI alone, as `npm install @victor-tools/cli` installs it
await check(`the CLI installed alone, within its ${CLI_INSTALL_BUDGET / 1024 / 1024} MB budget, without its optional peers`, () => {
  execFileSync('mkdir', ['-p', join(consumerCli, 'tools')]);
  installAlone(consumerCli, '@victor-tools/cli', tarballs);
  const bytes = directoryBytes(join(consumerCli, 'node_modules'));
  if (bytes > CLI_INSTALL_BUDGET) throw new Error(`${(bytes / 1024 / 1024).toFixed(1)} MB installed`);
  const present = ['@victor-tools/queue', 'bullmq', 'ioredis', 'tsx', 'esbuild'].filter((n) => existsSync(join(consumerCli, 'node_modules', n)));
  if (present.length) throw new Error(`installed anyway: ${present.join(', ')}`);
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
});
await check('the lean CLI: list works; worker and .ts tool files say what to install', () => {
  const tools = join(consumerCli, 'tools');
  writeFileSync(join(tools, 'echo.cjs'), "exports.echo = require('@victor-tools/decorators').tool({ name: 'echo', description: 'Echo the text.', parameters: { type: 'object', properties: { text: { type: 'string' } } } }, ({ text }) => text);\n");
  const bin = join(consumerCli, 'node_modules', '.bin', 'victor-tools');
  const listed = JSON.parse(run(bin, ['list', '--json', '--tools', tools], consumerCli));
  if (listed.map((t) => t.name).join() !== 'echo') throw new Error(`listed ${JSON.stringify(listed)}`);
  const worker = spawnSync(bin, ['worker', '--redis', 'redis://127.0.0.1:1', '--tools', tools], { cwd: consumerCli, encoding: 'utf8' });
  if (worker.status !== 1 || !worker.stderr.includes('npm install @victor-tools/queue')) throw new Error(`worker: exit ${worker.status}: ${worker.stderr}`);
  writeFileSync(join(tools, 'greet.ts'), "export const x: number = 1;\n");
  const withTs = spawnSync(bin, ['list', '--tools', tools], { cwd: consumerCli, encoding: 'utf8' });
  if (withTs.status !== 0 || !withTs.stderr.includes('npm install tsx')) throw new Error(`list with a .ts file: exit ${withTs.status}: ${withTs.stderr}`);
  return worker.stderr.trim().split('. ').slice(-1)[0];
});

const failed = results.filter((r) => !r.ok).length;
if (options.keep) console.log(`kept ${work}`);
else rmSync(work, { recursive: true, force: true });
console.log(`\nsmoke: ${results.length - failed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
