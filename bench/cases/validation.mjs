// Case 7: what a call with hostile arguments costs (time, and the size of the
// failed result), and the heap kept by the validators of ever-new schemas.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { formatNs } from '../lib/format.mjs';
import { missing } from '../lib/victor.mjs';

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('./validation-memory-child.mjs', import.meta.url));
const SCHEMAS = 50000;
const GOAL_SECONDS = 2;
const GOAL_HEAP_BYTES = 50 * 1024 * 1024;

/** Bytes as KB or MB (1 MB = 1024 KB). */
function formatBytes(bytes) {
  if (Math.abs(bytes) < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** The hostile calls: each a schema and a builder of its arguments (built outside the timing). */
const ATTACKS = [
  {
    name: 'array items typed as a union (anyOf), 64k wrong items (313 KB of JSON)',
    schema: { type: 'object', properties: { items: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } } } },
    args: () => ({ items: new Array(64000).fill(true) }),
  },
  {
    name: '1e6 wrong-typed array items',
    schema: { type: 'object', properties: { list: { type: 'array', items: { type: 'string' } } } },
    args: () => ({ list: new Array(1e6).fill(1) }),
  },
  {
    name: '1e5 unknown keys (additionalProperties: false)',
    schema: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
    args: () => Object.fromEntries(Array.from({ length: 1e5 }, (_, i) => [`key${i}`, 1])),
  },
  {
    name: 'one unknown key of 16 MB',
    schema: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
    args: () => ({ ['k'.repeat(16 * 1024 * 1024)]: 1 }),
  },
];

function makeTool(core, schema) {
  return new (class extends core.BaseTool {
    get name() {
      return 'hostile';
    }
    get description() {
      return 'A tool that hostile arguments are sent to.';
    }
    get parameters() {
      return schema;
    }
    async execute() {
      return core.ToolResult.ok('ran');
    }
  })();
}

export async function runValidationCase(victor, report) {
  const absent = missing([['ToolRegistry (@victor-tools/core)', () => typeof victor.core?.ToolRegistry === 'function']]);
  for (const attack of ATTACKS) {
    const name = `registry.execute, ${attack.name}`;
    if (absent.length) {
      report.skip({ case: '7', name, missing: absent, goal: `< ${GOAL_SECONDS} s` });
      continue;
    }
    await report.guard({ case: '7', name, goal: `< ${GOAL_SECONDS} s` }, async () => {
      const registry = new victor.core.ToolRegistry({ logger: silent });
      registry.register(makeTool(victor.core, attack.schema));
      // Compile the schema first: the compilation is not what is measured.
      await registry.execute('hostile', {});
      const args = attack.args();
      const started = process.hrtime.bigint();
      const result = await registry.execute('hostile', args);
      const ns = Number(process.hrtime.bigint() - started);
      if (result.success !== false) throw new Error('the hostile call succeeded');
      const bytes = Buffer.byteLength(JSON.stringify(result));
      report.row({
        case: '7',
        name,
        value: formatNs(ns),
        goal: `< ${GOAL_SECONDS} s`,
        met: ns < GOAL_SECONDS * 1e9,
        note: `error ${result.error.length} characters, whole result ${formatBytes(bytes)} as JSON; one call`,
      });
    });
  }

  const memoryName = `heap growth after ${SCHEMAS.toLocaleString('en')} distinct schemas (register, call once, unregister)`;
  if (absent.length) {
    report.skip({ case: '7', name: memoryName, missing: absent, goal: '<= 50 MB' });
    return;
  }
  await report.guard({ case: '7', name: memoryName, goal: '<= 50 MB' }, async () => {
    const { stdout } = await run(process.execPath, ['--expose-gc', CHILD, String(SCHEMAS), String(SCHEMAS / 5)], { cwd: process.cwd(), timeout: 900_000 });
    const { growth, seconds } = JSON.parse(stdout.trim().split('\n').pop());
    const last = growth[growth.length - 1].bytes;
    const curve = growth.map((g) => `${g.schemas / 1000}k: ${formatBytes(g.bytes)}`).join(', ');
    report.row({ case: '7', name: memoryName, value: formatBytes(last), goal: '<= 50 MB', met: last <= GOAL_HEAP_BYTES, note: `${curve}; ${seconds.toFixed(0)} s in a child process` });
  });
}
