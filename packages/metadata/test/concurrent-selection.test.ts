// Two registries selecting at the same time over one shared metadata registry
// (by default the process-wide one): while one selection awaits the embedder,
// the other refreshes the shared index from its own registry. Each must still
// get only its own tools, and always its CRITICAL ones.
import { selectTools, selectToolsAsync, selectToolsForConversation, ToolMetadataRegistry, type Embedder } from '@victor-tools/metadata';
import { FakeRegistry } from './fixtures/fake-registry';
import { TestTool, tool } from './fixtures/tools';
import { WatchedRegistry } from './fixtures/watched-registry';

/** An embedder that answers on a later macrotask: every selection awaiting it is overtaken by the other one. */
const laterEmbedder: Embedder = {
  embed: (texts) => new Promise((resolve) => setTimeout(() => resolve(texts.map(() => [1, 0])), 0)),
};

function support(registry: FakeRegistry): FakeRegistry {
  registry.register(new TestTool('get_weather', 'Get the weather forecast for a city.'));
  registry.register(new TestTool('send_email', 'Send an email message to a recipient.'));
  registry.register(tool('ask_user', { priority: 1 }, 'Ask the user a question.'));
  registry.register(new TestTool('book_hotel', 'Book a hotel room in a city.'));
  return registry;
}

function ops(registry: FakeRegistry): FakeRegistry {
  for (let i = 0; i < 6; i++) registry.register(new TestTool(`weather_tool_${i}`, `Weather forecast radar tool ${i}.`));
  return registry;
}

const names = (selection: { tools: Array<{ name: string }> }): string[] => selection.tools.map((t) => t.name);
const SUPPORT = ['get_weather', 'send_email', 'ask_user', 'book_hotel'];

describe.each([
  ['registries without onChange', () => new FakeRegistry()],
  ['registries with onChange', () => new WatchedRegistry()],
])('concurrent selections over one metadata registry, %s', (_, make) => {
  it.each([
    ['a fresh metadata registry', () => ({ metadataRegistry: new ToolMetadataRegistry().configure({ embedder: laterEmbedder }) })],
    ['the process-wide metadata registry', () => (ToolMetadataRegistry.getInstance().configure({ embedder: laterEmbedder }), {})],
  ])('selectToolsAsync: each gets only its own tools, and its CRITICAL ones, with %s', async (__, shared) => {
    const options = shared();
    const a = support(make());
    const c = ops(make());
    const query = 'weather forecast radar';
    for (const order of [0, 1]) {
      const runs = [selectToolsAsync(a, query, { ...options, maxTools: 3 }), selectToolsAsync(c, query, { ...options, maxTools: 3 })];
      if (order) runs.reverse();
      const [sa, sc] = order ? [...(await Promise.all(runs))].reverse() : await Promise.all(runs);
      expect(names(sa)).toEqual(['get_weather', 'ask_user']);
      expect(names(sc)).toHaveLength(3);
      expect(names(sc).every((name) => name.startsWith('weather_tool_'))).toBe(true);
    }
  });

  it('selectToolsForConversation: each gets only its own tools over several turns, with a disabled tool in one', async () => {
    const metadataRegistry = new ToolMetadataRegistry().configure({ embedder: laterEmbedder });
    const a = support(make());
    a.disableTool('send_email');
    const c = ops(make());
    const turns = [
      { role: 'user' as const, text: 'Book a hotel room in Paris' },
      { role: 'assistant' as const, toolNames: ['book_hotel'] },
      { role: 'user' as const, text: 'and the weather forecast radar there?' },
    ];
    const [sa, sc] = await Promise.all([
      selectToolsForConversation(a, turns, { metadataRegistry, maxTools: 3 }),
      selectToolsForConversation(c, turns, { metadataRegistry, maxTools: 3 }),
    ]);
    expect(names(sa).sort()).toEqual(['ask_user', 'book_hotel', 'get_weather']);
    expect(names(sc).every((name) => name.startsWith('weather_tool_'))).toBe(true);
    expect(names(sc)).toHaveLength(3);
    // A synchronous selection in between leaves the index to the last one selecting.
    const pending = selectToolsAsync(a, 'weather', { metadataRegistry, maxTools: 2 });
    expect(names(selectTools(c, 'radar', { metadataRegistry, maxTools: 1 }))[0]).toMatch(/^weather_tool_/);
    expect(names(await pending).every((name) => SUPPORT.includes(name))).toBe(true);
    expect(names(await pending)).toContain('ask_user');
  });
});
