import { generateText, stepCountIs } from 'ai';
import { MockEmbeddingModelV3 } from 'ai/test';
import { ToolMetadataRegistry } from '@victor-tools/metadata';
import { aiSdkEmbedder, toAISDKTools, victorPrepareStep } from '@victor-tools/ai-sdk';
import { RecordingTool, scriptedModel, selectionRegistry } from './support';

afterEach(() => ToolMetadataRegistry.resetInstance());

/** The names of the tools the model was offered in its `call`-th call (0-based). */
function offered(model: ReturnType<typeof scriptedModel>, call: number): string[] {
  return (model.doGenerateCalls[call]?.tools ?? []).map((tool) => tool.name).sort();
}

describe('victorPrepareStep', () => {
  it('should offer the model only the tools each step needs, keeping the tools it called', async () => {
    const tools = selectionRegistry();
    const model = scriptedModel([
      { toolCalls: [{ id: 'c1', name: 'get_weather', args: { city: 'Lisbon' } }] },
      { toolCalls: [{ id: 'c2', name: 'send_email', args: { to: 'ana@example.com', body: 'Sunny' } }] },
      { text: 'Sent.' },
    ]);
    const result = await generateText({
      model,
      tools: toAISDKTools(tools),
      prompt: 'What is the weather forecast in Lisbon? Then send an email to Ana with it.',
      // ask_user is CRITICAL: it takes one of the three places.
      prepareStep: victorPrepareStep(tools, { maxTools: 3 }),
      stopWhen: stepCountIs(5),
    });
    expect(result.text).toBe('Sent.');
    expect(offered(model, 0)).toEqual(['ask_user', 'get_weather', 'send_email']);
    // Step 2 keeps get_weather (called) beside the request's best tools.
    expect(offered(model, 1)).toEqual(expect.arrayContaining(['ask_user', 'get_weather', 'send_email']));
    expect(offered(model, 1)).not.toContain('run_command');
    expect(model.doGenerateCalls).toHaveLength(3);
  });

  it('should follow the latest user message in a conversation', async () => {
    const tools = selectionRegistry();
    // One user turn ranks; the tool called stays, within maxTools.
    const prepare = victorPrepareStep(tools, { maxTools: 3, userTurns: 1 });
    const { activeTools } = await prepare({
      messages: [
        { role: 'user', content: 'Read the file notes.txt' },
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'read_file', input: { path: 'notes.txt' } }] },
        {
          role: 'tool',
          content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'read_file', output: { type: 'text', value: 'hello' } }],
        },
        { role: 'user', content: [{ type: 'text', text: 'Now run the command make test' }] },
      ],
    });
    expect([...activeTools].sort()).toEqual(['ask_user', 'read_file', 'run_command']);
  });

  it('should keep the schemas of the tool set and meet the token budget by leaving tools out', async () => {
    const tools = selectionRegistry();
    const model = scriptedModel([{ text: 'ok' }]);
    await generateText({
      model,
      tools: toAISDKTools(tools),
      prompt: 'weather forecast, email, files and commands',
      prepareStep: victorPrepareStep(tools, { maxTools: 6, tokenBudget: 120, pinned: ['read_file'] }),
    });
    const sent = model.doGenerateCalls[0]!.tools ?? [];
    expect(sent.map((t) => t.name)).toContain('read_file');
    expect(sent.length).toBeLessThan(6);
    for (const tool of sent) {
      const full = tools.get(tool.name)!.toJSONSchema().function;
      expect(tool).toMatchObject({ name: full.name, description: full.description });
    }
  });
});

describe('victorPrepareStep: options checked when it is made', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['maxTools NaN', { maxTools: NaN }, 'victorPrepareStep: maxTools must be a whole number of at least 0'],
    ['tokenBudget -5', { tokenBudget: -5 }, 'victorPrepareStep: tokenBudget must be a number of at least 0'],
    ['tokenBudget "100"', { tokenBudget: '100' }, 'victorPrepareStep: tokenBudget must be a number, got a string.'],
    ['userTurns 0', { userTurns: 0 }, 'victorPrepareStep: userTurns must be a whole number of at least 1, got 0.'],
    ['userTurns "2"', { userTurns: '2' }, 'victorPrepareStep: userTurns must be a number, got a string.'],
    ['keepCalled "no"', { keepCalled: 'no' }, 'victorPrepareStep: keepCalled must be true or false, got a string.'],
    ['pinned "x"', { pinned: 'x' }, 'victorPrepareStep: pinned must be an array of tool names, got a string.'],
    ['stage 5', { stage: 5 }, 'victorPrepareStep: stage must be a string'],
    ['sandbox 5', { sandbox: 5 }, 'victorPrepareStep: sandbox must be'],
    ['provider 5', { provider: 5 }, 'victorPrepareStep: provider must be'],
    ['mode "bogus"', { mode: 'bogus' }, "victorPrepareStep: mode: Invalid AgentMode value 'bogus'"],
    ['mode null', { mode: null }, 'victorPrepareStep: mode: Invalid AgentMode value null'],
    ['maxCostTier "bogus"', { maxCostTier: 'bogus' }, "victorPrepareStep: maxCostTier: Invalid CostTier value 'bogus'"],
    ['metadataRegistry {}', { metadataRegistry: {} }, 'victorPrepareStep: metadataRegistry must be a ToolMetadataRegistry'],
    ['signal "x"', { signal: 'x' }, 'victorPrepareStep: signal must be an AbortSignal, got a string.'],
    ['tools "get_weather"', { tools: 'get_weather' }, 'victorPrepareStep: tools must be the tool set given to the SDK'],
  ])('should refuse %s when it is made, naming itself and the option', (_label, options, message) => {
    expect(() => victorPrepareStep(selectionRegistry(), options as never)).toThrow(message);
  });
});

describe('victorPrepareStep: only the tools of the tool set', () => {
  it('should not choose a tool registered after the tool set was made, when given the set as tools', async () => {
    const registry = selectionRegistry();
    const tools = toAISDKTools(registry);
    registry.register(new RecordingTool({ name: 'weather_alerts', description: 'Weather forecast alerts and warnings for a city.' }));
    const messages = [{ role: 'user' as const, content: 'weather forecast alerts in Lisbon' }];
    const { activeTools } = await victorPrepareStep(registry, { maxTools: 2, tools })({ messages });
    expect(activeTools).not.toContain('weather_alerts');
    expect([...activeTools].sort()).toEqual(['ask_user', 'get_weather']);
    // The SDK is sent the same tools: none chosen is dropped.
    const model = scriptedModel([{ text: 'ok' }]);
    await generateText({ model, tools, messages, prepareStep: victorPrepareStep(registry, { maxTools: 2, tools }) });
    expect(offered(model, 0)).toEqual(['ask_user', 'get_weather']);
  });
});

describe('aiSdkEmbedder', () => {
  /** A deterministic embedding function: one axis per topic. */
  const TOPICS = [['weather', 'rain', 'umbrella', 'forecast'], ['email', 'message', 'inbox'], ['file', 'read']];
  const vectorOf = (text: string) => {
    const words = text.toLowerCase().split(/[^a-z]+/);
    return TOPICS.map((topic) => words.filter((w) => topic.includes(w)).length + 0.01);
  };
  const model = (maxEmbeddingsPerCall = 2) =>
    new MockEmbeddingModelV3({
      provider: 'mock',
      modelId: 'topics',
      maxEmbeddingsPerCall,
      doEmbed: async ({ values }) => ({ embeddings: values.map(vectorOf), warnings: [] }),
    });

  it('should serve the metadata registry through embedMany, in batches of the model limit', async () => {
    const embeddingModel = model(2);
    const metadata = ToolMetadataRegistry.getInstance().configure({ embedder: aiSdkEmbedder(embeddingModel) });
    const tools = selectionRegistry();
    metadata.refreshFromTools(tools);
    const [first] = await metadata.searchAsync('do I need an umbrella');
    expect(first.name).toBe('get_weather');
    expect(embeddingModel.doEmbedCalls.map((call) => call.values.length)).toEqual([2, 2, 2, 1]);
  });

  it('should name itself by the provider and model, for embedding stores', () => {
    expect(aiSdkEmbedder(model()).id).toBe('mock:topics');
    expect(aiSdkEmbedder('openai/text-embedding-3-small').id).toBe('openai/text-embedding-3-small');
    expect(aiSdkEmbedder(model(), { id: 'mine' }).id).toBe('mine');
    expect(() => aiSdkEmbedder(null as never)).toThrow('aiSdkEmbedder(model): model must be an AI SDK embedding model or a gateway model id, got null');
    expect(() => aiSdkEmbedder(42 as never)).toThrow('aiSdkEmbedder(model): model must be an AI SDK embedding model or a gateway model id, got a number');
  });

  it("should abort the model's call with the search's signal and with its own", async () => {
    const seen: Array<AbortSignal | undefined> = [];
    const slow = new MockEmbeddingModelV3({
      doEmbed: ({ abortSignal, values }) => {
        seen.push(abortSignal);
        return new Promise((resolve, reject) => {
          if (abortSignal?.aborted) return reject(abortSignal.reason);
          const timer = setTimeout(() => resolve({ embeddings: values.map(vectorOf), warnings: [] }), 5000);
          abortSignal?.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(abortSignal.reason);
          });
        });
      },
    });
    const shutdown = new AbortController();
    const embedder = aiSdkEmbedder(slow, { signal: shutdown.signal, maxRetries: 0 });
    const pending = embedder.embed(['rain']);
    shutdown.abort(new Error('shutting down'));
    await expect(pending).rejects.toThrow('shutting down');

    const metadata = new ToolMetadataRegistry().configure({ embedder: aiSdkEmbedder(slow, { maxRetries: 0 }) });
    metadata.refreshFromTools(selectionRegistry());
    const search = new AbortController();
    const waiting = metadata.searchAsync('rain', { signal: search.signal });
    search.abort(new Error('the user left'));
    await expect(waiting).rejects.toThrow('the user left');
    expect(seen.at(-1)?.aborted).toBe(true);
  });

  it('should run a prepareStep ranked by an AI SDK embedding model', async () => {
    const tools = selectionRegistry();
    const metadataRegistry = new ToolMetadataRegistry().configure({ embedder: aiSdkEmbedder(model(16)) });
    const prepare = victorPrepareStep(tools, { maxTools: 1, metadataRegistry });
    const { activeTools } = await prepare({ messages: [{ role: 'user', content: 'should I take my umbrella tomorrow?' }] });
    expect(activeTools).toContain('get_weather');
  });

  it('should offer WRITE and EXECUTE tools in EXPLORE mode only with a sandbox, as the tools run with', async () => {
    const tools = selectionRegistry();
    const messages = [{ role: 'user' as const, content: 'Now run the command make test' }];
    const inSandbox = await victorPrepareStep(tools, { mode: 'explore', sandbox: __dirname })({ messages });
    expect(inSandbox.activeTools).toContain('run_command');
    const without = await victorPrepareStep(tools, { mode: 'explore' })({ messages });
    expect(without.activeTools).not.toContain('run_command');
  });

  it('should refuse an unknown option when it is made, naming it and the close known one', () => {
    const tools = selectionRegistry();
    expect(() => victorPrepareStep(tools, { maxTool: 3 } as never)).toThrow(/^victorPrepareStep: unknown option 'maxTool' \(did you mean 'maxTools'\?\); it takes maxTools, /);
    expect(() => victorPrepareStep(tools, { mode: 'explore', sandbx: __dirname } as never)).toThrow(/unknown option 'sandbx' \(did you mean 'sandbox'\?\)/);
    // lowestLevel is the tool set's level: activeTools cannot shorten a schema.
    expect(() => victorPrepareStep(tools, { lowestLevel: 'stub' } as never)).toThrow(/^victorPrepareStep: unknown option 'lowestLevel'/);
  });
});
