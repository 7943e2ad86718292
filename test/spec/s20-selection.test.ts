// Selection that understands what the user means. Embedders
// (configure, searchAsync, selectToolsAsync), the offline word vectors of
// @victor-tools/semantic, and the audit items on search and selection.
import { AccessMode, Priority, ToolRegistry } from '@victor-tools/core';
import { ToolMetadataRegistry, selectTools, selectToolsAsync, type Embedder } from '@victor-tools/metadata';
import { wordVectorEmbedder } from '@victor-tools/semantic';
import { TestTool } from './helpers';
import { AsyncConceptEmbedder, ConceptEmbedder, conceptTools, names } from '../../packages/metadata/test/support/concept-embedder';

afterEach(() => ToolMetadataRegistry.resetInstance());

describe('ToolMetadataRegistry.configure({ embedder })', () => {
  it('should return the registry and keep search lexical without an embedder', () => {
    const reg = ToolMetadataRegistry.getInstance();
    reg.refreshFromTools(conceptTools());
    expect(reg.search('umbrella')).toEqual([]);
    expect(reg.configure({ embedder: new ConceptEmbedder() })).toBe(reg);
    expect(names(reg.search('umbrella'))[0]).toBe('get_forecast');
    reg.configure({ embedder: null });
    expect(reg.search('umbrella')).toEqual([]);
  });

  it('should find a tool through a synchronous embedder from a synchronous search(), with a similarity reason', () => {
    const reg = ToolMetadataRegistry.getInstance().configure({ embedder: new ConceptEmbedder() });
    reg.refreshFromTools(conceptTools());
    const [first] = reg.search('will it rain in Paris');
    expect(first.name).toBe('get_forecast');
    expect(first.reasons).toContain('similarity 1.00');
  });

  it('should refuse an embedder without embed()', () => {
    expect(() => ToolMetadataRegistry.getInstance().configure({ embedder: {} as Embedder })).toThrow(/embedder must have an embed\(texts: string\[\]\) method/);
  });
});

describe('fusion of lexical and semantic relevance', () => {
  const withHelpDesk = (): TestTool[] => [
    ...conceptTools(),
    new TestTool({ name: 'support_ticket', description: 'Open a support ticket for a user who needs help.', metadata: { accessMode: AccessMode.NETWORK } }),
  ];

  it('should rank first a tool sharing no word with the request when only a generic word matches lexically', () => {
    const reg = ToolMetadataRegistry.getInstance();
    reg.refreshFromTools(withHelpDesk());
    const request = 'Can you help? Is rain coming';
    expect(names(reg.search(request))).toEqual(['support_ticket']);
    reg.configure({ embedder: new ConceptEmbedder() });
    const results = reg.search(request);
    expect(results[0].name).toBe('get_forecast');
    expect(results[0].reasons).toEqual([expect.stringMatching(/^similarity /)]);
    expect(names(results)).toContain('support_ticket');
  });
});

describe('ToolMetadataRegistry.searchAsync', () => {
  it('should wait for an asynchronous embedder and rank with it', async () => {
    const embedder = new AsyncConceptEmbedder();
    const reg = ToolMetadataRegistry.getInstance().configure({ embedder });
    reg.refreshFromTools(conceptTools());
    // Without a word in common, only the tools more similar than the average come in.
    expect(names(await reg.searchAsync('is it sunny', { limit: 2 }))).toEqual(['get_forecast']);
    expect(names(await reg.searchAsync('sunny with files', { limit: 2 }))).toEqual(['list_files', 'get_forecast']);
    await reg.searchAsync('is it sunny');
    expect(embedder.calls).toBe(2);
  });
});

describe('selectToolsAsync', () => {
  it('should select with an asynchronous embedder', async () => {
    ToolMetadataRegistry.getInstance().configure({ embedder: new AsyncConceptEmbedder() });
    const registry = new ToolRegistry();
    for (const t of conceptTools()) registry.register(t);
    const selection = await selectToolsAsync(registry, 'do I need an umbrella', { maxTools: 1 });
    expect(selection.tools.map((t) => t.name)).toEqual(['get_forecast']);
    expect(selection.totalTokens).toBe(selection.tools[0].tokens);
  });
});

describe('@victor-tools/semantic wordVectorEmbedder()', () => {
  // The first pass asked 'should I take my umbrella': in these news-trained vectors 'umbrella' sits
  // nearer 'organization' than 'rain', and it came out right only through 'take', which requests
  // now weigh little (embedQuery discounts generic words).
  it("should find the weather tool for 'sunny', a word no tool holds", () => {
    const reg = ToolMetadataRegistry.getInstance();
    reg.refreshFromTools([
      new TestTool({ name: 'get_weather', description: 'Current conditions and forecast: temperature, rain, wind.' }),
      new TestTool({ name: 'send_invoice', description: 'Send an invoice to a customer.' }),
      new TestTool({ name: 'read_file', description: 'Read a text file.' }),
    ]);
    expect(reg.search('will it be sunny tomorrow')).toEqual([]);
    reg.configure({ embedder: wordVectorEmbedder() });
    expect(names(reg.search('will it be sunny tomorrow'))[0]).toBe('get_weather');
  });
});

describe('search, selection and text matching at their bounds', () => {
  it('should leave unavailable tools out of search, as listTools() does', () => {
    let available = false;
    const reg = ToolMetadataRegistry.getInstance();
    reg.refreshFromTools([
      new TestTool({ name: 'docker_ps', description: 'List docker containers.', available: () => available }),
      new TestTool({ name: 'list_files', description: 'List files.' }),
    ]);
    expect(names(reg.search('list docker containers'))).toEqual(['list_files']);
    available = true;
    expect(names(reg.search('list docker containers'))).toEqual(['docker_ps', 'list_files']);
  });

  it('should always put a CRITICAL tool in the selection, never in place of the best match', () => {
    const registry = new ToolRegistry();
    registry.register(new TestTool({ name: 'guard_rails', description: 'Check an action against the safety policy.', metadata: { priority: Priority.CRITICAL } }));
    registry.register(new TestTool({ name: 'list_files', description: 'List the files of a folder.' }));
    registry.register(new TestTool({ name: 'read_file', description: 'Read a file.' }));
    registry.register(new TestTool({ name: 'write_file', description: 'Write a file.' }));
    expect(selectTools(registry, 'list the files', { maxTools: 2 }).tools.map((t) => t.name)).toEqual(['list_files', 'guard_rails']);
    expect(selectTools(registry, 'list the files', { maxTools: 1 }).tools.map((t) => t.name)).toEqual(['list_files', 'guard_rails']);
    expect(selectTools(registry, 'safety policy', { maxTools: 3 }).tools[0].name).toBe('guard_rails');
  });
});
