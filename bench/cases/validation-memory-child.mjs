// Run by cases/validation.mjs as `node --expose-gc`: the heap a process keeps
// after COUNT tools, each with a schema of its own, were registered, called
// once and unregistered (a process that builds tools from ever-new schemas).
// Prints one JSON line: the heap growth after every STEP schemas.
const COUNT = Number(process.argv[2] ?? 50000);
const STEP = Number(process.argv[3] ?? 10000);
const core = await import(process.argv[4] ?? '@victor-tools/core');

function settledHeap() {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
}

const silent = { debug() {}, info() {}, warn() {}, error() {} };

class SchemaTool extends core.BaseTool {
  constructor(index) {
    super();
    this.index = index;
    this.schema = {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, description: `Text to look for, variant ${index}.` },
        path: { type: 'string' },
        [`limit${index}`]: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
      },
      required: ['query', 'path'],
      additionalProperties: false,
    };
  }
  get name() {
    return `tool_${this.index}`;
  }
  get description() {
    return 'A tool with a schema of its own.';
  }
  get parameters() {
    return this.schema;
  }
  async execute(_ctx, args) {
    return core.ToolResult.ok(args.query);
  }
}

const registry = new core.ToolRegistry({ logger: silent });
// Warm the paths once, so compiled code and lazily made module state do not count.
for (let i = -10; i < 0; i++) {
  registry.register(new SchemaTool(i));
  await registry.execute(`tool_${i}`, { query: 'q', path: 'p' });
  registry.unregister(`tool_${i}`);
}
const start = settledHeap();
const started = process.hrtime.bigint();
const growth = [];
for (let i = 0; i < COUNT; i++) {
  registry.register(new SchemaTool(i));
  const result = await registry.execute(`tool_${i}`, { query: 'q', path: 'p' });
  if (!result.success) throw new Error(`call ${i} failed: ${result.error}`);
  registry.unregister(`tool_${i}`);
  if ((i + 1) % STEP === 0) growth.push({ schemas: i + 1, bytes: settledHeap() - start });
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
process.stdout.write(`${JSON.stringify({ growth, seconds })}\n`);
