// The three adapters from the installed tarballs, each driven by its framework's
// own test model: a call with bad arguments that the model reads, then a good
// one. Run by scripts/consumer-smoke.mjs in the consumer project, where npm
// installed `ai`, `@langchain/core` and `@openai/agents` as the adapters' peers.
import assert from 'node:assert/strict';
import { ToolRegistry, BaseTool, ToolResult } from '@victor-tools/core';
import { toAISDKTools } from '@victor-tools/ai-sdk';
import { toLangChainTools } from '@victor-tools/langchain';
import { toOpenAIAgentsTools } from '@victor-tools/openai-agents';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { Agent, Runner } from '@openai/agents';
import { ScriptedModel, assistantMessage, functionCall } from '@openai/agents/testing';

class Search extends BaseTool {
  get name() {
    return 'search';
  }
  get description() {
    return 'Search the notes.';
  }
  get parameters() {
    return { type: 'object', properties: { query: { type: 'string', minLength: 1 } }, required: ['query'], additionalProperties: false };
  }
  get metadata() {
    return { accessMode: 'readonly' };
  }
  async execute(_ctx, args) {
    return ToolResult.ok(`3 hits for ${args.query}`);
  }
}
const registry = new ToolRegistry({ logger: { debug() {}, info() {}, warn() {}, error() {} } });
registry.register(new Search());
const BAD = "Invalid parameters for tool 'search': Required parameter 'query' is missing";

// AI SDK: generateText with MockLanguageModelV3.
{
  const usage = { inputTokens: { total: 1, noCache: 1 }, outputTokens: { total: 1, text: 1 } };
  const turns = [{ query: undefined }, { query: 'adapters' }, 'Found 3.'];
  let next = 0;
  const model = new MockLanguageModelV3({
    doGenerate: async () => {
      const turn = turns[next++];
      if (typeof turn === 'string') return { content: [{ type: 'text', text: turn }], finishReason: { unified: 'stop' }, usage, warnings: [] };
      const input = JSON.stringify(turn.query === undefined ? {} : turn);
      return { content: [{ type: 'tool-call', toolCallId: `c${next}`, toolName: 'search', input }], finishReason: { unified: 'tool-calls' }, usage, warnings: [] };
    },
  });
  const result = await generateText({ model, tools: toAISDKTools(registry), stopWhen: stepCountIs(5), prompt: 'search' });
  const outputs = result.steps.flatMap((step) => step.toolResults.map((r) => r.output));
  assert.equal(outputs[0].error, BAD);
  assert.equal(outputs[1].output, '3 hits for adapters');
  assert.equal(result.text, 'Found 3.');
}

// LangChain: the StructuredTool invoked with tool calls, as a ToolNode does.
{
  const [search] = toLangChainTools(registry);
  const bad = await search.invoke({ type: 'tool_call', id: 'c1', name: 'search', args: {} });
  assert.equal(bad.status, 'error');
  assert.equal(bad.content, BAD);
  const good = await search.invoke({ type: 'tool_call', id: 'c2', name: 'search', args: { query: 'adapters' } });
  assert.equal(good.content, '3 hits for adapters');
}

// OpenAI Agents: a Runner over a scripted model.
{
  const model = new ScriptedModel([
    [functionCall('search', {}, { callId: 'c1' })],
    [functionCall('search', { query: 'adapters' }, { callId: 'c2' })],
    [assistantMessage('Found 3.')],
  ]);
  const runner = new Runner({ modelProvider: { getModel: async () => model }, tracingDisabled: true });
  const result = await runner.run(new Agent({ name: 'searcher', tools: toOpenAIAgentsTools(registry) }), 'search');
  const sent = model.calls.flatMap((call) => (Array.isArray(call.request.input) ? call.request.input : [])).filter((item) => item.type === 'function_call_result');
  assert.deepEqual(sent.map((item) => item.output.text), [BAD, BAD, '3 hits for adapters']);
  assert.equal(result.finalOutput, 'Found 3.');
}
console.log('adapters: AI SDK, LangChain and OpenAI Agents ran victor tools from the tarballs');
