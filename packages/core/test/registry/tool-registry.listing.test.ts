import { BaseTool, CostTier, SchemaLevel, ToolRegistry } from '@victor-tools/core';
import { TOOL_PROTOCOL } from '@victor-tools/core/internal';
import { testTool } from './helpers';
import { tool } from '../../../../test/support/tools';

/** A tool that keeps BaseTool's own `isAvailable` (always available). */
const plainTool = (name: string) => tool({ name, run: () => name });

/** A registry of `count` plain tools, registered directly, under another name and through the tool protocol. */
function registryOfPlainTools(count: number): ToolRegistry {
  const registry = new ToolRegistry();
  for (let i = 0; i < count; i++) {
    const tool = plainTool(`plain_${i}`);
    if (i % 3 === 0) registry.register(tool);
    else if (i % 3 === 1) registry.register(`renamed_${i}`, tool);
    else registry.register({ [TOOL_PROTOCOL]: () => tool });
  }
  return registry;
}

function registryWithTiers(): ToolRegistry {
  const registry = new ToolRegistry();
  registry.register(testTool({ name: 'zeta_free', costTier: CostTier.FREE }));
  registry.register(testTool({ name: 'alpha_free', costTier: CostTier.FREE }));
  registry.register(testTool({ name: 'low_one', costTier: CostTier.LOW }));
  registry.register(testTool({ name: 'medium_one', costTier: CostTier.MEDIUM }));
  registry.register(testTool({ name: 'high_one', costTier: CostTier.HIGH }));
  return registry;
}

describe('ToolRegistry', () => {
  describe('enableTool and disableTool', () => {
    it('should return false for unknown tools', () => {
      const registry = new ToolRegistry();
      expect(registry.enableTool('nope')).toBe(false);
      expect(registry.disableTool('nope')).toBe(false);
      expect(registry.isToolEnabled('nope')).toBe(false);
    });

    it('should keep a disabled tool reachable through get', () => {
      const registry = new ToolRegistry();
      const tool = testTool({ name: 'a' });
      registry.register(tool);
      expect(registry.disableTool('a')).toBe(true);
      expect(registry.get('a')).toBe(tool);
      expect(registry.listTools()).toEqual([]);
      expect(registry.listTools({ onlyEnabled: false })).toEqual([tool]);
    });
  });

  describe('setToolStates and getToolStates', () => {
    it('should set known tools and ignore unknown names', () => {
      const registry = new ToolRegistry();
      registry.register(testTool({ name: 'a' }));
      registry.register(testTool({ name: 'b' }));
      registry.setToolStates({ a: false, ghost: true });
      expect(registry.getToolStates()).toEqual({ a: false, b: true });
    });

    it('should refuse a state that is not a boolean, changing nothing', () => {
      const registry = new ToolRegistry();
      registry.register(testTool({ name: 'shell' }), { enabled: false });
      registry.register(testTool({ name: 'git' }));
      expect(() => registry.setToolStates({ git: false, shell: 'false' } as never)).toThrow(
        "setToolStates: the state of 'shell' must be true or false, got a string; nothing was changed.",
      );
      expect(registry.getToolStates()).toEqual({ shell: false, git: true });
      expect(() => registry.setToolStates(null as never)).toThrow('setToolStates takes an object of tool names to true or false, got null.');
    });

    it('should return a copy', () => {
      const registry = new ToolRegistry();
      registry.register(testTool({ name: 'a' }));
      const states = registry.getToolStates();
      states.a = false;
      expect(registry.isToolEnabled('a')).toBe(true);
    });
  });

  describe('iteration', () => {
    it('should iterate over the tools in registration order', () => {
      const registry = registryWithTiers();
      expect([...registry].map((t) => t.name)).toEqual(['zeta_free', 'alpha_free', 'low_one', 'medium_one', 'high_one']);
    });
  });

  describe('listTools', () => {
    it('should leave out unavailable tools and tools whose availability check throws', () => {
      const registry = new ToolRegistry();
      registry.register(testTool({ name: 'up' }));
      registry.register(testTool({ name: 'down', available: () => false }));
      registry.register(
        testTool({
          name: 'broken',
          available: () => {
            throw new Error('no binary');
          },
        }),
      );
      expect(registry.listTools().map((t) => t.name)).toEqual(['up']);
      expect(registry.listTools({ onlyEnabled: false }).map((t) => t.name)).toEqual(['up', 'down', 'broken']);
    });

    it('should list a tool that becomes available without registering it again', () => {
      const registry = new ToolRegistry();
      let available = false;
      registry.register(testTool({ name: 'later', available: () => available }));
      expect(registry.listTools()).toHaveLength(0);
      available = true;
      expect(registry.listTools().map((t) => t.name)).toEqual(['later']);
    });
  });

  describe('getToolSchemas', () => {
    it('should return the function schemas of the enabled, available tools in a frozen array', () => {
      const registry = new ToolRegistry();
      registry.register(testTool({ name: 'a' }));
      registry.register(testTool({ name: 'b' }), { enabled: false });
      const schemas = registry.getToolSchemas();
      expect(schemas.map((s) => s.function.name)).toEqual(['a']);
      expect(schemas[0].type).toBe('function');
      expect(Object.isFrozen(schemas)).toBe(true);
      expect(registry.getToolSchemas({ onlyEnabled: false }).map((s) => s.function.name)).toEqual(['a', 'b']);
    });

    it('should freeze each shared schema and its function, so no caller can rename a tool for the others', () => {
      const registry = new ToolRegistry();
      const tool = testTool({ name: 'a' });
      registry.register(tool);
      const [schema] = registry.getToolSchemas();
      expect(Object.isFrozen(schema) && Object.isFrozen(schema.function)).toBe(true);
      expect(() => {
        (schema.function as { name: string }).name = 'hacked';
      }).toThrow(TypeError);
      expect(registry.getToolSchemas()[0].function.name).toBe('a');
      // The tool's own answer is its own: not frozen by the registry.
      expect(Object.isFrozen(tool.toJSONSchema().function)).toBe(false);
    });

    it('should return the cached array until the registry changes', () => {
      const registry = new ToolRegistry();
      registry.register(testTool({ name: 'a' }));
      const first = registry.getToolSchemas();
      expect(registry.getToolSchemas()).toBe(first);
      registry.register(testTool({ name: 'b' }));
      const second = registry.getToolSchemas();
      expect(second).not.toBe(first);
      expect(second).toHaveLength(2);
      registry.disableTool('b');
      expect(registry.getToolSchemas()).toHaveLength(1);
      registry.unregister('a');
      expect(registry.getToolSchemas()).toHaveLength(0);
    });

    it('should rebuild when the set of available tools changes', () => {
      const registry = new ToolRegistry();
      let available = true;
      registry.register(testTool({ name: 'a' }));
      registry.register(testTool({ name: 'flaky', available: () => available }));
      const first = registry.getToolSchemas();
      expect(first).toHaveLength(2);
      available = false;
      const second = registry.getToolSchemas();
      expect(second.map((s) => s.function.name)).toEqual(['a']);
      available = true;
      expect(registry.getToolSchemas()).toHaveLength(2);
    });

    it('should not ask tools that keep BaseTool.isAvailable whether they are available', () => {
      const registry = registryOfPlainTools(30);
      const isAvailable = jest.spyOn(BaseTool.prototype, 'isAvailable');
      try {
        const first = registry.getToolSchemas();
        expect(first).toHaveLength(30);
        expect(registry.getToolSchemas()).toBe(first);
        expect(registry.listTools()).toHaveLength(30);
        expect(registry.getToolsByCost()).toHaveLength(30);
        expect(isAvailable).not.toHaveBeenCalled();
      } finally {
        isAvailable.mockRestore();
      }
    });

    it('should ask only the tools with their own isAvailable on a cached call', () => {
      const registry = registryOfPlainTools(30);
      const check = jest.fn(() => true);
      registry.register(testTool({ name: 'dynamic', available: check }));
      const first = registry.getToolSchemas();
      expect(first).toHaveLength(31);
      check.mockClear();
      expect(registry.getToolSchemas()).toBe(first);
      expect(check).toHaveBeenCalledTimes(1);
      check.mockReturnValue(false);
      expect(registry.getToolSchemas().map((s) => s.function.name)).not.toContain('dynamic');
      check.mockReturnValue(true);
      expect(registry.getToolSchemas().map((s) => s.function.name)).toContain('dynamic');
    });

    it('should not ask a disabled tool whether it is available', () => {
      const registry = new ToolRegistry();
      const check = jest.fn(() => true);
      registry.register(testTool({ name: 'off', available: check }), { enabled: false });
      expect(registry.getToolSchemas()).toEqual([]);
      expect(registry.listTools()).toEqual([]);
      expect(check).not.toHaveBeenCalled();
      registry.enableTool('off');
      expect(registry.getToolSchemas().map((s) => s.function.name)).toEqual(['off']);
    });

    it('should render each schema level separately', () => {
      const registry = new ToolRegistry();
      const tool = testTool({ name: 'a' });
      registry.register(tool);
      const stub = registry.getToolSchemas({ level: SchemaLevel.STUB });
      expect(stub).toEqual([tool.toSchema(SchemaLevel.STUB)]);
      expect(registry.getToolSchemas({ level: 'stub' })).toBe(stub);
      expect(registry.getToolSchemas({ level: 'full' })).toEqual([tool.toJSONSchema()]);
    });
  });

  describe('getToolsByCost', () => {
    it('should return the tools at or below a tier, HIGH by default', () => {
      const registry = registryWithTiers();
      expect(registry.getToolsByCost().map((t) => t.name)).toHaveLength(5);
      expect(registry.getToolsByCost(CostTier.LOW).map((t) => t.name)).toEqual(['zeta_free', 'alpha_free', 'low_one']);
      expect(registry.getToolsByCost('free').map((t) => t.name)).toEqual(['zeta_free', 'alpha_free']);
    });

    it('should honour onlyEnabled', () => {
      const registry = registryWithTiers();
      registry.disableTool('low_one');
      expect(registry.getToolsByCost(CostTier.LOW).map((t) => t.name)).toEqual(['zeta_free', 'alpha_free']);
      expect(registry.getToolsByCost(CostTier.LOW, { onlyEnabled: false }).map((t) => t.name)).toContain('low_one');
    });
  });

  describe('getCostSummary', () => {
    it('should list the names of each tier sorted', () => {
      expect(registryWithTiers().getCostSummary()).toEqual({
        free: ['alpha_free', 'zeta_free'],
        low: ['low_one'],
        medium: ['medium_one'],
        high: ['high_one'],
      });
    });

    it('should always have all four keys', () => {
      expect(new ToolRegistry().getCostSummary()).toEqual({ free: [], low: [], medium: [], high: [] });
    });

    it('should honour onlyEnabled', () => {
      const registry = registryWithTiers();
      registry.disableTool('high_one');
      expect(registry.getCostSummary().high).toEqual([]);
      expect(registry.getCostSummary({ onlyEnabled: false }).high).toEqual(['high_one']);
    });
  });
});
