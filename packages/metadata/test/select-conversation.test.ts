import { SchemaLevel } from '@victor-tools/core';
import { selectTools, selectToolsForConversation, ToolMetadataRegistry, type ConversationTurn } from '@victor-tools/metadata';
import { FakeRegistry } from './fixtures/fake-registry';
import { TestTool, tool } from './fixtures/tools';

function setup(): { registry: FakeRegistry; metadataRegistry: ToolMetadataRegistry } {
  const registry = new FakeRegistry();
  registry.register(new TestTool('get_weather', 'Get the weather forecast for a city.'));
  registry.register(new TestTool('send_email', 'Send an email message to a recipient.'));
  registry.register(new TestTool('read_file', 'Read a text file from disk.'));
  registry.register(new TestTool('search_flights', 'Search flights between two airports.'));
  registry.register(new TestTool('convert_currency', 'Convert an amount between currencies.'));
  registry.register(tool('ask_user', { priority: 1 }, 'Ask the user a question.'));
  return { registry, metadataRegistry: new ToolMetadataRegistry() };
}

const names = (selection: { tools: Array<{ name: string }> }): string[] => selection.tools.map((t) => t.name);

describe('selectTools pinned', () => {
  it('should always hold pinned tools, as CRITICAL ones, in place of the worst-ranked others', () => {
    const { registry, metadataRegistry } = setup();
    const selection = selectTools(registry, 'weather forecast in Paris', { metadataRegistry, maxTools: 2, pinned: ['read_file'] });
    expect(names(selection)).toEqual(['get_weather', 'ask_user', 'read_file']);
  });

  it('should leave out a pinned tool that is disabled, and resolve names the registry does not know to nothing', () => {
    const { registry, metadataRegistry } = setup();
    registry.disableTool('read_file');
    const selection = selectTools(registry, 'weather forecast', { metadataRegistry, maxTools: 1, pinned: ['read_file', 'no_such_tool'] });
    expect(names(selection)).toEqual(['get_weather', 'ask_user']);
  });

  it('should refuse a pinned entry that is not a name', () => {
    const { registry, metadataRegistry } = setup();
    expect(() => selectTools(registry, 'weather', { metadataRegistry, pinned: [42 as unknown as string] })).toThrow('selectTools: pinned must hold tool names, got 42');
  });

  it('should fit the budget by leaving tools out when lowestLevel is the level', () => {
    const { registry, metadataRegistry } = setup();
    const full = selectTools(registry, 'weather email flights', { metadataRegistry, maxTools: 3 });
    const budget = full.tools[0].tokens + full.tools[1].tokens;
    const fixed = selectTools(registry, 'weather email flights', { metadataRegistry, maxTools: 3, tokenBudget: budget, lowestLevel: SchemaLevel.FULL });
    expect(fixed.tools.every((t) => t.level === SchemaLevel.FULL)).toBe(true);
    expect(fixed.totalTokens).toBeLessThanOrEqual(budget);
    expect(fixed.tools.length).toBeLessThan(3);
    expect(() => selectTools(registry, 'weather', { metadataRegistry, level: SchemaLevel.STUB, lowestLevel: SchemaLevel.FULL })).toThrow(
      "selectTools: lowestLevel 'full' is more verbose than level 'stub'",
    );
  });
});

describe('selectToolsForConversation', () => {
  it('should rank by the latest user turn first, then the ones before it', async () => {
    const { registry, metadataRegistry } = setup();
    const conversation: ConversationTurn[] = [
      { role: 'user', text: 'What is the weather forecast in Lisbon?' },
      { role: 'assistant', text: 'Sunny.' },
      { role: 'user', text: 'Then search flights from Berlin to Lisbon.' },
    ];
    // ask_user is CRITICAL: it takes one of the three places.
    const selection = await selectToolsForConversation(registry, conversation, { metadataRegistry, maxTools: 3 });
    expect(names(selection)[0]).toBe('search_flights');
    expect(names(selection)).toContain('get_weather');
  });

  it('should let earlier turns choose when the latest says nothing of a tool', async () => {
    const { registry, metadataRegistry } = setup();
    const selection = await selectToolsForConversation(
      registry,
      [
        { role: 'user', text: 'Send an email to Ana about the report.' },
        { role: 'assistant', text: 'Shall I send it now?' },
        { role: 'user', text: 'yes' },
      ],
      { metadataRegistry, maxTools: 1 },
    );
    expect(names(selection)[0]).toBe('send_email');
  });

  it('should keep the tools the conversation already called, within maxTools', async () => {
    const { registry, metadataRegistry } = setup();
    const conversation: ConversationTurn[] = [
      { role: 'user', text: 'Read notes.txt' },
      { role: 'assistant', toolNames: ['read_file'] },
      { role: 'tool', toolNames: ['read_file'] },
      { role: 'user', text: 'Now convert 20 euros to dollars' },
    ];
    const selection = await selectToolsForConversation(registry, conversation, { metadataRegistry, maxTools: 3 });
    expect(names(selection).sort()).toEqual(['ask_user', 'convert_currency', 'read_file']);
    const kept = await selectToolsForConversation(registry, conversation, { metadataRegistry, maxTools: 2, userTurns: 1 });
    expect(names(kept).sort()).toEqual(['ask_user', 'convert_currency']);
    const withRoom = await selectToolsForConversation(registry, conversation, { metadataRegistry, maxTools: 3, userTurns: 1 });
    expect(names(withRoom).sort()).toEqual(['ask_user', 'convert_currency', 'read_file']);
    const without = await selectToolsForConversation(registry, conversation, { metadataRegistry, maxTools: 3, userTurns: 1, keepCalled: false });
    expect(names(without)).not.toContain('read_file');
    // No room left: the CRITICAL tool and the best match of the request come first.
    const full = await selectToolsForConversation(registry, conversation, { metadataRegistry, maxTools: 1 });
    expect(names(full).sort()).toEqual(['ask_user', 'convert_currency']);
  });

  it('should keep a called tool before the blank ranking when no user turn has a content word', async () => {
    const { registry, metadataRegistry } = setup();
    const conversation: ConversationTurn[] = [
      { role: 'user', text: 'yes' },
      { role: 'assistant', toolNames: ['search_flights'] },
    ];
    const selection = await selectToolsForConversation(registry, conversation, { metadataRegistry, maxTools: 2 });
    expect(names(selection).sort()).toEqual(['ask_user', 'search_flights']);
  });

  it('should keep the latest called tools first, never more than maxTools in all', async () => {
    const { registry, metadataRegistry } = setup();
    registry.register(new TestTool('book_hotel', 'Book a hotel room in a city.'));
    registry.register(new TestTool('translate_text', 'Translate text into another language.'));
    const conversation: ConversationTurn[] = [
      { role: 'user', text: 'Do a lot of things' },
      { role: 'assistant', toolNames: ['get_weather', 'send_email', 'read_file'] },
      { role: 'assistant', toolNames: ['search_flights', 'book_hotel', 'translate_text'] },
      { role: 'user', text: 'Now convert 20 euros to dollars' },
    ];
    const selection = await selectToolsForConversation(registry, conversation, { metadataRegistry, maxTools: 3 });
    // CRITICAL ask_user, the best match convert_currency, then the tool called last.
    expect(names(selection).sort()).toEqual(['ask_user', 'convert_currency', 'translate_text']);
    const five = await selectToolsForConversation(registry, conversation, { metadataRegistry, maxTools: 5 });
    expect(names(five).sort()).toEqual(['ask_user', 'book_hotel', 'convert_currency', 'search_flights', 'translate_text']);
    // Explicitly pinned tools come before called ones.
    const pinned = await selectToolsForConversation(registry, conversation, { metadataRegistry, maxTools: 3, pinned: ['get_weather'] });
    expect(names(pinned).sort()).toEqual(['ask_user', 'convert_currency', 'get_weather']);
  });

  it('should rank at most 53 user turns, whatever userTurns says: older ones weigh too little to matter', async () => {
    const { registry } = setup();
    const embedded: string[] = [];
    const metadataRegistry = new ToolMetadataRegistry().configure({
      embedder: {
        embed: (texts) => {
          embedded.push(...texts);
          return texts.map(() => [1, 0]);
        },
      },
    });
    const conversation: ConversationTurn[] = [];
    for (let i = 0; i < 200; i++) conversation.push({ role: 'user', text: `weather forecast request number ${i}` }, { role: 'assistant', text: 'Done.' });
    const selection = await selectToolsForConversation(registry, conversation, { metadataRegistry, maxTools: 2, userTurns: 1_000_000 });
    expect(names(selection)).toEqual(['get_weather', 'ask_user']);
    const requests = embedded.filter((text) => text.startsWith('weather forecast request number'));
    expect(requests).toHaveLength(53);
    expect(requests).toContain('weather forecast request number 199');
    expect(requests).toContain('weather forecast request number 147');
    expect(requests).not.toContain('weather forecast request number 146');
  });

  it('should refuse a userTurns that is not a whole number of at least 1', async () => {
    const { registry, metadataRegistry } = setup();
    await expect(selectToolsForConversation(registry, [], { metadataRegistry, userTurns: 0 })).rejects.toThrow(
      'selectToolsForConversation: userTurns must be a whole number of at least 1, got 0',
    );
  });

  it('should rank as for a blank request (priority, then name) when no user turn has a content word', async () => {
    const { registry, metadataRegistry } = setup();
    const selection = await selectToolsForConversation(registry, [{ role: 'user', text: 'please do it' }], { metadataRegistry, maxTools: 2 });
    expect(names(selection)).toEqual(['ask_user', 'convert_currency']);
  });
});
