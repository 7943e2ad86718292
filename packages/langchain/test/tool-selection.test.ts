import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { END, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import { ToolNode, createReactAgent } from '@langchain/langgraph/prebuilt';
import { ToolMetadataRegistry } from '@victor-tools/metadata';
import { victorToolSelection } from '@victor-tools/langchain';
import { RecordingTool, ScriptedChatModel, selectionRegistry } from './support';

afterEach(() => ToolMetadataRegistry.resetInstance());

describe('victorToolSelection', () => {
  it('should bind only the tools each step needs in createReactAgent, keeping the tools already called', async () => {
    const tools = selectionRegistry();
    const selection = victorToolSelection(tools, { maxTools: 3 });
    const model = new ScriptedChatModel([
      { toolCalls: [{ id: 'c1', name: 'get_weather', args: { city: 'Lisbon' } }] },
      { toolCalls: [{ id: 'c2', name: 'send_email', args: { to: 'ana@example.com' } }] },
      { text: 'Sent.' },
    ]);
    const agent = createReactAgent({ llm: selection.model(model), tools: selection.tools });
    const state = await agent.invoke({ messages: [new HumanMessage('What is the weather forecast in Lisbon? Then send an email to Ana.')] });

    expect(state.messages.at(-1)!.content).toBe('Sent.');
    expect(model.offered[0]!.sort()).toEqual(['ask_user', 'get_weather', 'send_email']);
    expect(model.offered[1]).toEqual(expect.arrayContaining(['get_weather', 'send_email', 'ask_user']));
    for (const offered of model.offered) expect(offered).not.toContain('run_command');
    expect(selection.tools.map((t) => t.name).sort()).toEqual(['ask_user', 'get_weather', 'read_file', 'run_command', 'send_email', 'write_file']);
  });

  it('should select in a graph of your own, the ToolNode running every tool', async () => {
    const tools = selectionRegistry();
    const selection = victorToolSelection(tools, { maxTools: 2 });
    const model = new ScriptedChatModel([{ toolCalls: [{ id: 'c1', name: 'run_command', args: { command: 'make test' } }] }, { text: 'Done.' }]);
    const graph = new StateGraph(MessagesAnnotation)
      .addNode('agent', async (state) => ({ messages: [await (await selection.model(model)(state)).invoke(state.messages)] }))
      .addNode('tools', new ToolNode(selection.tools))
      .addEdge(START, 'agent')
      .addConditionalEdges('agent', (state) => ((state.messages.at(-1) as AIMessage).tool_calls?.length ? 'tools' : END))
      .addEdge('tools', 'agent')
      .compile();
    const state = await graph.invoke({ messages: [new HumanMessage('Run the command make test')] });
    expect(model.offered[0]).toContain('run_command');
    expect(model.offered[0]).not.toContain('get_weather');
    const toolMessage = state.messages.find((m) => m.getType() === 'tool') as ToolMessage;
    expect(toolMessage.content).toBe('run_command done');
  });

  it('should follow the latest human message and keep called tools from the messages', async () => {
    // One human message ranks; the tool called stays, within maxTools.
    const selection = victorToolSelection(selectionRegistry(), { maxTools: 3, userTurns: 1 });
    const chosen = await selection.select([
      new HumanMessage('Read the file notes.txt'),
      new AIMessage({ content: '', tool_calls: [{ id: 'c1', name: 'read_file', args: { path: 'notes.txt' }, type: 'tool_call' }] }),
      new ToolMessage({ content: 'hello', name: 'read_file', tool_call_id: 'c1' }),
      new HumanMessage('Now what is the weather forecast for Rome?'),
    ]);
    expect(chosen.map((t) => t.name).sort()).toEqual(['ask_user', 'get_weather', 'read_file']);
    // The same tool objects as in `tools`: approval state carries across steps.
    for (const tool of chosen) expect(selection.tools).toContain(tool);
  });

  it('should bind WRITE and EXECUTE tools in EXPLORE mode only with a sandbox', async () => {
    const messages = [new HumanMessage('Now run the command make test')];
    const context = { mode: 'explore' as const, sandbox: __dirname };
    const inSandbox = await victorToolSelection(selectionRegistry(), { context, mode: 'explore', sandbox: __dirname }).select(messages);
    expect(inSandbox.map((t) => t.name)).toContain('run_command');
    // The context's mode and sandbox choose when the options name none.
    const fromContext = await victorToolSelection(selectionRegistry(), { context }).select(messages);
    expect(fromContext.map((t) => t.name)).toContain('run_command');
    const planned = await victorToolSelection(selectionRegistry(), { context: { mode: 'plan' } }).select(messages);
    expect(planned.map((t) => t.name)).not.toContain('run_command');
    const without = await victorToolSelection(selectionRegistry(), { mode: 'explore' }).select(messages);
    expect(without.map((t) => t.name)).not.toContain('run_command');
  });

  it('should refuse an unknown option when it is made, naming it and the close known one', () => {
    expect(() => victorToolSelection(selectionRegistry(), { maxTool: 3 } as never)).toThrow(
      /^victorToolSelection: unknown option 'maxTool' \(did you mean 'maxTools'\?\); it takes maxTools, .*, context, approve\.$/,
    );
    expect(() => victorToolSelection(selectionRegistry(), { contxt: { mode: 'plan' } } as never)).toThrow(/unknown option 'contxt' \(did you mean 'context'\?\)/);
  });

  it('should take a model typed BaseChatModel (bindTools optional) and refuse, when given, a model without bindTools', async () => {
    const selection = victorToolSelection(selectionRegistry(), { maxTools: 3 });
    // The type LangChain code holds a chat model in: its bindTools is optional.
    const typed: BaseChatModel = new ScriptedChatModel([{ text: 'Hi.' }]);
    const agent = createReactAgent({ llm: selection.model(typed), tools: selection.tools });
    const state = await agent.invoke({ messages: [new HumanMessage('Hello')] });
    expect(state.messages.at(-1)!.content).toBe('Hi.');

    const noTools = new ScriptedChatModel([{ text: 'Hi.' }]) as BaseChatModel;
    Object.defineProperty(noTools, 'bindTools', { value: undefined });
    expect(() => selection.model(noTools)).toThrow(TypeError);
    expect(() => selection.model(noTools)).toThrow(
      'victorToolSelection(...).model(model): the model has no bindTools method, so the selected tools cannot be bound to it. ' +
        'Pass a chat model that supports tool calling (ChatOpenAI, ChatAnthropic, ...); got an object of class ScriptedChatModel.',
    );
    expect(() => selection.model({})).toThrow('got an object.');
  });
});

describe('victorToolSelection: checked when it is made, choosing among its tools', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['maxTools NaN', { maxTools: NaN }, 'victorToolSelection: maxTools must be a whole number of at least 0'],
    ['tokenBudget -5', { tokenBudget: -5 }, 'victorToolSelection: tokenBudget must be a number of at least 0'],
    ['userTurns 0', { userTurns: 0 }, 'victorToolSelection: userTurns must be a whole number of at least 1, got 0.'],
    ['pinned "x"', { pinned: 'x' }, 'victorToolSelection: pinned must be an array of tool names, got a string.'],
    ['mode "bogus"', { mode: 'bogus' }, "victorToolSelection: mode: Invalid AgentMode value 'bogus'"],
    ['metadataRegistry {}', { metadataRegistry: {} }, 'victorToolSelection: metadataRegistry must be a ToolMetadataRegistry'],
    ['signal "x"', { signal: 'x' }, 'victorToolSelection: signal must be an AbortSignal, got a string.'],
    ['context null', { context: null }, 'victorToolSelection: context must be an object'],
    ['context "x"', { context: 'x' }, 'victorToolSelection: context must be an object'],
    ['context.mode "bogus"', { context: { mode: 'bogus' } }, "victorToolSelection: context: mode: Invalid AgentMode value 'bogus'"],
  ])('should refuse %s when it is made, naming itself and the option', (_label, options, message) => {
    expect(() => victorToolSelection(selectionRegistry(), options as never)).toThrow(message);
  });

  it('should not choose a tool registered after its tools were made (it could not be bound)', async () => {
    const registry = selectionRegistry();
    const selection = victorToolSelection(registry, { maxTools: 2 });
    registry.register(new RecordingTool({ name: 'weather_alerts', description: 'Weather forecast alerts and warnings for a city.' }));
    const chosen = await selection.select([new HumanMessage('weather forecast alerts in Lisbon')]);
    expect(chosen.map((t) => t.name).sort()).toEqual(['ask_user', 'get_weather']);
  });

  it.each<[string, unknown, string]>([
    ['plain { role, content } objects', [{ role: 'user', content: 'weather' }], 'message 0 is an object without getType()'],
    ['a string', 'weather', 'takes an array of LangChain messages (BaseMessage: HumanMessage, AIMessage, ...), got a string.'],
    ['null', null, 'takes an array of LangChain messages (BaseMessage: HumanMessage, AIMessage, ...), got null.'],
  ])('select should refuse %s with a TypeError saying it takes LangChain messages', async (_label, messages, message) => {
    const selection = victorToolSelection(selectionRegistry());
    await expect(selection.select(messages as never)).rejects.toThrow(TypeError);
    await expect(selection.select(messages as never)).rejects.toThrow(`victorToolSelection(...).select(messages) ${message}`.replace('select(messages) message', 'select(messages) takes LangChain messages (BaseMessage: HumanMessage, AIMessage, ...); message'));
  });
});
