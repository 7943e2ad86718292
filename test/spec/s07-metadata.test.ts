// SPEC section 7: ToolMetadata defaults, auto-generation and ToolMetadataRegistry.
import { AccessMode, CostTier, DangerLevel, ExecutionCategory, Priority, ToolRegistry } from '@victor-tools/core';
import { ToolMetadataRegistry } from '@victor-tools/metadata';
import { TestTool } from './helpers';
import { catalogueTools, grepTool } from '../../packages/metadata/test/support/catalogue';

afterEach(() => ToolMetadataRegistry.resetInstance());

const grep = grepTool();

describe('ToolMetadataRegistry', () => {
  describe('getInstance', () => {
    it('should return one instance per process, kept on globalThis under a Symbol.for key', () => {
      const a = ToolMetadataRegistry.getInstance();
      expect(ToolMetadataRegistry.getInstance()).toBe(a);
      const g = globalThis as unknown as Record<symbol, unknown>;
      const keys = Object.getOwnPropertySymbols(globalThis).filter((s) => g[s] === a);
      expect(keys.length).toBe(1);
      expect(Symbol.keyFor(keys[0])).toBeDefined();
    });

    it('should share the instance with a second copy of the package', () => {
      const a = ToolMetadataRegistry.getInstance();
      let other: unknown;
      jest.isolateModules(() => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        other = (require('@victor-tools/metadata') as typeof import('@victor-tools/metadata')).ToolMetadataRegistry.getInstance();
      });
      expect(other).toBe(a);
    });

    it('should give a fresh instance after resetInstance()', () => {
      const a = ToolMetadataRegistry.getInstance();
      ToolMetadataRegistry.resetInstance();
      expect(ToolMetadataRegistry.getInstance()).not.toBe(a);
    });
  });

  describe('defaults and generated metadata', () => {
    it('should fill priority MEDIUM, accessMode READONLY, dangerLevel SAFE, executionCategory READ_ONLY', () => {
      const reg = ToolMetadataRegistry.getInstance();
      reg.refreshFromTools([new TestTool({ name: 'x', metadata: { category: 'misc' } })]);
      const m = reg.getMetadata('x')!;
      expect(m.priority).toBe(Priority.MEDIUM);
      expect(m.accessMode).toBe(AccessMode.READONLY);
      expect(m.dangerLevel).toBe(DangerLevel.SAFE);
      expect(m.executionCategory).toBe(ExecutionCategory.READ_ONLY);
      for (const f of ['keywords', 'useCases', 'examples', 'priorityHints', 'stages', 'mandatoryKeywords', 'taskTypes', 'progressParams'] as const) {
        expect(Array.isArray(m[f])).toBe(true);
      }
    });

    it('should generate deterministic, lower-cased keywords without stop words and a category', () => {
      const reg = ToolMetadataRegistry.getInstance();
      reg.refreshFromTools([grep]);
      const m = reg.getMetadata('grep_search')!;
      expect(typeof m.category).toBe('string');
      expect(m.category.length).toBeGreaterThan(0);
      expect(m.keywords).toEqual(expect.arrayContaining(['grep', 'search']));
      for (const k of m.keywords) expect(k).toBe(k.toLowerCase());
      for (const stop of ['for', 'a', 'the', 'of']) expect(m.keywords).not.toContain(stop);
      ToolMetadataRegistry.resetInstance();
      const again = ToolMetadataRegistry.getInstance();
      again.refreshFromTools([grep]);
      expect(again.getMetadata('grep_search')).toEqual(m);
    });

    it('should lower-case declared keywords, stages, task types and mandatory keywords', () => {
      const reg = ToolMetadataRegistry.getInstance();
      reg.refreshFromTools([
        new TestTool({ name: 'y', metadata: { keywords: ['Git'], stages: ['Planning'], taskTypes: ['Refactor'], mandatoryKeywords: ['COMMIT'] } }),
      ]);
      const m = reg.getMetadata('y')!;
      expect(m.keywords).toEqual(['git']);
      expect(m.stages).toEqual(['planning']);
      expect(m.taskTypes).toEqual(['refactor']);
      expect(m.mandatoryKeywords).toEqual(['commit']);
    });
  });

  describe('needsReindex / refreshFromTools', () => {
    it('should need a reindex before the first refresh and after each kind of change', () => {
      const reg = ToolMetadataRegistry.getInstance();
      let desc = 'Alpha tool.';
      let cost = CostTier.FREE;
      let aliases: string[] = [];
      let meta: { keywords: string[] } | undefined;
      let params = { type: 'object', properties: {} } as Record<string, unknown>;
      class Mutable extends TestTool {
        override get description() {
          return desc;
        }
        override get costTier() {
          return cost;
        }
        override get aliases() {
          return aliases;
        }
        override get metadata() {
          return meta;
        }
        override get parameters() {
          return params;
        }
      }
      const t = new Mutable({ name: 'alpha' });
      const tools = [t];
      expect(reg.needsReindex(tools)).toBe(true);
      expect(reg.refreshFromTools(tools)).toBe(true);
      expect(reg.needsReindex(tools)).toBe(false);
      expect(reg.refreshFromTools(tools)).toBe(false);
      expect(reg.refreshFromTools(tools, { force: true })).toBe(true);

      const changes: Array<() => void> = [
        () => (desc = 'Beta tool.'),
        () => (cost = CostTier.HIGH),
        () => (aliases = ['al']),
        () => (meta = { keywords: ['k'] }),
        () => (params = { type: 'object', properties: { a: { type: 'string' } } }),
        () => tools.push(new TestTool({ name: 'added' }) as Mutable),
        () => tools.pop(),
      ];
      for (const change of changes) {
        change();
        expect(reg.needsReindex(tools)).toBe(true);
        expect(reg.refreshFromTools(tools)).toBe(true);
        expect(reg.needsReindex(tools)).toBe(false);
      }
      let name = 'n1';
      class Renamed extends TestTool {
        override get name() {
          return name;
        }
      }
      const r = [new Renamed({ name: 'ignored' })];
      reg.refreshFromTools(r);
      name = 'n2';
      expect(reg.needsReindex(r)).toBe(true);
    });
  });

  describe('queries', () => {
    const tools = catalogueTools();
    let reg: ToolMetadataRegistry;
    beforeEach(() => {
      reg = ToolMetadataRegistry.getInstance();
      reg.refreshFromTools(tools);
    });

    it('should be alias-aware in getMetadata', () => {
      expect(reg.getMetadata('save')).toBe(reg.getMetadata('write_file'));
      expect(reg.getMetadata('nope')).toBeUndefined();
    });

    it('should list sorted names by category, keyword (case-insensitive), stage, task type, access mode', () => {
      expect(reg.getToolsByCategory('filesystem')).toEqual(['patch', 'read_file', 'write_file']);
      expect(reg.getByKeyword('FILE')).toEqual(['read_file', 'write_file']);
      expect(reg.getToolsByStage('editing')).toEqual(['write_file']);
      expect(reg.getToolsByTaskType('analysis')).toEqual(['read_file']);
      expect(reg.getToolsByAccessMode(AccessMode.READONLY)).toEqual(['read_file', 'thread_dump']);
      expect(reg.getToolsByAccessMode('execute' as never)).toEqual(['shell']);
    });

    it('should list parallelizable tools and conflicting tools (never itself)', () => {
      expect(reg.getParallelizableTools()).toEqual(['read_file', 'thread_dump']);
      expect(reg.getConflictingTools('write_file')).toEqual(['patch', 'shell']);
      expect(reg.getConflictingTools('shell')).toEqual(['patch', 'write_file']);
      expect(reg.getConflictingTools('patch')).toEqual(['shell', 'write_file']);
      expect(reg.getConflictingTools('read_file')).toEqual([]);
    });

    it('should match whole words case-insensitively in getToolsMatchingText', () => {
      expect(reg.getToolsMatchingText('READ')).toContain('read_file');
      expect(reg.getToolsMatchingText('read')).not.toContain('thread_dump');
      expect(reg.getToolsMatchingText('git')).not.toContain('shell');
      const m = reg.getToolsMatchingText('file');
      expect(m).toEqual([...m].sort());
    });

    it('should report statistics in the documented shape', () => {
      const stats = reg.getStatistics();
      expect(Object.keys(stats).sort()).toEqual(
        ['categories', 'toolsWithAutoMetadata', 'toolsWithExplicitMetadata', 'totalCategories', 'totalKeywords', 'totalTools'].sort(),
      );
      expect(stats.totalTools).toBe(5);
      expect(stats.toolsWithExplicitMetadata).toBe(5);
      expect(stats.toolsWithAutoMetadata).toBe(0);
      expect(stats.categories).toEqual(['debug', 'exec', 'filesystem']);
      expect(stats.totalCategories).toBe(3);
      expect(stats.totalKeywords).toBe(new Set(['write', 'file', 'read', 'thread', 'digital', 'patch']).size);
    });

    it('should stay exact after unregister and re-register', () => {
      reg.refreshFromTools(tools.filter((t) => t.name !== 'read_file'));
      expect(reg.getMetadata('read_file')).toBeUndefined();
      expect(reg.getByKeyword('read')).toEqual([]);
      expect(reg.getToolsByCategory('filesystem')).toEqual(['patch', 'write_file']);
      expect(reg.getToolsMatchingText('read')).toEqual([]);
      expect(reg.getStatistics().totalTools).toBe(4);
      reg.refreshFromTools(tools);
      expect(reg.getByKeyword('read')).toEqual(['read_file']);
      expect(reg.getToolsByCategory('filesystem')).toEqual(['patch', 'read_file', 'write_file']);
    });

    it('should keep project fields added to the metadata and query them', () => {
      reg.refreshFromTools([...tools, new TestTool({ name: 'owned', metadata: { team: 'infra' } as never })]);
      expect((reg.getMetadata('owned') as unknown as { team: string }).team).toBe('infra');
      expect(reg.getToolsWhere('team' as never, 'infra')).toEqual(['owned']);
      expect(reg.query((m) => (m as unknown as { team?: string }).team === 'infra')).toEqual(['owned']);
    });
  });
});

describe('ToolMetadata: the execution category of the access mode', () => {
  it('should derive an undeclared execution category from the access mode, and keep a declared one', () => {
    const tools = (['readonly', 'network', 'write', 'execute', 'mixed'] as const).map(
      (accessMode) => new TestTool({ name: `t_${accessMode}`, metadata: { category: 'x', keywords: [accessMode], accessMode } }),
    );
    tools.push(new TestTool({ name: 't_write_compute', metadata: { category: 'x', keywords: ['w'], accessMode: 'write', executionCategory: 'compute' } }));
    const reg = ToolMetadataRegistry.getInstance();
    reg.refreshFromTools(tools);
    expect(tools.map((t) => reg.getMetadata(t.name)!.executionCategory)).toEqual([
      ExecutionCategory.READ_ONLY,
      ExecutionCategory.NETWORK,
      ExecutionCategory.WRITE,
      ExecutionCategory.EXECUTE,
      ExecutionCategory.MIXED,
      ExecutionCategory.COMPUTE,
    ]);
    expect(reg.getParallelizableTools()).toEqual(['t_network', 't_readonly', 't_write_compute']);
    expect(reg.getConflictingTools('t_write')).toEqual(['t_execute', 't_mixed']);
  });
});

describe("ToolMetadata: the reference's snake_case keys", () => {
  it.each([
    ['access_mode', 'accessMode'],
    ['use_cases', 'useCases'],
    ['execution_category', 'executionCategory'],
  ])("should refuse a BaseTool.metadata with '%s' at registration, naming '%s'", (key, camel) => {
    const tool = new TestTool({ name: 'ported', metadata: { [key]: key === 'use_cases' ? ['x'] : 'write' } as never });
    expect(() => new ToolRegistry().register(tool)).toThrow(TypeError);
    expect(() => new ToolRegistry().register(tool)).toThrow(`metadata key '${key}' is the reference's spelling: write '${camel}'`);
  });

  it("should never let access_mode: 'write' pass as a READONLY tool", () => {
    const tool = new TestTool({ name: 'ported', metadata: { access_mode: 'write' } as never });
    const r = new ToolRegistry();
    expect(() => r.register(tool)).toThrow(TypeError);
    expect(r.has('ported')).toBe(false);
  });
});
