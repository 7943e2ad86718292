// SPEC section 12, approval: one rule through every door. The registry's `approve`
// option decides, identically, whether a call of a WRITE tool runs, is refused, or
// waits for a person: through registry.execute, the AI SDK (needsApproval), LangGraph
// (interrupt), the OpenAI Agents SDK (needsApproval) and MCP (elicitation where the
// client supports it, otherwise refused with a message that says how to approve).
// Each door is driven with its framework's own test model and the official MCP client.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema, type ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { Agent, Runner } from '@openai/agents';
import { ScriptedModel, assistantMessage, functionCall } from '@openai/agents/testing';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { Command, MemorySaver } from '@langchain/langgraph';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { generateText, stepCountIs, type ModelMessage } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { AccessMode, ToolRegistry, trustFrameworkApproval, type ApprovalCallback, type ToolExecutionContext } from '@victor-tools/core';
import { toAISDKTools } from '@victor-tools/ai-sdk';
import { toLangChainTools } from '@victor-tools/langchain';
import { toOpenAIAgentsTools } from '@victor-tools/openai-agents';
import { serveMcp } from '@victor-tools/mcp';
import { TestTool, silentLogger } from './helpers';

jest.setTimeout(30_000);

const ARGS = { path: 'notes.txt' };
const REFUSED = "Tool 'save' was not approved: the approval callback refused it (asked because write tools are confirmed on their first use)";
const NOBODY_TO_ASK =
  "Tool 'save' was not approved: it needs a person's approval (write tools are confirmed on their first use) and nobody could be asked on this call. " +
  "Approve it where a person is asked: through an adapter (the AI SDK's or OpenAI Agents' needsApproval, a LangGraph interrupt), " +
  'or an MCP client that supports elicitation; or give trustFrameworkApproval(fallback) a callback that decides the other calls';

/** What one call through a door came to: whether a person was asked (and approved), whether the tool ran, the error the caller read. */
interface Outcome {
  personAsked: boolean;
  ran: boolean;
  error?: string;
}

function registryWith(approve: ApprovalCallback | undefined) {
  const registry = new ToolRegistry({ logger: silentLogger, approve });
  const save = new TestTool({
    name: 'save',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    metadata: { accessMode: AccessMode.WRITE },
    run: () => 'saved',
  });
  registry.register(save);
  return { registry, save };
}

const outcome = (personAsked: boolean, ran: boolean, error?: string): Outcome => (error === undefined ? { personAsked, ran } : { personAsked, ran, error });

// ---------------------------------------------------------------- the doors

async function throughExecute(registry: ToolRegistry, save: TestTool): Promise<Outcome> {
  const result = await registry.execute('save', ARGS);
  return outcome(false, save.calls.length > 0, result.error);
}

async function throughAISDK(registry: ToolRegistry, save: TestTool): Promise<Outcome> {
  const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };
  let turn = 0;
  const model = new MockLanguageModelV3({
    doGenerate: async () =>
      turn++ === 0
        ? { content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'save', input: JSON.stringify(ARGS) }], finishReason: { unified: 'tool-calls', raw: undefined }, usage, warnings: [] }
        : { content: [{ type: 'text', text: 'done' }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] },
  });
  const tools = toAISDKTools(registry);
  const messages: ModelMessage[] = [{ role: 'user', content: 'save' }];
  const first = await generateText({ model, tools, messages, stopWhen: stepCountIs(3) });
  const request = first.content.find((part) => part.type === 'tool-approval-request') as { approvalId: string } | undefined;
  if (request === undefined) {
    const output = first.steps[0]!.toolResults[0]?.output as { error?: string } | undefined;
    return outcome(false, save.calls.length > 0, output?.error);
  }
  const approval: ModelMessage = { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: request.approvalId, approved: true }] };
  const second = await generateText({ model, tools, messages: [...messages, ...first.response.messages, approval], stopWhen: stepCountIs(3) });
  const output = second.steps[0]?.toolResults[0]?.output as { error?: string } | undefined;
  return outcome(true, save.calls.length > 0, output?.error);
}

class ScriptedChatModel extends BaseChatModel {
  private turn = 0;
  _llmType() {
    return 'scripted';
  }
  override bindTools() {
    return this;
  }
  async _generate(): Promise<ChatResult> {
    const message =
      this.turn++ === 0 ? new AIMessage({ content: '', tool_calls: [{ id: 'c1', name: 'save', args: ARGS, type: 'tool_call' }] }) : new AIMessage('done');
    return { generations: [{ message, text: '' }] };
  }
}

let threads = 0;

async function throughLangGraph(registry: ToolRegistry, save: TestTool): Promise<Outcome> {
  const agent = createReactAgent({ llm: new ScriptedChatModel({}), tools: toLangChainTools(registry), checkpointer: new MemorySaver() });
  const config = { configurable: { thread_id: `doors-${threads++}` } };
  type State = { messages: Array<{ getType(): string; content: unknown }>; __interrupt__?: unknown[] };
  let state = (await agent.invoke({ messages: [{ role: 'user', content: 'save' }] }, config)) as State;
  const personAsked = (state.__interrupt__?.length ?? 0) > 0;
  if (personAsked) state = (await agent.invoke(new Command({ resume: true }), config)) as State;
  const toolMessage = state.messages.find((message) => message.getType() === 'tool') as { content: unknown; status?: string } | undefined;
  return outcome(personAsked, save.calls.length > 0, toolMessage?.status === 'error' ? String(toolMessage.content) : undefined);
}

async function throughAgents(registry: ToolRegistry, save: TestTool): Promise<Outcome> {
  const model = new ScriptedModel([[functionCall('save', ARGS, { callId: 'c1' })], [assistantMessage('done')]]);
  const runner = new Runner({ modelProvider: { getModel: async () => model }, tracingDisabled: true });
  const agent = new Agent({ name: 'saver', tools: toOpenAIAgentsTools(registry) });
  let result = await runner.run(agent, 'save');
  const personAsked = result.interruptions.length > 0;
  if (personAsked) {
    result.state.approve(result.interruptions[0]!);
    result = await runner.run(agent, result.state);
  }
  const input = model.calls[1]?.request.input;
  const sent = Array.isArray(input) ? input.flatMap((item) => (item.type === 'function_call_result' ? [item.output] : [])) : [];
  const text = (sent[0] as { text?: string } | undefined)?.text;
  return outcome(personAsked, save.calls.length > 0, save.calls.length > 0 ? undefined : text);
}

async function throughMcp(registry: ToolRegistry, save: TestTool, elicitation: boolean, context?: ToolExecutionContext): Promise<Outcome> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const handle = await serveMcp(registry, { transport: serverTransport, logger: silentLogger, context });
  const capabilities: ClientCapabilities = elicitation ? { elicitation: {} } : {};
  const client = new Client({ name: 'doors', version: '1.0.0' }, { capabilities });
  let personAsked = false;
  if (elicitation) {
    client.setRequestHandler(ElicitRequestSchema, () => {
      personAsked = true;
      return { action: 'accept', content: { approve: true } };
    });
  }
  await client.connect(clientTransport);
  try {
    const result = (await client.callTool({ name: 'save', arguments: ARGS })) as { isError?: boolean; content: Array<{ text?: string }> };
    return outcome(personAsked, save.calls.length > 0, result.isError ? result.content[0]?.text : undefined);
  } finally {
    await client.close();
    await handle.close();
  }
}

const DOORS = {
  'registry.execute': throughExecute,
  'the AI SDK': throughAISDK,
  'LangGraph': throughLangGraph,
  'the OpenAI Agents SDK': throughAgents,
  'MCP (a client with elicitation)': (registry: ToolRegistry, save: TestTool) => throughMcp(registry, save, true),
  'MCP (a client without elicitation)': (registry: ToolRegistry, save: TestTool) => throughMcp(registry, save, false),
} as const;

type DoorName = keyof typeof DOORS;

/** The first call of a fresh registry's WRITE tool, through each door. */
async function everyDoor(approve: () => ApprovalCallback | undefined): Promise<Record<DoorName, Outcome>> {
  const outcomes = {} as Record<DoorName, Outcome>;
  for (const [door, through] of Object.entries(DOORS) as Array<[DoorName, (registry: ToolRegistry, save: TestTool) => Promise<Outcome>]>) {
    const { registry, save } = registryWith(approve());
    outcomes[door] = await through(registry, save);
  }
  return outcomes;
}

const same = (value: Outcome): Record<DoorName, Outcome> =>
  Object.fromEntries(Object.keys(DOORS).map((door) => [door, value])) as Record<DoorName, Outcome>;

describe('one approval rule through every door (a WRITE tool, first call)', () => {
  it('should run the call without asking anyone when the registry has no approve callback', async () => {
    expect(await everyDoor(() => undefined)).toEqual(same(outcome(false, true)));
  });

  it('should run the call when the approve callback approves it, the callback asked once at every door', async () => {
    const asked: string[] = [];
    const approve = (): ApprovalCallback => (request) => {
      asked.push(request.toolName);
      return true;
    };
    expect(await everyDoor(approve)).toEqual(same(outcome(false, true)));
    expect(asked).toEqual(Object.keys(DOORS).map(() => 'save'));
  });

  it('should refuse the call with the same message when the approve callback refuses it', async () => {
    expect(await everyDoor(() => () => false)).toEqual(same(outcome(false, false, REFUSED)));
  });

  it("should ask a person under trustFrameworkApproval() wherever the door can, and refuse saying how to approve where it cannot", async () => {
    expect(await everyDoor(() => trustFrameworkApproval())).toEqual({
      'registry.execute': outcome(false, false, NOBODY_TO_ASK),
      'the AI SDK': outcome(true, true),
      'LangGraph': outcome(true, true),
      'the OpenAI Agents SDK': outcome(true, true),
      'MCP (a client with elicitation)': outcome(true, true),
      'MCP (a client without elicitation)': outcome(false, false, NOBODY_TO_ASK),
    });
  });

  it("should not take an approvedBy in the MCP server's context as an approval: only an adapter's own step sets it", async () => {
    const { registry, save } = registryWith(trustFrameworkApproval());
    expect(await throughMcp(registry, save, false, { approvedBy: 'ai-sdk' })).toEqual(outcome(false, false, NOBODY_TO_ASK));
  });

  it("should let trustFrameworkApproval's fallback decide where no person can be asked", async () => {
    const outcomes = await everyDoor(() => trustFrameworkApproval(() => true));
    expect(outcomes['registry.execute']).toEqual(outcome(false, true));
    expect(outcomes['MCP (a client without elicitation)']).toEqual(outcome(false, true));
    expect(outcomes['the AI SDK']).toEqual(outcome(true, true));
  });
});
