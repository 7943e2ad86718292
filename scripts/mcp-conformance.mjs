#!/usr/bin/env node
// Runs the MCP project's own conformance suite (@modelcontextprotocol/conformance,
// pinned in the root package.json) against `victor-tools serve --http --stateful`
// over the fixture tools in scripts/mcp-conformance/tools, and fails on any
// tools-side scenario that fails. Resources, prompts and completions are
// outside a tools framework: their scenarios are listed, never counted.
//
// Needs `pnpm build` first (it runs the built CLI). The suite needs Node 22
// (it imports fs.globSync): under an older Node this script runs it with the
// npm registry's `node@22` package (`npx -p node@22`), as scripts/consumer-smoke.mjs does.
//
// Options: --scenario NAME (one scenario), --keep (keep the results folder),
// --markdown (print the table as Markdown, for the mcp README).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'packages', 'cli', 'dist', 'bin.js');
const TOOLS = join(ROOT, 'scripts', 'mcp-conformance', 'tools');
/** Scenarios about what a tools framework does not serve. */
const NOT_TOOLS = /^(resources-|prompts-|completion-)/;
/** The whole run, server start included, must end within this. */
const SUITE_TIMEOUT_MS = 5 * 60_000;

const { values: options } = parseArgs({ options: { scenario: { type: 'string' }, keep: { type: 'boolean', default: false }, markdown: { type: 'boolean', default: false } } });

function node22() {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  return execFileSync('npx', ['-y', '-p', 'node@22', 'node', '-p', 'process.execPath'], { cwd: tmpdir(), encoding: 'utf8' }).trim();
}

function suiteEntry() {
  const manifest = createRequire(join(ROOT, 'package.json')).resolve('@modelcontextprotocol/conformance/package.json');
  const { version, bin } = JSON.parse(readFileSync(manifest, 'utf8'));
  return { version, entry: join(dirname(manifest), typeof bin === 'string' ? bin : bin.conformance) };
}

/** Starts the server; resolves to its URL (printed on stderr) and the child. */
function startServer() {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run 'pnpm build' first`);
  const child = spawn(process.execPath, [CLI, 'serve', '--http', '--stateful', '--tools', TOOLS], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk) => {
      stderr += chunk.toString();
      const url = /(http:\/\/\S+)\n/.exec(stderr)?.[1];
      if (url) resolve({ child, url, stderr: () => stderr });
    });
    child.on('exit', (code) => reject(new Error(`the server exited with ${code} before listening:\n${stderr}`)));
  });
}

function runSuite(node, entry, url, outDir) {
  const args = [entry, 'server', '--url', url, '-o', outDir];
  args.push(...(options.scenario ? ['--scenario', options.scenario] : ['--suite', 'all']));
  return new Promise((resolve) => {
    const child = spawn(node, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk.toString()));
    child.stderr.on('data', (chunk) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), SUITE_TIMEOUT_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** The server scenarios the suite has (`conformance list --server`): each must leave results. */
function listScenarios(node, entry) {
  const listed = execFileSync(node, [entry, 'list', '--server'], { encoding: 'utf8' });
  return [...listed.matchAll(/^\s+- (\S+)/gm)].map((match) => match[1]);
}

/** scenario -> its checks, from the suite's `server-<scenario>-<timestamp>/checks.json` folders. */
function readResults(outDir) {
  const results = new Map();
  for (const folder of readdirSync(outDir)) {
    const scenario = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(folder)?.[1];
    const file = join(outDir, folder, 'checks.json');
    if (scenario && existsSync(file)) results.set(scenario, JSON.parse(readFileSync(file, 'utf8')));
  }
  return results;
}

function summarize(checks) {
  const count = (status) => checks.filter((c) => c.status === status).length;
  return { passed: count('SUCCESS'), failed: count('FAILURE'), warnings: count('WARNING'), failures: checks.filter((c) => c.status === 'FAILURE') };
}

const { version, entry } = suiteEntry();
const node = node22();
const outDir = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
const server = await startServer();
let exitCode = 1;
try {
  console.log(`MCP conformance suite ${version} (Node ${execFileSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim()}) against victor-tools serve --http --stateful at ${server.url}`);
  const started = Date.now();
  const run = await runSuite(node, entry, server.url, outDir);
  const results = readResults(outDir);
  if (results.size === 0) throw new Error(`the suite wrote no results (exit ${run.code}):\n${run.output}`);
  // A scenario that crashed the suite leaves no results: it fails, it is not skipped.
  for (const scenario of options.scenario ? [options.scenario] : listScenarios(node, entry)) {
    if (!results.has(scenario)) results.set(scenario, [{ name: scenario, status: 'FAILURE', errorMessage: `no results: the suite did not finish this scenario (exit ${run.code})` }]);
  }

  const rows = [...results].sort(([a], [b]) => a.localeCompare(b)).map(([scenario, checks]) => ({ scenario, tools: !NOT_TOOLS.test(scenario), ...summarize(checks) }));
  const toolFailures = rows.filter((row) => row.tools && row.failed > 0);
  const verdict = (row) => (row.failed === 0 ? (row.warnings > 0 ? 'pass (warnings)' : 'pass') : row.tools ? 'FAIL' : 'fail (not a tools feature)');
  if (options.markdown) {
    console.log('\n| scenario | checks passed | failed | warnings | result |\n|---|---|---|---|---|');
    for (const row of rows) console.log(`| \`${row.scenario}\` | ${row.passed} | ${row.failed} | ${row.warnings} | ${verdict(row)} |`);
  } else {
    for (const row of rows) console.log(`${verdict(row).padEnd(28)} ${row.scenario}: ${row.passed} passed, ${row.failed} failed, ${row.warnings} warnings`);
  }
  for (const row of toolFailures) {
    for (const check of row.failures) console.log(`  ${row.scenario} / ${check.name}: ${check.errorMessage ?? check.description}`);
  }
  const toolRows = rows.filter((row) => row.tools);
  const passed = toolRows.filter((row) => row.failed === 0).length;
  console.log(`\ntools-side scenarios: ${passed} passed, ${toolRows.length - passed} failed`);
  console.log(`other scenarios (resources, prompts, completions): ${rows.length - toolRows.length} run, not counted; ${((Date.now() - started) / 1000).toFixed(1)} s`);
  exitCode = toolFailures.length === 0 ? 0 : 1;
} catch (error) {
  console.error(`mcp-conformance: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  if (options.keep) console.log(`results kept in ${outDir}`);
  else rmSync(outDir, { recursive: true, force: true });
}
process.exit(exitCode);
