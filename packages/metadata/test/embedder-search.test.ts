// Search with an embedder, in depth: each tool embedded once, vectors
// checked, embedQuery for requests, lexical and semantic fusion at its edges,
// searchAsync beside search(), stemmed text matching. The contract is in
// test/spec/s20-selection.test.ts.
import { AccessMode } from '@victor-tools/core';
import { ToolMetadataRegistry, type Embedder } from '@victor-tools/metadata';
import { TestTool } from '../../../test/support/tools';
import { AsyncConceptEmbedder, ConceptEmbedder, conceptTools, names } from './support/concept-embedder';

afterEach(() => ToolMetadataRegistry.resetInstance());

describe('ToolMetadataRegistry.configure({ embedder })', () => {
  it('should embed each tool once per tool text, across searches and unchanged refreshes', () => {
    const embedder = new ConceptEmbedder();
    const reg = ToolMetadataRegistry.getInstance().configure({ embedder });
    const set = conceptTools();
    reg.refreshFromTools(set);
    reg.search('rain');
    reg.search('inbox');
    reg.search('rain');
    const toolTexts = embedder.embedded.filter((t) => !['rain', 'inbox'].includes(t));
    expect(toolTexts).toHaveLength(3);
    expect(embedder.embedded.filter((t) => t === 'rain')).toHaveLength(1);

    reg.refreshFromTools(set, { force: true });
    reg.search('rain');
    expect(embedder.embedded).toHaveLength(5);

    const changed = [set[0], set[1], new TestTool({ name: 'list_files', description: 'List the documents of a folder.', metadata: { keywords: ['file', 'list'] } })];
    reg.refreshFromTools(changed);
    reg.search('rain');
    expect(embedder.embedded).toHaveLength(6);
    expect(embedder.embedded[5]).toContain('documents');
  });

  it('should say what is wrong with vectors an embedder answers', () => {
    const reg = ToolMetadataRegistry.getInstance().configure({ embedder: { embed: (texts) => texts.slice(1).map(() => [1, 0]) } });
    reg.refreshFromTools(conceptTools());
    expect(() => reg.search('rain')).toThrow(/answered 3 vectors for 4 texts/);
    reg.configure({ embedder: { embed: (texts) => texts.map((_, i) => (i === 0 ? [1, 0] : [1, 0, 0])) } });
    expect(() => reg.search('rain')).toThrow(/vectors of 2 and 3 dimensions/);
  });
});

describe('fusion of lexical and semantic relevance', () => {
  const withHelpDesk = (): TestTool[] => [
    ...conceptTools(),
    new TestTool({ name: 'support_ticket', description: 'Open a support ticket for a user who needs help.', metadata: { accessMode: AccessMode.NETWORK } }),
  ];

  it('should keep a strong lexical match first over a tool that is only similar', () => {
    const reg = ToolMetadataRegistry.getInstance().configure({ embedder: new ConceptEmbedder() });
    reg.refreshFromTools(withHelpDesk());
    expect(reg.search('open a support ticket about the rain')[0].name).toBe('support_ticket');
  });

  it("should embed requests with the embedder's embedQuery when it has one, and tools with embed", () => {
    const embedder = new ConceptEmbedder();
    const queries = new ConceptEmbedder();
    const withQuery: Embedder = { embed: (texts) => embedder.embed(texts), embedQuery: (texts) => queries.embed(texts) };
    const reg = ToolMetadataRegistry.getInstance().configure({ embedder: withQuery });
    reg.refreshFromTools(conceptTools());
    expect(reg.search('will it rain')[0].name).toBe('get_forecast');
    expect(queries.embedded).toEqual(['will it rain']);
    expect(embedder.embedded).not.toContain('will it rain');
    expect(embedder.embedded).toHaveLength(3);
  });

  it('should not let request filler that a tool description holds pull that tool in, without an embedder', () => {
    const reg = ToolMetadataRegistry.getInstance();
    reg.refreshFromTools([...conceptTools(), new TestTool({ name: 'support_ticket', description: 'Provide help to a user who is looking for support.' })]);
    expect(reg.search("Could you provide help? I'm looking for the weather forecast in Paris.")[0].name).toBe('get_forecast');
  });
});

describe('ToolMetadataRegistry.searchAsync', () => {
  it('should keep search() synchronous and lexical while an asynchronous embedder has not answered', async () => {
    const reg = ToolMetadataRegistry.getInstance().configure({ embedder: new AsyncConceptEmbedder() });
    reg.refreshFromTools(conceptTools());
    expect(reg.search('umbrella')).toEqual([]);
    expect(names(reg.search('send an email'))[0]).toBe('send_mail');
    expect(names(await reg.searchAsync('umbrella'))[0]).toBe('get_forecast');
  });

  it('should rank like search() without an embedder', async () => {
    const reg = ToolMetadataRegistry.getInstance();
    reg.refreshFromTools(conceptTools());
    expect(await reg.searchAsync('list the files')).toEqual(reg.search('list the files'));
  });

  it("should reject with the embedder's own error", async () => {
    const reg = ToolMetadataRegistry.getInstance().configure({ embedder: { embed: () => Promise.reject(new Error('rate limited')) } });
    reg.refreshFromTools(conceptTools());
    await expect(reg.searchAsync('rain')).rejects.toThrow('rate limited');
  });
});

describe('search, selection and text matching at their bounds', () => {
  it('should match stemmed words of keywords, descriptions and use cases in getToolsMatchingText, whole words only', () => {
    const reg = ToolMetadataRegistry.getInstance();
    reg.refreshFromTools([
      new TestTool({ name: 'read_file', description: 'Reads a file from disk.', metadata: { keywords: ['read'], useCases: ['Inspect configuration'] } }),
      new TestTool({ name: 'thread_dump', description: 'Dump the thread stacks.', metadata: { keywords: ['thread'] } }),
    ]);
    expect(reg.getToolsMatchingText('reading')).toEqual(['read_file']);
    expect(reg.getToolsMatchingText('inspecting the disks')).toEqual(['read_file']);
    expect(reg.getToolsMatchingText('read')).not.toContain('thread_dump');
    expect(reg.getToolsMatchingText('stack')).toEqual(['thread_dump']);
  });
});
