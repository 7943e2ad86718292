// A restart with 10,000 tools and an embedding store: the first process embeds
// every tool, a second one (a new process over the same store file) embeds only
// the request. The model is the AI SDK's MockEmbeddingModelV3 with a
// deterministic embedding function and a simulated latency per call, behind
// aiSdkEmbedder; run as a child process per start (`restart.ts <store file>`).
import { MockEmbeddingModelV3 } from 'ai/test';
import { BaseTool, ToolResult, type JsonSchema } from '@victor-tools/core';
import { ToolMetadataRegistry, fileEmbeddingStore } from '@victor-tools/metadata';
import { aiSdkEmbedder } from '@victor-tools/ai-sdk';

export const RESTART_TOOLS = 10_000;
export const DIMENSIONS = 256;
export const VALUES_PER_CALL = 512;
export const LATENCY_MS = 250;

class NumberedTool extends BaseTool {
  constructor(private readonly i: number) {
    super();
  }
  get name() {
    return `tool_${this.i}`;
  }
  get description() {
    const topics = ['invoices', 'weather', 'files', 'emails', 'orders', 'tickets', 'builds', 'users', 'payments', 'calendars'];
    return `Handles ${topics[this.i % topics.length]} of group ${Math.floor(this.i / 10)}, item ${this.i}.`;
  }
  get parameters(): JsonSchema {
    return { type: 'object', properties: {} };
  }
  async execute() {
    return ToolResult.ok(null);
  }
}

/** A deterministic vector of a text: character trigram counts hashed into DIMENSIONS buckets. */
function vectorOf(text: string): number[] {
  const v = new Array<number>(DIMENSIONS).fill(0);
  for (let i = 0; i + 3 <= text.length; i++) {
    let h = 2166136261;
    for (let j = i; j < i + 3; j++) h = Math.imul(h ^ text.charCodeAt(j), 16777619);
    v[(h >>> 0) % DIMENSIONS] += 1;
  }
  return v;
}

export interface RestartFigures {
  /** Texts the model was asked to embed in this process. */
  embedded: number;
  /** Model calls. */
  calls: number;
  /** From configuring the registry to the first search's answer, in ms. */
  firstSearchMs: number;
}

/** `file` undefined: no embedder at all, the floor of the local work (refresh, index, a lexical search). */
async function start(file: string | undefined): Promise<RestartFigures> {
  let embedded = 0;
  const model = new MockEmbeddingModelV3({
    provider: 'mock',
    modelId: 'trigrams',
    maxEmbeddingsPerCall: VALUES_PER_CALL,
    doEmbed: async ({ values }) => {
      embedded += values.length;
      await new Promise((resolve) => setTimeout(resolve, LATENCY_MS));
      return { embeddings: values.map(vectorOf), warnings: [] };
    },
  });
  const tools = Array.from({ length: RESTART_TOOLS }, (_, i) => new NumberedTool(i));
  const started = performance.now();
  const registry = new ToolMetadataRegistry();
  if (file !== undefined) registry.configure({ embedder: aiSdkEmbedder(model, { maxParallelCalls: 4 }), embeddingStore: fileEmbeddingStore(file) });
  registry.refreshFromTools(tools);
  const results = await registry.searchAsync('unpaid invoices of group 12');
  if (results.length === 0) throw new Error('the search found nothing');
  return { embedded, calls: model.doEmbedCalls.length, firstSearchMs: performance.now() - started };
}

if (require.main === module) {
  start(process.argv[2] === '--lexical' ? undefined : process.argv[2]).then(
    (figures) => console.log(JSON.stringify(figures)),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
