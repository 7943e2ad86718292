// Case 6: what a user installs and loads. Every package is packed with
// `pnpm pack` and installed with plain npm into a temp folder outside the
// repository (so this case needs the npm registry for the third-party
// dependencies); sizes are the files' bytes on disk (apparent size), load
// times the median of child processes.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_INSTALL_BUDGET, directoryBytes, installAlone, npmInstall, packAll, publicPackages } from '../../scripts/lib/packages.mjs';

const MB = 1024 * 1024;
const RUNS = 5;
const CORE_GOAL = 8 * MB;
const BUNDLE_GOAL = 300 * 1024;

// What each package's figure holds beyond the package and its own dependencies.
const ALONE_NOTES = {
  '@victor-tools/ai-sdk': 'with `ai` (its peer, which npm installs) and zod',
  '@victor-tools/langchain': 'with @langchain/core (its peer, which npm installs)',
  '@victor-tools/openai-agents': '@openai/agents (its peer, which npm installs) and the openai client',
  '@victor-tools/mcp': 'most of it the MCP SDK and its HTTP stack',
  '@victor-tools/cli': 'without its optional peers (@victor-tools/queue for `worker` and `serve --redis`, tsx for .ts tool files)',
  '@victor-tools/queue': 'BullMQ with ioredis, luxon, msgpackr',
  '@victor-tools/semantic': 'the word vectors ship inside it',
};

const mb = (bytes) => `${(bytes / MB).toFixed(1)} MB`;
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
const medianOf = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** Median wall time of `script` in a fresh Node process, in ms (the script prints its own figure). */
function childMs(cwd, script) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(Number(execFileSync(process.execPath, ['-e', script], { cwd, encoding: 'utf8' }).trim()));
  return medianOf(runs);
}

const timed = (body) => `const t = process.hrtime.bigint(); ${body}; console.log(Number(process.hrtime.bigint() - t) / 1e6);`;

function install(work, name, tarballs, names) {
  const dir = join(work, name);
  mkdirSync(dir);
  npmInstall(dir, Object.fromEntries(names.map((n) => [n, `file:${tarballs[n]}`])));
  return dir;
}

export async function runPackageSizeCase(_victor, report) {
  const work = mkdtempSync(join(tmpdir(), 'victor-size-'));
  try {
    const tarballs = packAll(work);
    const core = install(work, 'core', tarballs, ['@victor-tools/core']);
    const coreBytes = directoryBytes(join(core, 'node_modules'));
    report.row({ case: '6', name: '@victor-tools/core installed, with its dependencies', value: mb(coreBytes), goal: '<= 8 MB', met: coreBytes <= CORE_GOAL, note: 'ajv and ajv-formats; the o200k tokenizer ships inside core' });
    const three = install(work, 'three', tarballs, ['@victor-tools/core', '@victor-tools/metadata', '@victor-tools/decorators']);
    report.row({ case: '6', name: 'core + metadata + decorators installed', value: mb(directoryBytes(join(three, 'node_modules'))), note: 'class-validator, class-transformer and TypeBox are optional peers: not installed' });
    const withBridge = join(work, 'three-class-validator');
    mkdirSync(withBridge);
    const bridge = { 'class-validator': '^0.15.1', 'class-transformer': '^0.5.1', 'class-validator-jsonschema': '^5.2.0' };
    npmInstall(withBridge, { ...Object.fromEntries(['@victor-tools/core', '@victor-tools/metadata', '@victor-tools/decorators'].map((n) => [n, `file:${tarballs[n]}`])), ...bridge });
    report.row({ case: '6', name: 'the same with the class-validator bridge installed (@victor-tools/decorators/class-validator)', value: mb(directoryBytes(join(withBridge, 'node_modules'))), note: 'class-validator 5.3 MB, libphonenumber-js 9.9 MB through it' });
    // Each package as a user who installs only it gets it: an adapter brings its framework (a required peer npm installs).
    for (const { name } of publicPackages()) {
      const dir = join(work, `alone-${name.replace('@victor-tools/', '')}`);
      mkdirSync(dir);
      installAlone(dir, name, tarballs);
      const bytes = directoryBytes(join(dir, 'node_modules'));
      const cli = name === '@victor-tools/cli';
      report.row({
        case: '6',
        name: `${name} installed alone, with its dependencies`,
        value: mb(bytes),
        goal: cli ? `<= ${CLI_INSTALL_BUDGET / MB} MB` : undefined,
        met: cli ? bytes <= CLI_INSTALL_BUDGET : undefined,
        note: ALONE_NOTES[name],
      });
    }
    const fullCli = join(work, 'cli-with-optional-peers');
    mkdirSync(fullCli);
    installAlone(fullCli, '@victor-tools/cli', tarballs, { '@victor-tools/queue': '*', tsx: '^4.19.0' });
    report.row({ case: '6', name: '@victor-tools/cli with its optional peers (@victor-tools/queue, tsx)', value: mb(directoryBytes(join(fullCli, 'node_modules'))), note: 'what the CLI installed before they became optional: BullMQ, ioredis, luxon, msgpackr; esbuild' });
    const all = install(work, 'all', tarballs, Object.keys(tarballs));
    report.row({ case: '6', name: 'every package installed (the CLI and its dependencies)', value: mb(directoryBytes(join(all, 'node_modules'))) });

    const { build } = await import('esbuild');
    writeFileSync(join(core, 'entry.mjs'), "import { ToolRegistry } from '@victor-tools/core';\nconsole.log(new ToolRegistry().size);\n");
    const outfile = join(core, 'bundle.mjs');
    await build({ entryPoints: [join(core, 'entry.mjs')], outfile, bundle: true, minify: true, format: 'esm', platform: 'browser', logLevel: 'error' });
    const bundleBytes = statSync(outfile).size;
    report.row({ case: '6', name: 'minified ESM bundle of `import { ToolRegistry }` (esbuild)', value: kb(bundleBytes), goal: '<= 300 KB', met: bundleBytes <= BUNDLE_GOAL, note: 'ajv is about 130 KB of it; the tokenizer is left out' });
    report.row({ case: '6', name: '@victor-tools/core/tokenizer (o200k ranks and BPE)', value: mb(statSync(join(core, 'node_modules/@victor-tools/core/dist/tokenizer.js')).size), note: 'loaded on the first estimateTokens call' });

    report.row({ case: '6', name: "require('@victor-tools/core')", value: `${childMs(core, timed("require('@victor-tools/core')")).toFixed(0)} ms`, note: `median of ${RUNS} processes` });
    report.row({ case: '6', name: 'first estimateTokens() call (loads the tokenizer)', value: `${childMs(core, `const c = require('@victor-tools/core'); ${timed("c.estimateTokens({ a: 'hello world' })")}`).toFixed(0)} ms`, note: `median of ${RUNS} processes` });
    report.row({ case: '6', name: "require('@victor-tools/cli')", value: `${childMs(all, timed("require('@victor-tools/cli')")).toFixed(0)} ms`, note: `median of ${RUNS} processes` });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
