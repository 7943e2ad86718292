// ToolMetadataRegistry in depth: a ToolRegistry as the source of its tools,
// auto-generated metadata counted apart, text matched over every field. The
// contract is in test/spec/s07-metadata.test.ts.
import { AccessMode, ExecutionCategory, ToolRegistry } from '@victor-tools/core';
import { ToolMetadataRegistry } from '@victor-tools/metadata';
import { TestTool } from '../../../test/support/tools';

afterEach(() => ToolMetadataRegistry.resetInstance());

const grep = new TestTool({
  name: 'grep_search',
  description: 'Search file contents for a regular expression pattern.',
  parameters: { type: 'object', properties: { pattern: { type: 'string' }, path: { type: 'string' } }, required: ['pattern'] },
});

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
    const tools = [
      new TestTool({
        name: 'write_file',
        aliases: ['save'],
        metadata: { category: 'filesystem', keywords: ['Write', 'file'], stages: ['editing'], taskTypes: ['edit'], accessMode: AccessMode.WRITE, executionCategory: ExecutionCategory.WRITE },
      }),
      new TestTool({
        name: 'read_file',
        description: 'Read a file from disk.',
        metadata: { category: 'filesystem', keywords: ['read', 'file'], stages: ['reading'], taskTypes: ['analysis'], executionCategory: ExecutionCategory.READ_ONLY },
      }),
      new TestTool({
        name: 'thread_dump',
        description: 'Dump the thread stacks.',
        metadata: { category: 'debug', keywords: ['thread'], accessMode: 'readonly', executionCategory: 'compute' },
      }),
      new TestTool({
        name: 'shell',
        metadata: { category: 'exec', keywords: ['digital'], accessMode: AccessMode.EXECUTE, executionCategory: ExecutionCategory.EXECUTE },
      }),
      new TestTool({
        name: 'patch',
        metadata: { category: 'filesystem', keywords: ['patch'], accessMode: AccessMode.MIXED, executionCategory: ExecutionCategory.MIXED },
      }),
    ];
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
