import { AgentMode, Priority } from '@victor-tools/core';
import { ToolMetadataRegistry } from '@victor-tools/metadata';
import { TestTool, tool } from './fixtures/tools';

const names = (results: Array<{ name: string }>): string[] => results.map((r) => r.name);

describe('ToolMetadataRegistry', () => {
  describe('search', () => {
    const registry = new ToolMetadataRegistry();
    registry.refreshFromTools([
      tool('read_file', { keywords: ['file', 'read', 'contents'], useCases: ['Inspect a configuration file'] }, 'Read the contents of a file.'),
      tool('grep_search', { keywords: ['grep', 'regex', 'search'], priority: Priority.HIGH }, 'Search the contents of files for a pattern.'),
      tool('web_search', { keywords: ['web', 'internet'], accessMode: 'network' }, 'Search the web.', 'low'),
      tool('deep_search', { keywords: ['semantic', 'search'] }, 'Search code by meaning.', 'high'),
      tool('git_commit', { keywords: ['git', 'commit'], accessMode: 'write', stages: ['completion'], mandatoryKeywords: ['checkpoint'] }, 'Record changes.'),
      tool('shell', { keywords: ['bash', 'command'], accessMode: 'execute' }, 'Run a shell command.'),
      new TestTool('undeclared_search', 'Search something without metadata.'),
    ]);

    it('should rank by relevance, case-insensitively, ignoring stop words', () => {
      const results = registry.search('READ THE FILE please');
      expect(results[0].name).toBe('read_file');
      for (let i = 1; i < results.length; i++) expect(results[i - 1].score).toBeGreaterThanOrEqual(results[i].score);
    });

    it('should match inflections of a word', () => {
      expect(names(registry.search('searching'))).toEqual(expect.arrayContaining(['grep_search', 'web_search']));
      expect(registry.search('files')[0].name).toBe('read_file');
      expect(registry.search('committing')[0].name).toBe('git_commit');
    });

    it('should say why each tool came out', () => {
      const [first] = registry.search('read the file');
      expect(first.reasons).toEqual(expect.arrayContaining(["matched 'read' in name, keywords, description", "matched 'file' in name, keywords, description, use cases"]));
      expect(registry.search('grep')[0].reasons).toContain('priority high');
    });

    it('should return nothing for a query of stop words only, or a limit of zero', () => {
      expect(registry.search('the of and')).toEqual([]);
      expect(registry.search('file', { limit: 0 })).toEqual([]);
    });

    it('should respect the limit', () => {
      expect(registry.search('search', { limit: 2 })).toHaveLength(2);
    });

    it('should force in a tool whose mandatory keyword is in the query, first', () => {
      const results = registry.search('make a checkpoint of the file');
      expect(results[0].name).toBe('git_commit');
      expect(results[0].reasons).toContain("mandatory keyword 'checkpoint'");
      expect(results[0].score).toBeGreaterThan(results[1].score);
    });

    it('should raise a tool of the requested stage', () => {
      const plain = registry.search('record changes file');
      const staged = registry.search('record changes file', { stage: 'completion' });
      expect(staged.find((r) => r.name === 'git_commit')!.score).toBeGreaterThan(plain.find((r) => r.name === 'git_commit')!.score);
      expect(staged.find((r) => r.name === 'git_commit')!.reasons).toContain("stage 'completion'");
    });

    it('should raise a tool of the requested task type', () => {
      const withType = new ToolMetadataRegistry();
      withType.refreshFromTools([
        tool('a_lister', { keywords: ['list'], taskTypes: ['analysis'] }),
        tool('b_lister', { keywords: ['list'] }),
      ]);
      expect(names(withType.search('list'))).toEqual(['a_lister', 'b_lister']);
      const results = withType.search('list', { taskType: 'Analysis' });
      expect(results[0].score).toBeGreaterThan(results[1].score);
      expect(results[0].reasons).toContain("task type 'analysis'");
    });

    it('should lower a costly tool when a cheaper one matches as well', () => {
      const costs = new ToolMetadataRegistry();
      costs.refreshFromTools([tool('cheap_search', { keywords: ['search'] }), tool('pricey_search', { keywords: ['search'] }, 'The pricey_search tool.', 'high')]);
      const [first, second] = costs.search('search');
      expect(first.name).toBe('cheap_search');
      expect(second.reasons).toContain('cheaper tool preferred');
      const alone = new ToolMetadataRegistry();
      alone.refreshFromTools([tool('pricey_search', { keywords: ['search'] }, 'The pricey_search tool.', 'high')]);
      expect(alone.search('search')[0].reasons).not.toContain('cheaper tool preferred');
    });

    it('should leave out tools above maxCostTier', () => {
      expect(names(registry.search('search', { maxCostTier: 'free' }))).not.toEqual(expect.arrayContaining(['web_search']));
      expect(names(registry.search('search', { maxCostTier: 'low' }))).toContain('web_search');
      expect(names(registry.search('search', { maxCostTier: 'low' }))).not.toContain('deep_search');
    });

    it('should leave out tools the agent mode refuses', () => {
      expect(names(registry.search('commit record', { mode: AgentMode.PLAN }))).not.toContain('git_commit');
      expect(names(registry.search('search', { mode: 'plan' }))).not.toContain('undeclared_search');
      expect(names(registry.search('search', { mode: 'plan' }))).toContain('web_search');
      expect(names(registry.search('search', { mode: 'explore' }))).not.toContain('deep_search');
      expect(names(registry.search('shell command', { mode: 'explore' }))).not.toContain('shell');
      expect(names(registry.search('search', { mode: 'build' }))).toContain('undeclared_search');
    });

    it('should be deterministic on ties: by name', () => {
      const ties = new ToolMetadataRegistry();
      ties.refreshFromTools([tool('b', { keywords: ['x1'] }), tool('a', { keywords: ['x1'] })]);
      expect(names(ties.search('x1'))).toEqual(['a', 'b']);
    });
  });
});
