// Run by cases/memory.mjs as `node --expose-gc`: measures the heap that 10,000
// tools take, in a process of its own so nothing else the bench made counts.
// Prints one JSON line.
import { syntheticToolSpecs } from '../lib/synthetic.mjs';
import { buildTools } from '../lib/tools.mjs';

const COUNT = Number(process.argv[2] ?? 10000);

function settledHeap() {
  // Two passes: the first may only schedule finalization of weakly held objects.
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
}

const core = await import('@victor-tools/core');
let metadata;
try {
  metadata = await import('@victor-tools/metadata');
} catch {
  metadata = undefined;
}
// Warm the code paths once so compiled code and lazily created module state are not counted per tool.
{
  const warm = new core.ToolRegistry();
  for (const tool of buildTools(core, syntheticToolSpecs(10, 3))) warm.register(tool);
}

const h0 = settledHeap();
const specs = syntheticToolSpecs(COUNT);
const tools = buildTools(core, specs);
const h1 = settledHeap();
const registry = new core.ToolRegistry();
for (const tool of tools) registry.register(tool);
const h2 = settledHeap();

// The index is reported for scale only: a failure here must not lose the registry's figure.
let indexBytes;
let indexError;
try {
  const metadataRegistry = metadata?.ToolMetadataRegistry?.getInstance?.();
  if (metadataRegistry && typeof metadataRegistry.refreshFromTools === 'function') {
    metadataRegistry.refreshFromTools(tools, { force: true });
    indexBytes = (settledHeap() - h2) / COUNT;
  }
} catch (error) {
  indexError = String(error && error.message ? error.message : error).split('\n')[0];
}

if (registry.size !== COUNT) throw new Error(`registered ${registry.size} of ${COUNT} tools`);
process.stdout.write(`${JSON.stringify({ toolBytes: (h1 - h0) / COUNT, registerBytes: (h2 - h1) / COUNT, indexBytes, indexError })}\n`);
