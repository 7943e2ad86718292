// Selection where the model needs it: per-step tool choice in the AI SDK,
// LangGraph and OpenAI Agents loops, Anthropic's deferred tools, real
// embedders behind the metadata registry with vectors kept across restarts,
// and the offline embedder's common directions.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, Runner } from '@openai/agents';
import { ScriptedModel, assistantMessage } from '@openai/agents/testing';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, HumanMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { generateText } from 'ai';
import { MockEmbeddingModelV3, MockLanguageModelV3 } from 'ai/test';
import { ToolRegistry } from '@victor-tools/core';
import { ToolMetadataRegistry, fileEmbeddingStore } from '@victor-tools/metadata';
import { aiSdkEmbedder, toAISDKTools, victorPrepareStep } from '@victor-tools/ai-sdk';
import { victorToolSelection as langChainSelection } from '@victor-tools/langchain';
import { victorToolSelection as agentsSelection } from '@victor-tools/openai-agents';
import { anthropicToolSearchTool, toAnthropicTools } from '@victor-tools/providers';
import { wordVectorEmbedder } from '@victor-tools/semantic';
import { TestTool, silentLogger } from './helpers';

afterEach(() => ToolMetadataRegistry.resetInstance());

const TOOLS: Array<[string, string]> = [
  ['get_weather', 'Get the weather forecast for a city.'],
  ['send_email', 'Send an email message to a recipient.'],
  ['read_file', 'Read a text file from disk.'],
  ['search_flights', 'Search flights between two airports.'],
  ['convert_currency', 'Convert an amount of money between currencies.'],
  ['create_invoice', 'Create an invoice for a customer.'],
];

function registry(): ToolRegistry {
  const r = new ToolRegistry({ logger: silentLogger });
  for (const [name, description] of TOOLS) r.register(new TestTool({ name, description, parameters: { type: 'object', properties: { q: { type: 'string' } } } }));
  return r;
}

const REQUEST = 'What is the weather forecast in Lisbon tomorrow?';

describe('per-step selection in the agent loop', () => {
  it('AI SDK: victorPrepareStep sends the model only the selected tools', async () => {
    const tools = registry();
    const model = new MockLanguageModelV3({
      doGenerate: async () => ({
        content: [{ type: 'text', text: 'Sunny.' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } },
        warnings: [],
      }),
    });
    await generateText({ model, tools: toAISDKTools(tools), prompt: REQUEST, prepareStep: victorPrepareStep(tools, { maxTools: 2 }) });
    const sent = (model.doGenerateCalls[0]!.tools ?? []).map((t) => t.name);
    expect(sent[0]).toBe('get_weather');
    expect(sent.length).toBeLessThanOrEqual(2);
  });

  it('LangGraph: victorToolSelection binds only the selected tools', async () => {
    const bound: string[][] = [];
    class Model extends BaseChatModel {
      private tools: StructuredToolInterface[] = [];
      _llmType() {
        return 'fake';
      }
      override bindTools(tools: StructuredToolInterface[]) {
        this.tools = tools;
        return this;
      }
      async _generate(_messages: BaseMessage[]): Promise<ChatResult> {
        bound.push(this.tools.map((t) => t.name));
        return { generations: [{ message: new AIMessage('Sunny.'), text: 'Sunny.' }] };
      }
    }
    const selection = langChainSelection(registry(), { maxTools: 2 });
    await createReactAgent({ llm: selection.model(new Model({})), tools: selection.tools }).invoke({ messages: [new HumanMessage(REQUEST)] });
    expect(bound[0]![0]).toBe('get_weather');
    expect(bound[0]!.length).toBeLessThanOrEqual(2);
    expect(selection.tools).toHaveLength(TOOLS.length);
  });

  it('OpenAI Agents: victorToolSelection enables only the selected tools', async () => {
    const selection = agentsSelection(registry(), { maxTools: 2 });
    const agent = selection.attach(new Agent({ name: 'assistant', tools: selection.tools }));
    const model = new ScriptedModel([[assistantMessage('Sunny.')]]);
    await new Runner({ modelProvider: { getModel: async () => model }, tracingDisabled: true }).run(agent, REQUEST);
    const sent = (model.calls[0]!.request.tools ?? []).map((t) => t.name);
    expect(sent).toContain('get_weather');
    expect(sent.length).toBeLessThanOrEqual(2);
  });

  it('Anthropic: every tool but the loaded ones is deferred for the tool search tool', () => {
    const tools = [anthropicToolSearchTool(), ...toAnthropicTools(registry(), { loaded: ['get_weather'] }).schemas];
    expect(tools[0]).toEqual({ type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' });
    expect(tools.filter((t) => 'defer_loading' in t && t.defer_loading === true)).toHaveLength(TOOLS.length - 1);
    expect(tools.find((t) => t.name === 'get_weather')).not.toHaveProperty('defer_loading');
  });
});

describe('real embedders, cached', () => {
  it('aiSdkEmbedder with a store: a restart with the same tools embeds only the request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'victor-spec-'));
    try {
      const file = join(dir, 'embeddings.bin');
      const topics = ['weather', 'email', 'file', 'flights', 'currencies', 'invoice'];
      const start = async () => {
        const model = new MockEmbeddingModelV3({
          provider: 'mock',
          modelId: 'topics',
          maxEmbeddingsPerCall: 4,
          doEmbed: async ({ values }) => ({ embeddings: values.map((v) => topics.map((t) => (v.toLowerCase().includes(t) ? 1 : 0.01))), warnings: [] }),
        });
        const metadata = new ToolMetadataRegistry().configure({ embedder: aiSdkEmbedder(model), embeddingStore: fileEmbeddingStore(file) });
        metadata.refreshFromTools(registry());
        const [first] = await metadata.searchAsync('is rain likely in the weather tonight');
        return { first: first!.name, sent: model.doEmbedCalls.flatMap((c) => c.values) };
      };
      const before = await start();
      const after = await start();
      expect(before.first).toBe('get_weather');
      expect(before.sent).toHaveLength(TOOLS.length + 1);
      expect(after).toEqual({ first: 'get_weather', sent: ['is rain likely in the weather tonight'] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('search that understands meaning, offline', () => {
  it('wordVectorEmbedder finds a tool that shares no word with the request', async () => {
    const metadata = new ToolMetadataRegistry().configure({ embedder: wordVectorEmbedder() });
    metadata.refreshFromTools(registry());
    expect(metadata.search('how many dollars is fifty euros', { limit: 1 })[0]!.name).toBe('convert_currency');
  });
});
