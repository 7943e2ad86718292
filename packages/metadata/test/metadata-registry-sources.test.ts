// ToolMetadataRegistry in depth: a ToolRegistry as the source of its tools,
// auto-generated metadata counted apart, text matched over every field. The
// contract is in test/spec/s07-metadata.test.ts.
import { ToolRegistry } from '@victor-tools/core';
import { ToolMetadataRegistry } from '@victor-tools/metadata';
import { TestTool } from '../../../test/support/tools';
import { catalogueTools, grepTool } from './support/catalogue';

afterEach(() => ToolMetadataRegistry.resetInstance());

const grep = grepTool();

describe('ToolMetadataRegistry', () => {
  describe('needsReindex / refreshFromTools', () => {
    it('should accept a ToolRegistry as the source', () => {
      const registry = new ToolRegistry();
      registry.register(grep);
      const reg = ToolMetadataRegistry.getInstance();
      expect(reg.refreshFromTools(registry)).toBe(true);
      expect(reg.getMetadata('grep_search')).toBeDefined();
    });
  });

  describe('queries', () => {
    const tools = catalogueTools();
    let reg: ToolMetadataRegistry;
    beforeEach(() => {
      reg = ToolMetadataRegistry.getInstance();
      reg.refreshFromTools(tools);
    });

    it('should count auto-generated metadata separately', () => {
      reg.refreshFromTools([...tools, grep]);
      const stats = reg.getStatistics();
      expect(stats.toolsWithExplicitMetadata).toBe(5);
      expect(stats.toolsWithAutoMetadata).toBe(1);
    });
  });
});

describe('ToolMetadataRegistry.getToolsMatchingText over all of the metadata', () => {
  it('should match the name, category, examples and priority hints too, as whole words', () => {
    const reg = ToolMetadataRegistry.getInstance();
    reg.refreshFromTools([
      new TestTool({
        name: 'code_metrics',
        description: 'Count lines.',
        metadata: { category: 'analysis', keywords: ['loc'], examples: ['show metrics for main.py'], priorityHints: ['Use for code quality assessment'] },
      }),
      new TestTool({ name: 'ping_host', description: 'Check a host.', metadata: { category: 'network', keywords: ['ping'] } }),
    ]);
    expect(reg.getToolsMatchingText('code')).toEqual(['code_metrics']);
    expect(reg.getToolsMatchingText('analysis')).toEqual(['code_metrics']);
    expect(reg.getToolsMatchingText('main.py')).toEqual(['code_metrics']);
    expect(reg.getToolsMatchingText('quality')).toEqual(['code_metrics']);
    expect(reg.getToolsMatchingText('host')).toEqual(['ping_host']);
    expect(reg.getToolsMatchingText('analy')).toEqual([]);
  });
});
