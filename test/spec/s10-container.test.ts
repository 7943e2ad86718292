// SPEC section 10: ToolContainer.
import { join } from 'node:path';
import { BaseTool, ToolRegistry, ToolResult } from '@victor-tools/core';
import { Tool, ToolContainer, tool } from '@victor-tools/decorators';
import { ToolMetadataRegistry } from '@victor-tools/metadata';
import { quietLogger } from '../support/logger';

function quiet() {
  return new ToolRegistry({ logger: quietLogger() });
}

describe('ToolContainer', () => {
  afterEach(() => ToolMetadataRegistry.resetInstance());

  it('should take { registry, metadataRegistry } and populate both on scan', () => {
    const registry = quiet();
    const metadataRegistry = new (ToolMetadataRegistry as unknown as new () => ToolMetadataRegistry)();
    const container = new ToolContainer({ registry, metadataRegistry });
    const greet = tool({ name: 'greet', description: 'Greet someone.', keywords: ['hello'] }, () => 'hi');
    const report = container.scan(greet);
    expect(report.registered.map((e) => e.name)).toEqual(['greet']);
    expect(registry.has('greet')).toBe(true);
    expect(metadataRegistry.getMetadata('greet')?.keywords).toEqual(['hello']);
  });

  it('should default to the process-wide metadata registry', () => {
    const registry = quiet();
    new ToolContainer({ registry }).scan(tool({ name: 'solo', description: 'Solo.' }, () => 1));
    expect(ToolMetadataRegistry.getInstance().getMetadata('solo')).toBeDefined();
  });

  describe('provide', () => {
    it('should inject provided values into constructors', async () => {
      @Tool({ name: 'uses_db', description: 'Uses the db.' })
      class UsesDb {
        static inject = ['db'];
        constructor(private readonly db: { q(): string }) {}
        execute() {
          return this.db.q();
        }
      }
      const registry = quiet();
      const container = new ToolContainer({ registry });
      container.provide('db', { q: () => 'rows' });
      container.scan(UsesDb);
      expect((await registry.execute('uses_db', {})).output).toBe('rows');
    });

    it('should fail clearly, naming the class and the token, when a provider is missing', () => {
      @Tool({ name: 'needs_cache', description: 'Needs a cache.' })
      class NeedsCache {
        static inject = ['cache'];
        constructor(readonly cache: unknown) {}
        execute() {
          return 1;
        }
      }
      const container = new ToolContainer({ registry: quiet() });
      let message = '';
      try {
        const report = container.scan(NeedsCache);
        message = report.skipped.map((s) => s.reason).join(' ');
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toContain('NeedsCache');
      expect(message).toContain('cache');
    });
  });

  describe('scan', () => {
    it('should pick tools out of namespaces, arrays, classes, instances and function tools, reporting the rest as skipped', () => {
      @Tool({ name: 'cls_tool', description: 'A class tool.' })
      class ClsTool {
        execute() {
          return 'c';
        }
      }
      @Tool({ name: 'inst_tool', description: 'An instance tool.' })
      class InstTool {
        execute() {
          return 'i';
        }
      }
      class Box {
        @Tool({ name: 'box_method', description: 'A method tool.' })
        m() {
          return 'm';
        }
      }
      class Base extends BaseTool {
        get name() {
          return 'base_inst';
        }
        get description() {
          return 'A BaseTool instance.';
        }
        get parameters() {
          return { type: 'object', properties: {} };
        }
        async execute() {
          return ToolResult.ok('b');
        }
      }
      const fn = tool({ name: 'fn_tool', description: 'A function tool.' }, () => 'f');
      const namespace = { ClsTool, notATool: 42, helper: () => 1, Box };
      const registry = quiet();
      const report = new ToolContainer({ registry }).scan(namespace, [fn], new InstTool(), new Base());
      expect(report.registered.map((e) => e.name).sort()).toEqual(['base_inst', 'box_method', 'cls_tool', 'fn_tool', 'inst_tool']);
      expect(report.skipped.length).toBeGreaterThanOrEqual(1);
      for (const s of report.skipped) expect(typeof s.reason).toBe('string');
      expect(registry.size).toBe(5);
    });
  });

  describe('scanDirectory', () => {
    const dir = join(__dirname, 'fixtures', 'tools');

    it('should import every matching file and register its tools, reporting what it skipped and why', async () => {
      const registry = quiet();
      const report = await new ToolContainer({ registry }).scanDirectory(dir, { include: ['**/*.ts'] });
      expect(report.registered.map((e) => e.name).sort()).toEqual(['alpha_fn', 'alpha_tool', 'beta_tool']);
      expect(registry.has('beta_tool')).toBe(true);
      expect((await registry.execute('alpha_tool', {})).output).toBe('alpha');
      const skipped = report.skipped.find((s) => (s.export ?? s.name ?? '').includes('notATool'));
      expect(skipped).toBeDefined();
      expect(skipped!.reason.length).toBeGreaterThan(0);
      expect(ToolMetadataRegistry.getInstance().getMetadata('alpha_tool')).toBeDefined();
    });

    it('should import only the files include matches', async () => {
      const registry = quiet();
      const report = await new ToolContainer({ registry }).scanDirectory(dir, { include: ['nested/*.ts'] });
      expect(report.registered.map((e) => e.name)).toEqual(['beta_tool']);
      expect(registry.has('alpha_tool')).toBe(false);
    });
  });
});
