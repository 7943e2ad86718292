// Case 10: hostile calls beyond validation: the
// EXPLORE sandbox's path check on huge paths, one call each; and, in child
// processes with --expose-gc, the heap kept by finished calls while one call
// hangs, and by the loop detector.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { formatNs } from '../lib/format.mjs';
import { missing } from '../lib/victor.mjs';

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('./hostile-memory-child.mjs', import.meta.url));
const GOAL_SECONDS = 2;

/** Bytes as KB or MB (1 MB = 1024 KB). */
function formatBytes(bytes) {
  if (Math.abs(bytes) < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** The paths: each as a model would send it, and what it cost before the hardening round. */
const PATHS = [
  { name: "'d/'.repeat(64000) (125 KB, inside)", path: () => 'd/'.repeat(64000), before: '45 s' },
  { name: "'d/../'.repeat(32000) + '../outside'", path: () => `${'d/../'.repeat(32000)}../outside`, before: '45 s or more' },
  { name: "'a/'.repeat(131072) (components that do not exist)", path: () => 'a/'.repeat(131072), before: '51 s, then a stack overflow' },
  { name: "'../'.repeat(64000)", path: () => '../'.repeat(64000), before: '' },
];

/** The memory figures: a child-process mode, its goal, and what it was before the hardening round. */
const MEMORY = [
  {
    mode: 'hung',
    name: 'heap kept by 20,000 finished calls while one call hangs (60 s timeout)',
    goal: '<= 8.6 MB',
    goalBytes: 8.6 * 1024 * 1024,
    before: 'before: +86 MB per 20,000 calls (the security audit); the core before that audit kept 17.6 MB with these 1 KB arguments',
  },
  {
    mode: 'loop-values',
    name: 'heap kept by the loop detector after 200 calls with distinct 1 MB progress values',
    goal: '<= 50 MB',
    goalBytes: 50 * 1024 * 1024,
    before: 'before: 200 MB (the values themselves)',
  },
  {
    mode: 'loop-keys',
    name: 'heap kept by the loop detector after 100,000 distinct progress values in one conversation',
    goal: '<= 1 MB',
    goalBytes: 1024 * 1024,
    before: 'at most 1,000 keys per conversation are kept',
  },
  {
    mode: 'loop-scopes',
    name: 'heap kept by the loop detector after 100,000 conversations of one call each',
    goal: '<= 1 MB',
    goalBytes: 1024 * 1024,
    before: 'at most 1,000 conversations are kept',
  },
];

function writeTool(core) {
  return new (class extends core.BaseTool {
    get name() {
      return 'writer';
    }
    get description() {
      return 'A write tool whose path argument the EXPLORE sandbox checks.';
    }
    get parameters() {
      return { type: 'object', properties: { path: { type: 'string' } } };
    }
    get metadata() {
      return { accessMode: 'write' };
    }
    async execute() {
      return core.ToolResult.ok('written');
    }
  })();
}

export async function runHostileCase(victor, report) {
  const absent = missing([['ToolRegistry (@victor-tools/core)', () => typeof victor.core?.ToolRegistry === 'function']]);
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'victor-bench-hostile-')));
  const sandbox = join(root, 'sandbox');
  mkdirSync(join(sandbox, 'd'), { recursive: true });
  try {
    for (const attack of PATHS) {
      const name = `EXPLORE path check, ${attack.name}`;
      if (absent.length) {
        report.skip({ case: '10', name, missing: absent, goal: `< ${GOAL_SECONDS} s` });
        continue;
      }
      await report.guard({ case: '10', name, goal: `< ${GOAL_SECONDS} s` }, async () => {
        const registry = new victor.core.ToolRegistry({ logger: silent });
        registry.register(writeTool(victor.core));
        const ctx = { mode: 'explore', sandbox };
        await registry.execute('writer', { path: 'd/warm' }, ctx); // compile the schema first
        const path = attack.path();
        const started = process.hrtime.bigint();
        const result = await registry.execute('writer', { path }, ctx);
        const ns = Number(process.hrtime.bigint() - started);
        const verdict = result.success ? 'allowed' : `refused (${result.metadata?.policy?.rule ?? result.error.slice(0, 60)})`;
        report.row({
          case: '10',
          name,
          value: formatNs(ns),
          goal: `< ${GOAL_SECONDS} s`,
          met: ns < GOAL_SECONDS * 1e9,
          note: `${verdict}; one call${attack.before ? `; before: ${attack.before}` : ''}`,
        });
      });
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }

  for (const figure of MEMORY) {
    if (absent.length) {
      report.skip({ case: '10', name: figure.name, missing: absent, goal: figure.goal });
      continue;
    }
    await report.guard({ case: '10', name: figure.name, goal: figure.goal }, async () => {
      const { stdout } = await run(process.execPath, ['--expose-gc', CHILD, figure.mode], { cwd: process.cwd(), timeout: 600_000 });
      const { bytes, seconds } = JSON.parse(stdout.trim().split('\n').pop());
      report.row({
        case: '10',
        name: figure.name,
        value: formatBytes(bytes),
        goal: figure.goal,
        met: bytes <= figure.goalBytes,
        note: `${figure.before}; ${seconds.toFixed(1)} s of calls in a child process`,
      });
    });
  }
}
