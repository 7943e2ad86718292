// The AI SDK, LangChain.js/LangGraph and OpenAI Agents
// adapters, run as users run them, each with its framework's own test model:
// a call with bad arguments that the model reads and corrects, a tool refused
// by PLAN mode, and a tool that requires approval.
import { Agent, Runner } from '@openai/agents';
import { ScriptedModel, assistantMessage, functionCall } from '@openai/agents/testing';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { Command, MemorySaver } from '@langchain/langgraph';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { generateText, stepCountIs, type ModelMessage } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { AccessMode, AgentMode, DangerLevel, ToolRegistry, approvalRequirement, trustFrameworkApproval, type ApprovalCallback, type ToolExecutionContext } from '@victor-tools/core';
import { toAISDKTools, trustFrameworkApproval as trustAISDK } from '@victor-tools/ai-sdk';
import { toLangChainTools, trustFrameworkApproval as trustLangChain } from '@victor-tools/langchain';
import { toOpenAIAgentsTools, trustFrameworkApproval as trustAgents } from '@victor-tools/openai-agents';
import { TestTool, silentLogger } from './helpers';

const SEARCH_PARAMS = {
  type: 'object',
  properties: { query: { type: 'string', minLength: 1 }, limit: { type: 'integer', minimum: 1 } },
  required: ['query'],
};
const BAD_ARGS = { query: '', limit: 'five' };
const BAD_ARGS_MESSAGE =
  "Invalid parameters for tool 'search': Validation error at 'query': must NOT have fewer than 1 characters; " +
  "Parameter 'limit' has wrong type: expected integer, got string";
const PLAN_REFUSAL =
  "Tool 'save' refused in plan mode: plan mode allows only readonly and network tools, and this tool's access mode is 'write'";

/**
 * A registry with a READONLY search, a WRITE save and a dangerous drop_table.
 * With `trust`, the registry's own approval is `trust(askPerson)`.
 */
function fixture(trust?: (fallback: ApprovalCallback) => ApprovalCallback) {
  const askPerson = jest.fn<boolean, []>(() => false);
  const registry = new ToolRegistry({ logger: silentLogger, approve: trust?.(askPerson) });
  const search = new TestTool({
    name: 'search',
    parameters: SEARCH_PARAMS,
    metadata: { accessMode: AccessMode.READONLY },
    run: (args) => `3 hits for ${String(args.query)}`,
  });
  const save = new TestTool({ name: 'save', metadata: { accessMode: AccessMode.WRITE }, run: () => 'saved' });
  const dropTable = new TestTool({
    name: 'drop_table',
    parameters: { type: 'object', properties: { table: { type: 'string' } }, required: ['table'] },
    metadata: { accessMode: AccessMode.EXECUTE, dangerLevel: DangerLevel.CRITICAL },
    run: (args) => `dropped ${String(args.table)}`,
  });
  registry.register(search).register(save).register(dropTable);
  return { registry, search, save, dropTable, askPerson };
}

/** A LangChain chat model that answers each call with the next scripted turn. */
type LangChainTurn = { call: [string, string, Record<string, unknown>] } | { text: string };
class FakeToolCallingModel extends BaseChatModel {
  readonly seen: BaseMessage[][] = [];
  private next = 0;
  constructor(private readonly turns: LangChainTurn[]) {
    super({});
  }
  _llmType() {
    return 'fake-tool-calling';
  }
  override bindTools() {
    return this;
  }
  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.seen.push(messages);
    const turn = this.turns[this.next++]!;
    const message =
      'text' in turn
        ? new AIMessage(turn.text)
        : new AIMessage({ content: '', tool_calls: [{ id: turn.call[0], name: turn.call[1], args: turn.call[2], type: 'tool_call' }] });
    return { generations: [{ message, text: '' }] };
  }
}

describe('@victor-tools/ai-sdk: toAISDKTools with generateText and MockLanguageModelV3', () => {
  const usage = {
    inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 1, text: 1, reasoning: undefined },
  };
  type Turn = { call: [string, string, unknown] } | { text: string };
  function model(turns: Turn[]) {
    let next = 0;
    return new MockLanguageModelV3({
      doGenerate: async () => {
        const turn = turns[next++]!;
        return 'text' in turn
          ? { content: [{ type: 'text', text: turn.text }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] }
          : {
              content: [{ type: 'tool-call', toolCallId: turn.call[0], toolName: turn.call[1], input: JSON.stringify(turn.call[2]) }],
              finishReason: { unified: 'tool-calls', raw: undefined },
              usage,
              warnings: [],
            };
      },
    });
  }
  function toolResultsSent(m: MockLanguageModelV3, call: number) {
    return (m.doGenerateCalls[call]?.prompt ?? []).flatMap((msg) =>
      msg.role === 'tool' ? msg.content.flatMap((part) => (part.type === 'tool-result' ? [part.output] : [])) : [],
    );
  }

  it('should let the model read the validation message, call again correctly and finish', async () => {
    const { registry, search } = fixture();
    const m = model([{ call: ['c1', 'search', BAD_ARGS] }, { call: ['c2', 'search', { query: 'adapters' }] }, { text: 'Found 3.' }]);
    const result = await generateText({ model: m, tools: toAISDKTools(registry), prompt: 'search', stopWhen: stepCountIs(5) });
    expect(toolResultsSent(m, 1)).toEqual([{ type: 'error-text', value: BAD_ARGS_MESSAGE }]);
    expect(toolResultsSent(m, 2)).toContainEqual({ type: 'text', value: '3 hits for adapters' });
    expect(search.calls.map((c) => c.args)).toEqual([{ query: 'adapters' }]);
    expect(result.text).toBe('Found 3.');
  });

  it('should answer a call PLAN mode refuses with the refusal, without running the tool', async () => {
    const { registry, save } = fixture();
    const m = model([{ call: ['c1', 'save', {}] }, { text: 'Cannot save in plan mode.' }]);
    const result = await generateText({ model: m, tools: toAISDKTools(registry, { context: { mode: AgentMode.PLAN } }), prompt: 'save', stopWhen: stepCountIs(3) });
    expect(toolResultsSent(m, 1)).toEqual([{ type: 'error-text', value: PLAN_REFUSAL }]);
    expect(save.calls).toEqual([]);
    expect(result.text).toBe('Cannot save in plan mode.');
  });

  it('should ask for approval through needsApproval and run the approved call once, without the registry asking again', async () => {
    const { registry, dropTable, askPerson } = fixture(trustAISDK);
    const tools = toAISDKTools(registry);
    const m = model([{ call: ['c1', 'drop_table', { table: 'logs' }] }, { text: 'Dropped.' }]);
    const messages: ModelMessage[] = [{ role: 'user', content: 'drop logs' }];
    const first = await generateText({ model: m, tools, messages, stopWhen: stepCountIs(3) });
    const request = first.content.find((part) => part.type === 'tool-approval-request');
    expect(request).toBeDefined();
    expect(dropTable.calls).toEqual([]);

    const approvalId = (request as { approvalId: string }).approvalId;
    const second = await generateText({
      model: m,
      tools,
      stopWhen: stepCountIs(3),
      messages: [...messages, ...first.response.messages, { role: 'tool', content: [{ type: 'tool-approval-response', approvalId, approved: true }] }],
    });
    expect(dropTable.calls).toHaveLength(1);
    expect(askPerson).not.toHaveBeenCalled();
    expect(toolResultsSent(m, 1)).toEqual([{ type: 'text', value: 'dropped logs' }]);
    expect(second.text).toBe('Dropped.');
  });
});

describe('@victor-tools/langchain: toLangChainTools with createReactAgent and a fake tool-calling chat model', () => {
  const toolMessagesSent = (m: FakeToolCallingModel, call: number) =>
    (m.seen[call] ?? []).filter((msg) => msg.getType() === 'tool').map((msg) => ({ status: (msg as { status?: string }).status, content: msg.content }));
  const ask = (content: string) => ({ messages: [{ role: 'user', content }] });

  it('should let the model read the validation message, call again correctly and finish', async () => {
    const { registry, search } = fixture();
    const m = new FakeToolCallingModel([{ call: ['c1', 'search', BAD_ARGS] }, { call: ['c2', 'search', { query: 'adapters' }] }, { text: 'Found 3.' }]);
    const state = await createReactAgent({ llm: m, tools: toLangChainTools(registry) }).invoke(ask('search'));
    expect(toolMessagesSent(m, 1)).toEqual([{ status: 'error', content: BAD_ARGS_MESSAGE }]);
    expect(toolMessagesSent(m, 2).at(-1)).toEqual({ status: 'success', content: '3 hits for adapters' });
    expect(search.calls.map((c) => c.args)).toEqual([{ query: 'adapters' }]);
    expect(state.messages.at(-1)!.content).toBe('Found 3.');
  });

  it('should answer a call PLAN mode refuses with the refusal, without running the tool', async () => {
    const { registry, save } = fixture();
    const m = new FakeToolCallingModel([{ call: ['c1', 'save', {}] }, { text: 'Cannot save in plan mode.' }]);
    const state = await createReactAgent({ llm: m, tools: toLangChainTools(registry, { context: { mode: 'plan' } }) }).invoke(ask('save'));
    expect(toolMessagesSent(m, 1)).toEqual([{ status: 'error', content: PLAN_REFUSAL }]);
    expect(save.calls).toEqual([]);
    expect(state.messages.at(-1)!.content).toBe('Cannot save in plan mode.');
  });

  it("should pause for approval with LangGraph's interrupt() and run the approved call once, without the registry asking again", async () => {
    const { registry, dropTable, askPerson } = fixture(trustLangChain);
    const tools = toLangChainTools(registry);
    const m = new FakeToolCallingModel([{ call: ['c1', 'drop_table', { table: 'logs' }] }, { text: 'Dropped.' }]);
    const agent = createReactAgent({ llm: m, tools, checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: 's17' } };

    const paused = (await agent.invoke(ask('drop logs'), config)) as { __interrupt__?: Array<{ value: unknown }> };
    expect(paused.__interrupt__?.[0]?.value).toMatchObject({ type: 'tool-approval', toolName: 'drop_table', args: { table: 'logs' } });
    expect(dropTable.calls).toEqual([]);

    const done = await agent.invoke(new Command({ resume: true }), config);
    expect(dropTable.calls).toHaveLength(1);
    expect(askPerson).not.toHaveBeenCalled();
    expect(done.messages.at(-1)!.content).toBe('Dropped.');
  });
});

describe('@victor-tools/openai-agents: toOpenAIAgentsTools with a Runner over a fake model provider', () => {
  type Turn = { call: [string, string, Record<string, unknown>] } | { text: string };
  function run(turns: Turn[]) {
    const model = new ScriptedModel(turns.map((t) => ('text' in t ? [assistantMessage(t.text)] : [functionCall(t.call[1], t.call[2], { callId: t.call[0] })])));
    return { model, runner: new Runner({ modelProvider: { getModel: async () => model }, tracingDisabled: true }) };
  }
  const outputsSent = (model: ScriptedModel, call: number) => {
    const input = model.calls[call]?.request.input;
    return Array.isArray(input) ? input.flatMap((item) => (item.type === 'function_call_result' ? [item.output] : [])) : [];
  };
  const text = (value: string) => ({ type: 'text', text: value });

  it('should let the model read the validation message, call again correctly and finish', async () => {
    const { registry, search } = fixture();
    const { model, runner } = run([{ call: ['c1', 'search', BAD_ARGS] }, { call: ['c2', 'search', { query: 'adapters', limit: null }] }, { text: 'Found 3.' }]);
    const result = await runner.run(new Agent({ name: 'searcher', tools: toOpenAIAgentsTools(registry) }), 'search');
    expect(outputsSent(model, 1)).toEqual([text(BAD_ARGS_MESSAGE)]);
    expect(outputsSent(model, 2).at(-1)).toEqual(text('3 hits for adapters'));
    expect(search.calls.map((c) => c.args)).toEqual([{ query: 'adapters' }]);
    expect(result.finalOutput).toBe('Found 3.');
  });

  it('should answer a call PLAN mode refuses with the refusal, without running the tool', async () => {
    const { registry, save } = fixture();
    const { model, runner } = run([{ call: ['c1', 'save', {}] }, { text: 'Cannot save in plan mode.' }]);
    const result = await runner.run(new Agent({ name: 'planner', tools: toOpenAIAgentsTools(registry, { context: { mode: AgentMode.PLAN } }) }), 'save');
    expect(outputsSent(model, 1)).toEqual([text(PLAN_REFUSAL)]);
    expect(save.calls).toEqual([]);
    expect(result.finalOutput).toBe('Cannot save in plan mode.');
  });

  it('should interrupt the run for approval and run the approved call once, without the registry asking again', async () => {
    const { registry, dropTable, askPerson } = fixture(trustAgents);
    const { model, runner } = run([{ call: ['c1', 'drop_table', { table: 'logs' }] }, { text: 'Dropped.' }]);
    const agent = new Agent({ name: 'dba', tools: toOpenAIAgentsTools(registry) });
    const first = await runner.run(agent, 'drop logs');
    expect(first.interruptions.map((i) => i.name)).toEqual(['drop_table']);
    expect(dropTable.calls).toEqual([]);

    first.state.approve(first.interruptions[0]!);
    const second = await runner.run(agent, first.state);
    expect(dropTable.calls).toHaveLength(1);
    expect(askPerson).not.toHaveBeenCalled();
    expect(outputsSent(model, 1)).toEqual([text('dropped logs')]);
    expect(second.finalOutput).toBe('Dropped.');
  });
});

describe('one approval rule for the registry and the three adapters (core approvalRequirement)', () => {
  it("should export core's trustFrameworkApproval from every adapter", () => {
    expect([trustAISDK, trustLangChain, trustAgents]).toEqual([trustFrameworkApproval, trustFrameworkApproval, trustFrameworkApproval]);
  });

  // Every access mode and danger level, in BUILD and PLAN, under trustFrameworkApproval: the SDKs' needsApproval on a
  // first call, and whether LangGraph is interrupted, are what approvalRequirement answers (which core's own test
  // holds to the registry).
  const contexts: ToolExecutionContext[] = [{}, { mode: AgentMode.PLAN }];
  const cases = AccessMode.values().flatMap((accessMode) =>
    DangerLevel.values().flatMap((dangerLevel) => contexts.map((context) => [accessMode.value, dangerLevel.value, context] as const)),
  );
  it.each(cases)('should ask on a first call of a %s tool of danger %s with %j exactly when the rule says so', async (accessMode, dangerLevel, context) => {
    const registry = new ToolRegistry({ logger: silentLogger, approve: trustFrameworkApproval() });
    registry.register(new TestTool({ name: 'tool', metadata: { accessMode, dangerLevel }, run: () => 'ran' }));
    const asks = approvalRequirement(registry.get('tool')!, context).rule !== 'never';

    const sdkNeeds = toAISDKTools(registry, { context }).tool!.needsApproval;
    const aiSdk = typeof sdkNeeds === 'function' ? await sdkNeeds({}, { toolCallId: 'c1', messages: [] }) : sdkNeeds === true;
    const [agentsTool] = toOpenAIAgentsTools(registry, { context });
    const agents = await agentsTool!.needsApproval({} as never, {} as never, 'c1');
    const agent = createReactAgent({ llm: new FakeToolCallingModel([{ call: ['c1', 'tool', {}] }, { text: 'done' }]), tools: toLangChainTools(registry, { context }), checkpointer: new MemorySaver() });
    const state = (await agent.invoke({ messages: [{ role: 'user', content: 'go' }] }, { configurable: { thread_id: `${accessMode}-${dangerLevel}-${String(context.mode)}` } })) as { __interrupt__?: unknown[] };
    const langgraph = (state.__interrupt__?.length ?? 0) > 0;

    expect({ aiSdk, agents, langgraph }).toEqual({ aiSdk: asks, agents: asks, langgraph: asks });
  });
});
