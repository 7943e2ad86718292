import { AccessMode } from '@victor-tools/core';
import { ToolMetadataRegistry } from '@victor-tools/metadata';
import { FakeRegistry } from './fixtures/fake-registry';
import { TestTool, tool } from './fixtures/tools';

function sample(): TestTool[] {
  return [
    tool('read_file', { category: 'filesystem', keywords: ['file', 'read'], stages: ['exploration'], taskTypes: ['analysis'] }),
    tool('write_file', { category: 'filesystem', keywords: ['file', 'write'], accessMode: 'write', executionCategory: 'write', stages: ['implementation'] }),
    tool('git_commit', { category: 'git', keywords: ['git', 'commit'], accessMode: 'write', executionCategory: 'write' }),
    tool('shell', { category: 'shell', keywords: ['bash'], accessMode: 'execute', executionCategory: 'execute' }),
    tool('web_fetch', { category: 'web', keywords: ['http', 'pull request'], accessMode: 'network', executionCategory: 'network' }),
    new TestTool('list_directory', 'List the files of a directory.'),
  ];
}

describe('ToolMetadataRegistry', () => {
  let registry: ToolMetadataRegistry;
  beforeEach(() => {
    registry = new ToolMetadataRegistry();
    registry.refreshFromTools(sample());
  });

  describe('getMetadata', () => {
    it('should find a tool by name and by alias', () => {
      const aliased = new TestTool('read_file', 'Read.', { category: 'filesystem' }, undefined, 'free', ['cat']);
      registry.refreshFromTools([aliased]);
      expect(registry.getMetadata('read_file')?.category).toBe('filesystem');
      expect(registry.getMetadata('cat')).toBe(registry.getMetadata('read_file'));
      expect(registry.getMetadata('unknown')).toBeUndefined();
    });
  });

  describe('getToolsByCategory', () => {
    it('should list the tools of a category, sorted, case-insensitively', () => {
      expect(registry.getToolsByCategory('filesystem')).toEqual(['list_directory', 'read_file', 'write_file']);
      expect(registry.getToolsByCategory('GIT')).toEqual(['git_commit']);
      expect(registry.getToolsByCategory('nothing')).toEqual([]);
    });
  });

  describe('getByKeyword', () => {
    it('should list the tools with a keyword, case-insensitively', () => {
      expect(registry.getByKeyword('FILE')).toEqual(['read_file', 'write_file']);
      expect(registry.getByKeyword('directory')).toEqual(['list_directory']);
    });
  });

  describe('getToolsByStage', () => {
    it('should list the tools declaring a stage', () => {
      expect(registry.getToolsByStage('Exploration')).toEqual(['read_file']);
    });
  });

  describe('getToolsByTaskType', () => {
    it('should list the tools declaring a task type', () => {
      expect(registry.getToolsByTaskType('analysis')).toEqual(['read_file']);
    });
  });

  describe('getToolsByAccessMode', () => {
    it('should accept an AccessMode or its value', () => {
      expect(registry.getToolsByAccessMode(AccessMode.WRITE)).toEqual(['git_commit', 'write_file']);
      expect(registry.getToolsByAccessMode('readonly')).toEqual(['list_directory', 'read_file']);
    });
  });

  describe('getParallelizableTools', () => {
    it('should list read-only, compute and network tools', () => {
      expect(registry.getParallelizableTools()).toEqual(['list_directory', 'read_file', 'web_fetch']);
    });
  });

  describe('getConflictingTools', () => {
    it('should list the tools that must not overlap, never the tool itself', () => {
      expect(registry.getConflictingTools('write_file')).toEqual(['git_commit', 'shell']);
      expect(registry.getConflictingTools('shell')).toEqual(['git_commit', 'write_file']);
      expect(registry.getConflictingTools('read_file')).toEqual([]);
      expect(registry.getConflictingTools('unknown')).toEqual([]);
    });
  });

  describe('getToolsMatchingText', () => {
    it('should match keywords as whole words, case-insensitively', () => {
      // list_directory has no keywords: 'file' matches its description, 'List the files of a directory.'
      expect(registry.getToolsMatchingText('Please READ the file')).toEqual(['list_directory', 'read_file', 'write_file']);
    });

    it('should match stemmed words of keywords, descriptions and use cases', () => {
      const texts = new ToolMetadataRegistry();
      texts.refreshFromTools([
        tool('indexer', { keywords: ['index'], useCases: ['Rebuild the symbol table after a checkout'] }, 'Indexes sources.'),
        tool('pinger', { keywords: ['ping'] }, 'Checks that a host answers.'),
      ]);
      expect(texts.getToolsMatchingText('indexing')).toEqual(['indexer']);
      expect(texts.getToolsMatchingText('rebuilding symbols')).toEqual(['indexer']);
      expect(texts.getToolsMatchingText('which hosts answered')).toEqual(['pinger']);
      expect(texts.getToolsMatchingText('the of and')).toEqual([]);
      expect(texts.getToolsMatchingText('ghost')).toEqual([]);
    });

    it("should search all of a tool's metadata: name, category, examples, hints, stages and task types too", () => {
      const texts = new ToolMetadataRegistry();
      texts.refreshFromTools([
        tool(
          'code_metrics',
          {
            category: 'analysis',
            keywords: ['loc'],
            examples: ['show metrics for main.py'],
            priorityHints: ['Supports Python, JavaScript, TypeScript'],
            stages: ['verification'],
            taskTypes: ['profiling'],
          },
          'Counts lines.',
        ),
        tool('pinger', { keywords: ['ping'] }, 'Checks that a host answers.'),
      ]);
      for (const text of ['code', 'metrics please', 'an analysis', 'main.py', 'python', 'verification', 'profiling']) {
        expect([text, texts.getToolsMatchingText(text)]).toEqual([text, ['code_metrics']]);
      }
      expect(texts.getToolsMatchingText('pinger')).toEqual(['pinger']);
    });

    it('should not match a keyword inside another word', () => {
      expect(registry.getToolsMatchingText('start a thread')).toEqual([]);
      expect(registry.getToolsMatchingText('digital signatures')).toEqual([]);
      expect(registry.getToolsMatchingText('use git')).toEqual(['git_commit']);
    });

    it('should match a keyword of several words as a phrase', () => {
      expect(registry.getToolsMatchingText('open a pull request')).toEqual(['web_fetch']);
      expect(registry.getToolsMatchingText('request a pull')).toEqual([]);
    });
  });

  describe('query and getToolsWhere', () => {
    it('should query any metadata field, enums by value and arrays by membership', () => {
      expect(registry.getToolsWhere('accessMode', 'network')).toEqual(['web_fetch']);
      expect(registry.getToolsWhere('keywords', 'bash')).toEqual(['shell']);
      expect(registry.query((m) => m.category === 'git')).toEqual(['git_commit']);
    });

    it('should query a field added by a project', () => {
      registry.refreshFromTools([tool('deploy', { category: 'ops', team: 'platform' } as never), tool('lint', { category: 'qa' })]);
      expect(registry.getToolsWhere('team' as never, 'platform')).toEqual(['deploy']);
    });
  });

  describe('getStatistics', () => {
    it('should count tools, explicit and generated metadata, categories and keywords', () => {
      const stats = registry.getStatistics();
      expect(stats.totalTools).toBe(6);
      expect(stats.toolsWithExplicitMetadata).toBe(5);
      expect(stats.toolsWithAutoMetadata).toBe(1);
      expect(stats.categories).toEqual(['filesystem', 'git', 'shell', 'web']);
      expect(stats.totalCategories).toBe(4);
      // file, read, write, git, commit, bash, http, pull request + generated: list, files, directory
      expect(stats.totalKeywords).toBe(11);
    });
  });

  describe('needsReindex', () => {
    it('should be true before the first refresh', () => {
      expect(new ToolMetadataRegistry().needsReindex([])).toBe(true);
    });

    it('should be false when nothing changed, even for new schema objects with the same content', () => {
      const tools = sample();
      registry.refreshFromTools(tools);
      tools[0].toolParameters = { type: 'object', properties: {} };
      expect(registry.needsReindex(tools)).toBe(false);
      expect(registry.needsReindex([...tools].reverse())).toBe(false);
    });

    const changes: Array<[string, (t: TestTool) => void]> = [
      ['name', (t) => (t.toolName = 'renamed')],
      ['description', (t) => (t.toolDescription = 'Something else.')],
      ['parameters', (t) => (t.toolParameters = { type: 'object', properties: { x: { type: 'string' } } })],
      ['cost tier', (t) => (t.tier = 'high')],
      ['aliases', (t) => (t.toolAliases = ['alias'])],
      ['metadata', (t) => (t.toolMetadata = { ...t.toolMetadata, keywords: ['other'] })],
      ['metadata mutated in place', (t) => t.toolMetadata!.keywords!.push('more')],
      ['metadata keyword replaced in place', (t) => (t.toolMetadata!.keywords![0] = 'other')],
      ['metadata field added in place', (t) => (t.toolMetadata!.useCases = ['read a file'])],
    ];
    it.each(changes)('should be true when a tool changes its %s', (_label, change) => {
      const tools = sample();
      registry.refreshFromTools(tools);
      change(tools[0]);
      expect(registry.needsReindex(tools)).toBe(true);
    });

    it('should be false for a metadata getter returning a fresh object with the same content', () => {
      const tools = sample();
      registry.refreshFromTools(tools);
      tools[0].toolMetadata = structuredClone(tools[0].toolMetadata);
      expect(registry.needsReindex(tools)).toBe(false);
      expect(registry.needsReindex(tools)).toBe(false);
    });

    it('should be true when a tool is replaced by another of the same name and different content', () => {
      const tools = sample();
      registry.refreshFromTools(tools);
      const replaced = [new TestTool(tools[0].name, 'A different description.'), ...tools.slice(1)];
      expect(registry.needsReindex(replaced)).toBe(true);
    });

    it('should be true when a tool is added or removed', () => {
      const tools = sample();
      registry.refreshFromTools(tools);
      expect(registry.needsReindex(tools.slice(1))).toBe(true);
      expect(registry.needsReindex([...tools, new TestTool('extra')])).toBe(true);
    });
  });

  describe('getTool', () => {
    it('should return the indexed tool object by name or alias', () => {
      const tools = [new TestTool('read_file', 'Read a file.', undefined, undefined, 'free', ['cat'])];
      registry.refreshFromTools(tools);
      expect(registry.getTool('read_file')).toBe(tools[0]);
      expect(registry.getTool('cat')).toBe(tools[0]);
      expect(registry.getTool('missing')).toBeUndefined();
    });

    it('should adopt new objects of unchanged tools without rebuilding', () => {
      registry.refreshFromTools([new TestTool('read_file', 'Read a file.')]);
      const again = new TestTool('read_file', 'Read a file.');
      expect(registry.refreshFromTools([again])).toBe(false);
      expect(registry.getTool('read_file')).toBe(again);
    });
  });

  describe('refreshFromTools', () => {
    it('should rebuild only when needed or forced', () => {
      const tools = sample();
      const fresh = new ToolMetadataRegistry();
      expect(fresh.refreshFromTools(tools)).toBe(true);
      expect(fresh.refreshFromTools(tools)).toBe(false);
      expect(fresh.refreshFromTools(tools, { force: true })).toBe(true);
      tools[0].toolDescription = 'Changed.';
      expect(fresh.refreshFromTools(tools)).toBe(true);
    });

    it('should index the tools as they were at the refresh, even when queried after they changed', () => {
      const tools = sample();
      const fresh = new ToolMetadataRegistry();
      fresh.refreshFromTools(tools);
      tools[0].toolDescription = 'Changed.';
      tools[0].toolMetadata!.keywords!.push('later');
      tools[0].toolAliases = ['cat'];
      expect(fresh.getByKeyword('later')).toEqual([]);
      expect(fresh.getMetadata('cat')).toBeUndefined();
      expect(fresh.needsReindex(tools)).toBe(true);
      expect(fresh.refreshFromTools(tools)).toBe(true);
      expect(fresh.getByKeyword('later')).toEqual(['read_file']);
      expect(fresh.getMetadata('cat')).toBe(fresh.getMetadata('read_file'));
    });

    it('should generate the metadata from the name and description read at the refresh', () => {
      const listing = new TestTool('list_directory', 'List the files of a directory.');
      const fresh = new ToolMetadataRegistry();
      fresh.refreshFromTools([listing]);
      listing.toolDescription = 'Show the commits of a git branch.';
      expect(fresh.getMetadata('list_directory')?.category).toBe('filesystem');
      expect(fresh.search('commits')).toEqual([]);
    });

    it('should adopt new objects of unchanged tools when refreshed twice before a query', () => {
      const fresh = new ToolMetadataRegistry();
      expect(fresh.refreshFromTools([new TestTool('read_file', 'Read a file.')])).toBe(true);
      const again = new TestTool('read_file', 'Read a file.');
      expect(fresh.refreshFromTools([again])).toBe(false);
      expect(fresh.getTool('read_file')).toBe(again);
      expect(fresh.search('read file').map((r) => r.name)).toEqual(['read_file']);
    });

    it('should take every registered tool of a registry, disabled ones too', () => {
      const source = new FakeRegistry();
      for (const t of sample()) source.register(t);
      source.disableTool('shell');
      const fresh = new ToolMetadataRegistry();
      fresh.refreshFromTools(source);
      expect(fresh.getStatistics().totalTools).toBe(6);
      expect(fresh.getToolsByCategory('shell')).toEqual(['shell']);
    });

    it('should reject something that is not a tool, naming it', () => {
      expect(() => registry.refreshFromTools([{ name: 'x' }] as never)).toThrow(/Item 0 is not a tool \(got an object\)/);
    });

    it('should keep every index exact after unregister and re-register', () => {
      const source = new FakeRegistry();
      for (const t of sample()) source.register(t);
      const fresh = new ToolMetadataRegistry();
      fresh.refreshFromTools(source);
      source.unregister('git_commit');
      expect(fresh.refreshFromTools(source)).toBe(true);
      expect(fresh.getMetadata('git_commit')).toBeUndefined();
      expect(fresh.getToolsByCategory('git')).toEqual([]);
      expect(fresh.getByKeyword('git')).toEqual([]);
      expect(fresh.getToolsByAccessMode('write')).toEqual(['write_file']);
      expect(fresh.getConflictingTools('write_file')).toEqual(['shell']);
      expect(fresh.getToolsMatchingText('git commit')).toEqual([]);
      expect(fresh.search('commit')).toEqual([]);
      expect(fresh.getStatistics().categories).toEqual(['filesystem', 'shell', 'web']);

      source.register(tool('git_commit', { category: 'vcs', keywords: ['commit'] }));
      fresh.refreshFromTools(source);
      expect(fresh.getToolsByCategory('git')).toEqual([]);
      expect(fresh.getToolsByCategory('vcs')).toEqual(['git_commit']);
      expect(fresh.getByKeyword('git')).toEqual([]);
      expect(fresh.getByKeyword('commit')).toEqual(['git_commit']);
      expect(fresh.search('commit').map((r) => r.name)).toEqual(['git_commit']);
    });
  });
});
