import { join } from 'node:path';
import { DecoratedTool, MetadataStorage, Param, Tool, ToolContainer, getMetadataStorage, tool } from '@victor-tools/decorators';
import { ToolResult } from '@victor-tools/core';
import { RecordingMetadataRegistry, StoringRegistry } from '../helpers/fake-registry';

function containerOver(storage?: MetadataStorage) {
  const registry = new StoringRegistry();
  return { registry, container: new ToolContainer({ registry, metadataRegistry: new RecordingMetadataRegistry(), storage }) };
}

/** Two storages that share nothing: each holds only what was declared while it was being filled. */
function twoStorages() {
  getMetadataStorage().clear();
  class AParams {
    @Param({ type: 'string' }) a = 'a';
  }
  @Tool({ description: 'Tool A.', params: AParams })
  class AlphaTool {
    execute() {
      return 'a';
    }
  }
  class AlphaBox {
    @Tool({ description: 'Method A.' })
    alphaMethod() {
      return 'am';
    }
  }
  const first = getMetadataStorage().clone();
  getMetadataStorage().clear();
  @Tool({ description: 'Tool B.' })
  class BetaTool extends DecoratedTool {
    async execute() {
      return ToolResult.ok('b');
    }
  }
  @Tool({ description: 'Tool C.' })
  class GammaTool {
    execute() {
      return 'c';
    }
  }
  const second = getMetadataStorage().clone();
  return { first, second, AlphaTool, AlphaBox, BetaTool, GammaTool };
}

// These tests clear the process-wide storage (TypeGraphQL's habit): every
// class they use is declared inside them.
describe('ToolContainer', () => {
  describe('with a storage', () => {
    it('should build only from its own storage: two containers over two storages do not see each other’s tools', () => {
      const { first, second, AlphaTool, AlphaBox, BetaTool, GammaTool } = twoStorages();
      // Classes and instances, toolboxes, plain @Tool classes and a @Tool BaseTool subclass.
      const everything = [AlphaTool, new AlphaBox(), BetaTool, new GammaTool()];
      const one = containerOver(first).container.scan(...everything);
      const two = containerOver(second).container.scan(...everything);
      expect(one.registered.map((r) => r.name)).toEqual(['alpha', 'alpha_method']);
      expect(two.registered.map((r) => r.name)).toEqual(['beta', 'gamma']);
      expect(one.skipped.map((s) => s.name)).toEqual(['BetaTool', 'GammaTool']);
      expect(two.skipped.map((s) => s.name)).toEqual(['AlphaTool', 'AlphaBox']);
      expect(containerOver(first).container.scan(AlphaBox).registered.map((r) => r.name)).toEqual(['alpha_method']);
      expect(containerOver(second).container.scan(AlphaBox).registered).toEqual([]);
    });

    it('should keep building from its storage after the global one is cleared', () => {
      const { first, AlphaTool } = twoStorages();
      getMetadataStorage().clear();
      const { registry, container } = containerOver(first);
      container.scan(AlphaTool);
      expect(registry.get('alpha')!.parameters.properties).toEqual({ a: { type: 'string', default: 'a' } });
    });

    it('should still take BaseTool instances and tool() functions, which are tools by themselves', () => {
      const { registry, container } = containerOver(new MetadataStorage());
      const { BetaTool } = twoStorages();
      const report = container.scan(new BetaTool(), tool({ name: 'fn', description: 'A function.' }, () => 1));
      expect(report.registered.map((r) => r.name)).toEqual(['beta', 'fn']);
      expect(registry.tools.size).toBe(2);
    });
  });

  describe('without a storage', () => {
    it('should build from the global storage as it is at each scan', () => {
      getMetadataStorage().clear();
      const { container } = containerOver();
      @Tool({ description: 'Declared after the container was made.' })
      class LaterTool {
        execute() {
          return 1;
        }
      }
      expect(container.scan(LaterTool).registered.map((r) => r.name)).toEqual(['later']);
    });

    it('should see the tools of the files scanDirectory loads', async () => {
      getMetadataStorage().clear();
      const { registry, container } = containerOver();
      const report = await container.scanDirectory(join(__dirname, '..', 'fixtures', 'late'), { include: ['*.ts'] });
      expect(report.registered).toEqual([{ name: 'late', source: 'late-tool.ts:LateTool' }]);
      expect(registry.get('late')!.parameters.properties).toEqual({ text: { type: 'string', default: 'late' } });
    });
  });
});
