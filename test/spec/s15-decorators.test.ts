// For @victor-tools/decorators: one result rule for every tool, a
// container that builds from the storage it is given, and a pinned public API.
import { BaseTool, ToolRegistry, ToolResult, type JsonSchema } from '@victor-tools/core';
import * as decorators from '@victor-tools/decorators';
import { MetadataStorage, Tool, ToolContainer, getMetadataStorage, tool, toolsOfInstance } from '@victor-tools/decorators';
import { ToolMetadataRegistry } from '@victor-tools/metadata';
import { quietLogger } from '../support/logger';

afterEach(() => ToolMetadataRegistry.resetInstance());

function quiet() {
  return new ToolRegistry({ logger: quietLogger() });
}

/** `ToolResult` of a second copy of core, as a plugin with its own node_modules would return. */
function foreignToolResult(): typeof ToolResult {
  let copy: typeof ToolResult | undefined;
  jest.isolateModules(() => {
    copy = (require('@victor-tools/core') as typeof import('@victor-tools/core')).ToolResult;
  });
  return copy!;
}

/** Registers `code` as a tool() function, a @Tool class, a toolbox method and a plain BaseTool subclass. */
function everyKindRunning(code: () => unknown): ToolRegistry {
  @Tool({ name: 'cls', description: 'A @Tool class.' })
  class Cls {
    execute() {
      return code();
    }
  }
  class Box {
    @Tool({ name: 'method', description: 'A toolbox method.' })
    method() {
      return code();
    }
  }
  class Hand extends BaseTool {
    get name() {
      return 'hand';
    }
    get description() {
      return 'A BaseTool subclass.';
    }
    get parameters(): JsonSchema {
      return { type: 'object', properties: {} };
    }
    async execute() {
      return code() as ToolResult;
    }
  }
  const registry = quiet();
  registry.register(tool({ name: 'fn', description: 'A function tool.' }, () => code()));
  registry.register(new Cls());
  for (const t of toolsOfInstance(new Box())) registry.register(t);
  registry.register(new Hand());
  return registry;
}

async function resultsOf(code: () => unknown): Promise<unknown[]> {
  const registry = everyKindRunning(code);
  return Promise.all(['fn', 'cls', 'method', 'hand'].map(async (name) => (await registry.execute(name, {})).toJSON()));
}

describe('SPEC 15: one result rule for tool() and BaseTool', () => {
  it("should fail a call whose tool returns { success: false, error: 'boom' }, whatever kind of tool it is", async () => {
    const expected = { success: false, output: null, error: 'boom' };
    expect(await resultsOf(() => ({ success: false, error: 'boom' }))).toEqual([expected, expected, expected, expected]);
  });

  it('should take { success: true, output } as that successful result', async () => {
    const expected = { success: true, output: 5 };
    expect(await resultsOf(() => ({ success: true, output: 5 }))).toEqual([expected, expected, expected, expected]);
  });

  it('should pass a failed ToolResult of another copy of core through as a failure', async () => {
    const Foreign = foreignToolResult();
    expect(Foreign).not.toBe(ToolResult);
    const expected = { success: false, output: null, error: 'boom', metadata: { code: 1 } };
    expect(await resultsOf(() => Foreign.fail('boom', { code: 1 }))).toEqual([expected, expected, expected, expected]);
  });

  it('should wrap any other value, an object with more keys than a result included, as a success', async () => {
    const value = { success: false, error: 'not a result', items: [] };
    const expected = { success: true, output: value };
    expect(await resultsOf(() => value)).toEqual([expected, expected, expected, expected]);
  });
});

describe('SPEC 15: a container builds from the storage it is given', () => {
  // Clearing the process-wide storage is a test's habit (TypeGraphQL's too):
  // the classes below are declared inside the tests.
  it('should give two containers over two storages only their own tools', () => {
    getMetadataStorage().clear();
    @Tool({ name: 'first_tool', description: 'First.' })
    class First {
      execute() {
        return 1;
      }
    }
    const firstStorage = getMetadataStorage().clone();
    getMetadataStorage().clear();
    @Tool({ name: 'second_tool', description: 'Second.' })
    class Second {
      execute() {
        return 2;
      }
    }
    const secondStorage: MetadataStorage = getMetadataStorage().clone();

    const one = new ToolContainer({ registry: quiet(), storage: firstStorage });
    const two = new ToolContainer({ registry: quiet(), storage: secondStorage });
    const reportOne = one.scan(First, Second);
    const reportTwo = two.scan(First, Second);
    expect(reportOne.registered.map((r) => r.name)).toEqual(['first_tool']);
    expect(reportTwo.registered.map((r) => r.name)).toEqual(['second_tool']);
    expect(reportOne.skipped.map((s) => s.name)).toEqual(['Second']);
    expect(reportTwo.skipped.map((s) => s.name)).toEqual(['First']);
  });

  it('should build from the process-wide storage at each scan when given none', () => {
    const container = new ToolContainer({ registry: quiet() });
    @Tool({ name: 'declared_later', description: 'Declared after the container.' })
    class DeclaredLater {
      execute() {
        return 1;
      }
    }
    expect(container.scan(DeclaredLater).registered.map((r) => r.name)).toEqual(['declared_later']);
  });

  it('should give MetadataStorage clone() and clear()', () => {
    @Tool({ name: 'kept', description: 'Kept by the clone.' })
    class Kept {
      execute() {
        return 1;
      }
    }
    const copy = getMetadataStorage().clone();
    getMetadataStorage().clear();
    expect(getMetadataStorage().isToolClass(Kept)).toBe(false);
    expect(copy.isToolClass(Kept)).toBe(true);
  });
});

describe('SPEC 15: the public API of @victor-tools/decorators', () => {
  it('should export exactly what users program against', () => {
    expect(Object.keys(decorators).sort()).toEqual(
      [
        'DecoratedTool',
        'DecoratorUsageError',
        'DuplicateToolNameError',
        'Inject',
        'MetadataStorage',
        'MissingDescriptionError',
        'MissingParamTypeError',
        'MissingProviderError',
        'Param',
        'ParamsClassError',
        'Tool',
        'ToolContainer',
        'getMetadataStorage',
        'tool',
        'toolsOfInstance',
      ].sort(),
    );
  });
});
