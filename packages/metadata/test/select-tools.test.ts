import { estimateTokens, SchemaLevel, type BaseTool } from '@victor-tools/core';
import type { SchemaRenderer } from '@victor-tools/core/framework';
import { registerSchemaRenderer } from '@victor-tools/core/internal';
import { selectTools, ToolMetadataRegistry } from '@victor-tools/metadata';
import { FakeRegistry } from './fixtures/fake-registry';
import { TestTool, tool } from './fixtures/tools';
import { WatchedRegistry } from './fixtures/watched-registry';

/** A renderer whose schema sizes differ clearly by level, so budgets are easy to reason about. */
const sized: SchemaRenderer = {
  name: 'sized',
  render: (t: BaseTool, level: SchemaLevel) => ({
    name: t.name,
    level: level.value,
    text: 'word '.repeat(level === SchemaLevel.FULL ? 60 : level === SchemaLevel.COMPACT ? 20 : 2),
  }),
};
const cost = (name: string, level: SchemaLevel): number => estimateTokens(sized.render({ name } as BaseTool, level));

function setup(): { registry: FakeRegistry; metadataRegistry: ToolMetadataRegistry } {
  const registry = new FakeRegistry();
  registry.register(tool('read_file', { keywords: ['file', 'read'], priority: 1, accessMode: 'readonly' }, 'Read a file.'));
  registry.register(tool('write_file', { keywords: ['file', 'write'], accessMode: 'write' }, 'Write a file.'));
  registry.register(tool('file_info', { keywords: ['file', 'size'] }, 'Show file size.'));
  registry.register(tool('delete_file', { keywords: ['file', 'delete'], accessMode: 'write' }, 'Delete a file.'));
  registry.register(new TestTool('git_log', 'Show the commit history.'));
  return { registry, metadataRegistry: new ToolMetadataRegistry() };
}

describe('selectTools', () => {
  it('should give every relevant tool its FULL schema when the budget allows', () => {
    const { registry, metadataRegistry } = setup();
    const selection = selectTools(registry, 'read a file', { metadataRegistry, provider: sized });
    expect(selection.tools.map((t) => t.name)).toEqual(metadataRegistry.search('read a file').map((r) => r.name));
    expect(selection.tools.map((t) => t.name).sort()).toEqual(['delete_file', 'file_info', 'read_file', 'write_file']);
    for (const t of selection.tools) expect(t.level).toBe(SchemaLevel.FULL);
    expect(selection.totalTokens).toBe(selection.tools.reduce((sum, t) => sum + t.tokens, 0));
  });

  it('should render and count schemas in the provider format', () => {
    const { registry, metadataRegistry } = setup();
    const [first] = selectTools(registry, 'read file', { metadataRegistry, provider: sized, maxTools: 1 }).tools;
    expect(first.schema).toEqual(sized.render(registry.listTools()[0], SchemaLevel.FULL));
    expect(first.tokens).toBe(cost('read_file', SchemaLevel.FULL));
  });

  it("should default to the tool's own schema at the level", () => {
    const { registry, metadataRegistry } = setup();
    const [first] = selectTools(registry, 'read file', { metadataRegistry, maxTools: 1 }).tools;
    const readFile = registry.listTools()[0];
    expect(first.schema).toEqual(readFile.toSchema(SchemaLevel.FULL));
    expect(first.tokens).toBe(estimateTokens(readFile.toSchema(SchemaLevel.FULL)));
  });

  it('should fit the budget, the best tools most verbose', () => {
    const { registry, metadataRegistry } = setup();
    metadataRegistry.refreshFromTools(registry);
    const names = metadataRegistry.search('read a file').map((r) => r.name);
    expect(names).toHaveLength(4);
    const budget =
      cost(names[0], SchemaLevel.FULL) + cost(names[1], SchemaLevel.COMPACT) + cost(names[2], SchemaLevel.STUB) + cost(names[3], SchemaLevel.STUB);
    const selection = selectTools(registry, 'read a file', { metadataRegistry, provider: sized, tokenBudget: budget });
    expect(selection.tools.map((t) => [t.name, t.level])).toEqual([
      [names[0], SchemaLevel.FULL],
      [names[1], SchemaLevel.COMPACT],
      [names[2], SchemaLevel.STUB],
      [names[3], SchemaLevel.STUB],
    ]);
    expect(selection.totalTokens).toBeLessThanOrEqual(budget);
  });

  it('should leave out tools that do not fit even as stubs', () => {
    const { registry, metadataRegistry } = setup();
    metadataRegistry.refreshFromTools(registry);
    const [best, second] = metadataRegistry.search('read a file').map((r) => r.name);
    const budget = cost(best, SchemaLevel.STUB) + cost(second, SchemaLevel.STUB);
    const selection = selectTools(registry, 'read a file', { metadataRegistry, provider: sized, tokenBudget: budget });
    expect(selection.tools.map((t) => t.name)).toEqual([best, second]);
    expect(selection.tools.every((t) => t.level === SchemaLevel.STUB)).toBe(true);
    expect(selectTools(registry, 'read a file', { metadataRegistry, provider: sized, tokenBudget: 1 }).tools).toEqual([]);
  });

  it('should cap the verbosity at the requested level and the count at maxTools', () => {
    const { registry, metadataRegistry } = setup();
    const selection = selectTools(registry, 'file', { metadataRegistry, provider: sized, level: 'compact', maxTools: 2 });
    expect(selection.tools).toHaveLength(2);
    expect(selection.tools.every((t) => t.level === SchemaLevel.COMPACT)).toBe(true);
  });

  it('should apply the agent mode', () => {
    const { registry, metadataRegistry } = setup();
    const names = selectTools(registry, 'write delete file', { metadataRegistry, provider: sized, mode: 'plan' }).tools.map((t) => t.name);
    expect(names).not.toContain('write_file');
    expect(names).not.toContain('delete_file');
    expect(names).toContain('read_file');
  });

  it('should offer only enabled tools while indexing every registered one', () => {
    const { registry, metadataRegistry } = setup();
    registry.disableTool('read_file');
    const names = selectTools(registry, 'read a file', { metadataRegistry, provider: sized }).tools.map((t) => t.name);
    expect(names).not.toContain('read_file');
    expect(metadataRegistry.getMetadata('read_file')).toBeDefined();
  });

  it('should pick by priority, then name, for a blank query', () => {
    const { registry, metadataRegistry } = setup();
    const names = selectTools(registry, '  ', { metadataRegistry, provider: sized, maxTools: 3 }).tools.map((t) => t.name);
    expect(names).toEqual(['read_file', 'delete_file', 'file_info']);
  });

  it('should use the process-wide metadata registry by default', () => {
    ToolMetadataRegistry.resetInstance();
    const { registry } = setup();
    selectTools(registry, 'file', { provider: sized });
    expect(ToolMetadataRegistry.getInstance().getStatistics().totalTools).toBe(5);
    ToolMetadataRegistry.resetInstance();
  });

  describe('with a registry that reports changes', () => {
    function watched(): { registry: WatchedRegistry; metadataRegistry: ToolMetadataRegistry } {
      const registry = new WatchedRegistry();
      registry.register(tool('read_file', { keywords: ['file', 'read'] }, 'Read a file.'));
      registry.register(tool('write_file', { keywords: ['file', 'write'] }, 'Write a file.'));
      return { registry, metadataRegistry: new ToolMetadataRegistry() };
    }
    const select = (registry: WatchedRegistry, metadataRegistry: ToolMetadataRegistry, query: string): string[] =>
      selectTools(registry, query, { metadataRegistry, provider: sized }).tools.map((t) => t.name);

    it('should index a tool registered after the first selection', () => {
      const { registry, metadataRegistry } = watched();
      expect(select(registry, metadataRegistry, 'commit')).toEqual([]);
      registry.register(tool('git_commit', { keywords: ['git', 'commit'] }, 'Record changes.'));
      expect(select(registry, metadataRegistry, 'commit')).toEqual(['git_commit']);
    });

    it('should drop a tool unregistered or disabled after the first selection', () => {
      const { registry, metadataRegistry } = watched();
      expect(select(registry, metadataRegistry, 'file')).toEqual(['read_file', 'write_file']);
      registry.disableTool('read_file');
      expect(select(registry, metadataRegistry, 'file')).toEqual(['write_file']);
      registry.unregister('write_file');
      expect(select(registry, metadataRegistry, 'file')).toEqual([]);
      expect(metadataRegistry.getMetadata('write_file')).toBeUndefined();
    });

    it('should re-check when the metadata registry was refreshed from other tools in between', () => {
      const { registry, metadataRegistry } = watched();
      select(registry, metadataRegistry, 'file');
      metadataRegistry.refreshFromTools([tool('other', { keywords: ['file'] })]);
      expect(select(registry, metadataRegistry, 'file')).toEqual(['read_file', 'write_file']);
    });
  });

  it('should count a schema again when the tool changes its description', () => {
    const registry = new FakeRegistry();
    const readFile = new TestTool('read_file', 'Read a file.', { keywords: ['file'] });
    registry.register(readFile);
    const metadataRegistry = new ToolMetadataRegistry();
    const before = selectTools(registry, 'file', { metadataRegistry }).tools[0].tokens;
    readFile.toolDescription = 'Read a file from the disk, all of it, in one go, as text decoded with the encoding given.';
    const [after] = selectTools(registry, 'file', { metadataRegistry }).tools;
    expect(after.tokens).toBeGreaterThan(before);
    expect(after.tokens).toBe(estimateTokens(after.schema));
  });
});


describe('selectTools provider by name', () => {
  it("should render 'openai' as the tool's own schema when no renderer of that name is registered", () => {
    const { registry, metadataRegistry } = setup();
    const [first] = selectTools(registry, 'read file', { metadataRegistry, maxTools: 1, provider: 'openai' }).tools;
    expect(first.schema).toEqual(registry.listTools()[0].toSchema(SchemaLevel.FULL));
  });

  it('should use a renderer registered with core under the name given', () => {
    const { registry, metadataRegistry } = setup();
    registerSchemaRenderer({ ...sized, name: 'sized-by-name' });
    const [first] = selectTools(registry, 'read file', { metadataRegistry, maxTools: 1, provider: 'sized-by-name' }).tools;
    expect(first.schema).toEqual(sized.render(registry.listTools()[0], SchemaLevel.FULL));
    expect(first.tokens).toBe(cost('read_file', SchemaLevel.FULL));
  });

  it('should say what to import when no renderer has the name', () => {
    const { registry, metadataRegistry } = setup();
    expect(() => selectTools(registry, 'read file', { metadataRegistry, provider: 'anthropic' })).toThrow(
      /no schema renderer named 'anthropic'.*Import '@victor-tools\/providers'/,
    );
  });
});
