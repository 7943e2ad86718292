// Run by cases/hostile.mjs as `node --expose-gc hostile-memory-child.mjs MODE`:
// the heap a registry keeps after hostile or careless calls.
// Prints one JSON line: { bytes, calls, seconds }.
//   hung:          20,000 calls finish while one call with a 60 s timeout hangs
//                  (the timer wheel kept them queued behind it: +86 MB)
//   loop-values:   200 calls whose progress value is a distinct 1 MB string
//                  (the loop detector kept the values: 200 MB)
//   loop-keys:     100,000 calls with distinct progress values in one conversation
//   loop-scopes:   100,000 calls, each in a conversation of its own
const MODE = process.argv[2];
const core = await import(process.argv[3] ?? '@victor-tools/core');

const silent = { debug() {}, info() {}, warn() {}, error() {} };

function settledHeap() {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

class Probe extends core.BaseTool {
  constructor(name, metadata, run) {
    super();
    this.probeName = name;
    this.declared = metadata;
    this.run = run;
  }
  get name() {
    return this.probeName;
  }
  get description() {
    return 'A probe that keeps nothing of its calls.';
  }
  get parameters() {
    return { type: 'object' };
  }
  get metadata() {
    return this.declared;
  }
  async execute(ctx, args) {
    return core.ToolResult.ok(await this.run(args, ctx));
  }
}

const registry = new core.ToolRegistry({ logger: silent, defaultTimeoutMs: 60_000 });
registry.register(new Probe('hang', { accessMode: 'readonly' }, () => new Promise(() => undefined)));
// Answers after a turn of the event loop: long enough that the call arms its timer.
registry.register(new Probe('quick', { accessMode: 'readonly' }, async () => {
  await turn();
  return 'ok';
}));
registry.register(new Probe('step', { accessMode: 'readonly', progressParams: ['position'] }, () => 'stepped'));

const calls = { hung: 20_000, 'loop-values': 200, 'loop-keys': 100_000, 'loop-scopes': 100_000 }[MODE];
if (calls === undefined) throw new Error(`unknown mode ${MODE}`);

// Warm the paths, so compiled code and lazily made module state do not count.
for (let i = 0; i < 50; i++) {
  await registry.execute('quick', { blob: 'w' });
  await registry.execute('step', { position: `warm-${i}` }, { conversationId: 'warm' });
}
registry.resetLoopDetection({ conversationId: 'warm' });
const controller = new AbortController();
const hung = MODE === 'hung' ? registry.execute('hang', {}, { signal: controller.signal }) : undefined;
await turn();
// One context object for the whole conversation, as an agent loop holds it: a
// detector keyed on the object (as before the hardening round) and one keyed on the id count alike.
const conversation = { conversationId: 'one' };
const start = settledHeap();
const started = process.hrtime.bigint();
for (let i = 0; i < calls; i++) {
  let result;
  if (MODE === 'hung') result = await registry.execute('quick', { blob: `${i}:${'x'.repeat(1000)}` }, { call: i });
  else if (MODE === 'loop-values') result = await registry.execute('step', { position: `${i}:${'x'.repeat(1_000_000)}` }, conversation);
  else if (MODE === 'loop-keys') result = await registry.execute('step', { position: `position-${i}` }, conversation);
  else result = await registry.execute('step', { position: 'same' }, { conversationId: `conversation-${i}` });
  if (!result.success) throw new Error(`call ${i} failed: ${result.error}`);
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
await turn();
const bytes = settledHeap() - start;
controller.abort();
if (hung) await hung;
process.stdout.write(`${JSON.stringify({ bytes, calls, seconds })}\n`);
