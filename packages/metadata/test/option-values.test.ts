// Options of the wrong kind are refused, naming the option and what was
// wrong, rather than failing deep in the engine ('toLowerCase is not a
// function') or changing the selection in silence (`tokenBudget: NaN`
// selected everything, `maxTools: -1` nothing, `toolNames: 'git_commit'`
// was read a character at a time).
import { ToolRegistry } from '@victor-tools/core';
import {
  selectTools,
  selectToolsAsync,
  selectToolsForConversation,
  ToolMetadataRegistry,
  type ConversationTurn,
  type SelectToolsOptions,
} from '@victor-tools/metadata';
import { checkConversationSelectOptions } from '@victor-tools/metadata/framework';
import { TestTool } from '../../../test/support/tools';
import { catalogueTools } from './support/catalogue';

afterEach(() => ToolMetadataRegistry.resetInstance());

function registry(): ToolRegistry {
  const r = new ToolRegistry();
  r.register(new TestTool({ name: 'read_file', description: 'Read a text file from disk.' }));
  r.register(new TestTool({ name: 'write_file', description: 'Write a text file to disk.' }));
  r.register(new TestTool({ name: 'list_files', description: 'List the files of a directory.' }));
  r.register(new TestTool({ name: 'git_commit', description: 'Commit staged changes to git.' }));
  r.register(new TestTool({ name: 'get_weather', description: 'Get the weather forecast for a city.' }));
  return r;
}

const bad = <T>(value: unknown): T => value as T;
const names = (selection: { tools: Array<{ name: string }> }): string[] => selection.tools.map((t) => t.name);

describe('selectTools: counts and budgets', () => {
  it.each([
    ['maxTools', NaN, RangeError, 'selectTools: maxTools must be a whole number of at least 0 (Infinity for no cap), got NaN.'],
    ['maxTools', -3, RangeError, 'selectTools: maxTools must be a whole number of at least 0 (Infinity for no cap), got -3.'],
    ['maxTools', 2.5, RangeError, 'got 2.5'],
    ['maxTools', -Infinity, RangeError, 'got -Infinity'],
    ['maxTools', '2', TypeError, 'selectTools: maxTools must be a number, got a string.'],
    ['maxTools', null, TypeError, 'selectTools: maxTools must be a number, got null.'],
    ['tokenBudget', NaN, RangeError, 'selectTools: tokenBudget must be a number of at least 0 (Infinity for no budget), got NaN.'],
    ['tokenBudget', -1, RangeError, 'got -1'],
    ['tokenBudget', '30', TypeError, 'selectTools: tokenBudget must be a number, got a string.'],
  ])('should refuse %s: %p', (option, value, type, message) => {
    const options = bad<SelectToolsOptions>({ [option]: value });
    expect(() => selectTools(registry(), 'file', options)).toThrow(type);
    expect(() => selectTools(registry(), 'file', options)).toThrow(message);
  });

  it('should refuse them in selectToolsAsync and selectToolsForConversation too, naming the function', async () => {
    await expect(selectToolsAsync(registry(), 'file', { tokenBudget: NaN })).rejects.toThrow('selectToolsAsync: tokenBudget must be');
    await expect(selectToolsForConversation(registry(), [{ role: 'user', text: 'file' }], { maxTools: -1 })).rejects.toThrow(
      'selectToolsForConversation: maxTools must be a whole number of at least 0',
    );
  });

  it('should still take 0, whole numbers, fractions of a budget and Infinity', () => {
    const r = registry();
    expect(names(selectTools(r, 'file', { maxTools: 0 }))).toEqual([]);
    expect(names(selectTools(r, 'file', { tokenBudget: 0 }))).toEqual([]);
    expect(selectTools(r, 'file', { maxTools: 2 }).tools).toHaveLength(2);
    const all = selectTools(r, 'file', { maxTools: 100 });
    expect(selectTools(r, 'file', { maxTools: Infinity, tokenBudget: Infinity })).toEqual(all);
    expect(selectTools(r, 'file', { tokenBudget: all.totalTokens + 0.5 })).toEqual(all);
  });
});

describe('selectTools: other options', () => {
  it.each([
    ['pinned', 'git_commit', 'selectTools: pinned must be an array of tool names, got a string.'],
    ['pinned', 5, 'selectTools: pinned must be an array of tool names, got a number.'],
    ['provider', null, "selectTools: provider must be a renderer's name ('openai', 'anthropic', 'gemini', 'mcp') or a SchemaRenderer with a render(tool, level) method, got null."],
    ['provider', 5, 'or a SchemaRenderer with a render(tool, level) method, got a number.'],
    ['provider', {}, 'or a SchemaRenderer with a render(tool, level) method, got an object.'],
    ['stage', 5, 'selectTools: stage must be a string, got a number.'],
    ['taskType', {}, 'selectTools: taskType must be a string, got an object.'],
  ])('should refuse %s: %p with a TypeError', (option, value, message) => {
    const options = bad<SelectToolsOptions>({ [option]: value });
    expect(() => selectTools(registry(), 'file', options)).toThrow(TypeError);
    expect(() => selectTools(registry(), 'file', options)).toThrow(message);
  });

  it('should still take pinned as a Set', () => {
    expect(names(selectTools(registry(), 'weather', { maxTools: 1, pinned: new Set(['git_commit']) }))).toEqual(['get_weather', 'git_commit']);
  });
});

describe('selectTools: enums, registry, signal', () => {
  it.each([
    ['level', 'bogus', "selectTools: level: Invalid SchemaLevel value 'bogus'"],
    ['lowestLevel', null, 'selectTools: lowestLevel: Invalid SchemaLevel value null'],
    ['mode', null, 'selectTools: mode: Invalid AgentMode value null'],
    ['mode', 'bogus', "selectTools: mode: Invalid AgentMode value 'bogus'"],
    ['maxCostTier', 'bogus', "selectTools: maxCostTier: Invalid CostTier value 'bogus'"],
    ['metadataRegistry', {}, 'selectTools: metadataRegistry must be a ToolMetadataRegistry, got an object without search'],
    ['metadataRegistry', null, 'selectTools: metadataRegistry must be a ToolMetadataRegistry'],
    ['signal', 'x', 'selectTools: signal must be an AbortSignal, got a string.'],
  ])('should refuse %s: %p with a TypeError naming it', (option, value, message) => {
    const options = bad<SelectToolsOptions>({ [option]: value });
    expect(() => selectTools(registry(), 'file', options)).toThrow(TypeError);
    expect(() => selectTools(registry(), 'file', options)).toThrow(message);
  });

  it('should still take enum values, a metadata registry and a signal', () => {
    const metadataRegistry = new ToolMetadataRegistry();
    const signal = new AbortController().signal;
    expect(names(selectTools(registry(), 'weather', { maxTools: 1, level: 'compact', mode: 'build', maxCostTier: 'high', metadataRegistry, signal }))).toEqual(['get_weather']);
  });
});

describe('checkConversationSelectOptions', () => {
  it('should check every value, naming the owner given, and not the option names', () => {
    expect(() => checkConversationSelectOptions('victorPrepareStep', bad({ userTurns: '2' }))).toThrow('victorPrepareStep: userTurns must be a number, got a string.');
    expect(() => checkConversationSelectOptions('victorPrepareStep', { userTurns: 0 })).toThrow(RangeError);
    expect(() => checkConversationSelectOptions('victorPrepareStep', { userTurns: NaN })).toThrow('victorPrepareStep: userTurns must be a whole number of at least 1, got NaN.');
    expect(() => checkConversationSelectOptions('x', bad({ keepCalled: 'no' }))).toThrow('x: keepCalled must be true or false, got a string.');
    expect(() => checkConversationSelectOptions('x', { tokenBudget: -5 })).toThrow('x: tokenBudget must be a number of at least 0');
    expect(() => checkConversationSelectOptions('x', bad({ mode: 'bogus' }))).toThrow("x: mode: Invalid AgentMode value 'bogus'");
    expect(() => checkConversationSelectOptions('x', bad({ pinned: ['a', 1] }))).toThrow('x: pinned must hold tool names, got 1.');
    expect(() => checkConversationSelectOptions('x', { provider: 'nope' })).toThrow("x: no schema renderer named 'nope'");
    expect(() => checkConversationSelectOptions('x', bad({ context: {} }))).not.toThrow();
    expect(() => checkConversationSelectOptions('x', { maxTools: 2, userTurns: 1, keepCalled: false })).not.toThrow();
  });

  it('is what selectToolsForConversation checks with', async () => {
    await expect(selectToolsForConversation(registry(), [], bad({ userTurns: '2' }))).rejects.toThrow('selectToolsForConversation: userTurns must be a number, got a string.');
    await expect(selectToolsForConversation(registry(), [], bad({ mode: null }))).rejects.toThrow('selectToolsForConversation: mode: Invalid AgentMode value null');
  });
});

describe('selectToolsForConversation: the turns', () => {
  const run = (turns: unknown, options = {}) => selectToolsForConversation(registry(), bad<ConversationTurn[]>(turns), options);

  it.each([
    ['a string in place of the turns', 'read the file', 'selectToolsForConversation expects the conversation as an array of turns ({ role, text?, toolNames? }), got a string.'],
    ['a number in place of the turns', 5, 'got a number.'],
    ['a null turn', [null], 'selectToolsForConversation: turn 0 must be an object { role, text?, toolNames? }, got null.'],
    ['a turn without a role', [{ text: 'hi' }], "selectToolsForConversation: turn 0 has role undefined; a role is 'user', 'assistant', 'tool' or 'system'."],
    ['a turn of an unknown role', [{ role: 'human', text: 'hi' }], "turn 0 has role 'human'"],
    ['a text that is not a string', [{ role: 'user', text: 42 }], "selectToolsForConversation: turn 0's text must be a string, got a number."],
    [
      'toolNames as a string',
      [{ role: 'user', text: 'weather' }, { role: 'assistant', toolNames: 'git_commit' }],
      "selectToolsForConversation: turn 1's toolNames must be an array of tool names (strings), got a string.",
    ],
    ['toolNames as a number', [{ role: 'assistant', toolNames: 5 }], "turn 0's toolNames must be an array of tool names (strings), got a number."],
    ['toolNames holding a number', [{ role: 'assistant', toolNames: ['a', 5] }], "turn 0's toolNames must be an array of tool names (strings), got a number in it."],
  ])('should refuse %s with a TypeError', async (_label, turns, message) => {
    await expect(run(turns)).rejects.toThrow(TypeError);
    await expect(run(turns)).rejects.toThrow(message);
  });

  it('should refuse keepCalled and pinned of the wrong kind', async () => {
    const turns = [{ role: 'user', text: 'weather' }];
    await expect(run(turns, { keepCalled: 'no' })).rejects.toThrow('selectToolsForConversation: keepCalled must be true or false, got a string.');
    await expect(run(turns, { pinned: 'git_commit' })).rejects.toThrow('selectToolsForConversation: pinned must be an array of tool names, got a string.');
  });

  it('should still keep the tools called, and take turns from any iterable', async () => {
    const turns: ConversationTurn[] = [
      { role: 'user', text: 'weather' },
      { role: 'assistant', toolNames: ['git_commit'] },
      { role: 'tool', toolNames: ['git_commit'] },
    ];
    expect(names(await run(turns, { maxTools: 2 }))).toEqual(['get_weather', 'git_commit']);
    expect(names(await run(new Set(turns), { maxTools: 1, keepCalled: false }))).toEqual(['get_weather']);
  });
});

describe('ToolMetadataRegistry.search options', () => {
  let reg: ToolMetadataRegistry;
  beforeEach(() => {
    reg = ToolMetadataRegistry.getInstance();
    reg.refreshFromTools(catalogueTools());
  });

  it.each([
    ['limit', NaN, RangeError, 'search: limit must be a whole number of at least 0 (Infinity for no cap), got NaN.'],
    ['limit', -1, RangeError, 'got -1'],
    ['limit', 2.5, RangeError, 'got 2.5'],
    ['limit', '3', TypeError, 'search: limit must be a number, got a string.'],
    ['stage', 5, TypeError, 'search: stage must be a string, got a number.'],
    ['taskType', {}, TypeError, 'search: taskType must be a string, got an object.'],
    ['filter', 'x', TypeError, 'search: filter must be a function (name) => boolean, got a string.'],
  ])('should refuse %s: %p', async (option, value, type, message) => {
    const options = bad<object>({ [option]: value });
    expect(() => reg.search('file', options)).toThrow(type);
    expect(() => reg.search('file', options)).toThrow(message);
    await expect(reg.searchAsync('file', options)).rejects.toThrow(message.replace('search:', 'searchAsync:'));
  });

  it('should still take limit 0 and Infinity', () => {
    expect(reg.search('file', { limit: 0 })).toEqual([]);
    expect(reg.search('file', { limit: Infinity }).length).toBeGreaterThan(0);
  });

  it.each([
    ['getToolsByCategory', 5, 'getToolsByCategory expects the category as a string, got a number.'],
    ['getByKeyword', null, 'getByKeyword expects the keyword as a string, got null.'],
    ['getToolsByStage', undefined, 'getToolsByStage expects the stage as a string, got undefined.'],
    ['getToolsByTaskType', {}, 'getToolsByTaskType expects the task type as a string, got an object.'],
  ] as const)('%s(%p) should throw a TypeError naming what it takes', (method, value, message) => {
    const lookup = reg[method].bind(reg) as (value: unknown) => string[];
    expect(() => lookup(value)).toThrow(TypeError);
    expect(() => lookup(value)).toThrow(message);
    expect(reg[method]('FileSystem' as never)).toEqual(method === 'getToolsByCategory' ? ['patch', 'read_file', 'write_file'] : expect.any(Array));
  });
});

describe('ToolMetadataRegistry.configure options', () => {
  const embedder = { embed: (texts: string[]) => texts.map(() => [1, 0]) };

  it('should refuse an unknown option, suggesting the known one', () => {
    const reg = new ToolMetadataRegistry();
    expect(() => reg.configure(bad({ embeder: embedder }))).toThrow("configure: unknown option 'embeder' (did you mean 'embedder'?); it takes embedder, embeddingStore.");
    expect(() => reg.configure(bad({ embedding_store: null }))).toThrow("configure: unknown option 'embedding_store' (did you mean 'embeddingStore'?)");
  });

  it('should refuse options that are not an object', () => {
    const reg = new ToolMetadataRegistry();
    expect(() => reg.configure(bad(null))).toThrow(new TypeError('configure: options must be an object, got null.'));
    expect(() => reg.configure(bad('embedder'))).toThrow('configure: options must be an object, got a string.');
  });

  it('should refuse an embedder whose embedQuery is not a method, at configure rather than at the first search', () => {
    const reg = new ToolMetadataRegistry();
    reg.refreshFromTools(catalogueTools());
    expect(() => reg.configure({ embedder: bad({ ...embedder, embedQuery: 'yes' }) })).toThrow(
      new TypeError("configure({ embedder }): the embedder's embedQuery must be a method (texts: string[]) => vectors when it has one, got a string"),
    );
    expect(reg.search('read file').length).toBeGreaterThan(0);
    expect(reg.configure({ embedder: { ...embedder, embedQuery: embedder.embed } })).toBe(reg);
  });
});
