import { BaseTool, ToolRegistrationError, ToolRegistry } from '@victor-tools/core';
import type { RegistryChangeEvent } from '@victor-tools/core/framework';
import { provider, testTool } from './helpers';

describe('ToolRegistry', () => {
  describe('register', () => {
    it('should register a BaseTool under its own name', () => {
      const registry = new ToolRegistry();
      const tool = testTool({ name: 'read_file' });
      registry.register(tool);
      expect(registry.get('read_file')).toBe(tool);
      expect(registry.has('read_file')).toBe(true);
      expect(registry.size).toBe(1);
    });

    it('should register anything that implements the tool protocol', () => {
      const registry = new ToolRegistry();
      const tool = testTool({ name: 'from_provider' });
      registry.register(provider(tool));
      expect(registry.get('from_provider')).toBe(tool);
    });

    it.each([[null], [undefined], [42], ['read_file'], [{ name: 'x', execute: () => 1 }], [() => 1]])(
      'should throw a TypeError for %p',
      (value) => {
        const registry = new ToolRegistry();
        expect(() => registry.register(value as never)).toThrow(TypeError);
        expect(registry.size).toBe(0);
      },
    );

    it('should throw a ToolRegistrationError naming both tools when a name is taken', () => {
      const registry = new ToolRegistry();
      registry.register(testTool({ name: 'git' }));
      const second = testTool({ name: 'git' });
      let thrown: unknown;
      try {
        registry.register(second);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ToolRegistrationError);
      expect((thrown as Error).message).toContain("'git'");
      expect((thrown as Error).message).toContain('replace: true');
      expect(thrown).toMatchObject({ existing: 'git', incoming: 'git', conflict: 'git' });
    });

    it('should throw when a new tool claims an alias already taken, naming both tools', () => {
      const registry = new ToolRegistry();
      registry.register(testTool({ name: 'read_file', aliases: ['read'] }));
      expect(() => registry.register(testTool({ name: 'reader', aliases: ['read'] }))).toThrow(
        /tool 'reader'.*alias 'read'.*tool 'read_file'/,
      );
      expect(registry.has('reader')).toBe(false);
    });

    it('should throw when a new tool name is an alias of another tool', () => {
      const registry = new ToolRegistry();
      registry.register(testTool({ name: 'read_file', aliases: ['read'] }));
      expect(() => registry.register(testTool({ name: 'read' }))).toThrow(ToolRegistrationError);
    });

    it('should replace the tool holding the name when replace is true', () => {
      const registry = new ToolRegistry();
      registry.register(testTool({ name: 'git', aliases: ['g'] }));
      const second = testTool({ name: 'git' });
      registry.register(second, { replace: true });
      expect(registry.get('git')).toBe(second);
      expect(registry.has('g')).toBe(false);
      expect(registry.size).toBe(1);
    });

    it('should do nothing when the same instance is registered twice', () => {
      const registry = new ToolRegistry();
      const events: RegistryChangeEvent[] = [];
      registry.onChange((event) => events.push(event));
      const tool = testTool({ name: 'git' });
      registry.register(tool);
      registry.register(tool);
      expect(registry.size).toBe(1);
      expect(events).toEqual([{ type: 'register', name: 'git' }]);
    });

    it('should register a tool disabled when enabled is false', () => {
      const registry = new ToolRegistry();
      registry.register(testTool({ name: 'git' }), { enabled: false });
      expect(registry.isToolEnabled('git')).toBe(false);
      expect(registry.get('git')).toBeDefined();
    });

    it.each([
      [{ enable: false }, "register: unknown option 'enable' (did you mean 'enabled'?); it takes enabled, replace."],
      [{ enabled: 'no' }, "register option 'enabled' must be a boolean, got a string."],
      [{ replace: 1 }, "register option 'replace' must be a boolean, got a number."],
      [true, 'register options must be an object { enabled, replace }, got a boolean.'],
    ])('should refuse the options %p with a TypeError, registering nothing', (options, message) => {
      const registry = new ToolRegistry();
      expect(() => registry.register(testTool({ name: 'deploy' }), options as never)).toThrow(new TypeError(message));
      expect(() => registry.register('ship', testTool({ name: 'deploy' }), options as never)).toThrow(new TypeError(message));
      expect(registry.size).toBe(0);
    });

    describe('under a custom name', () => {
      it('should show the tool under that name everywhere', () => {
        const registry = new ToolRegistry();
        const tool = testTool({ name: 'original' });
        registry.register('custom', tool);
        expect(registry.has('custom')).toBe(true);
        expect(registry.has('original')).toBe(false);
        expect(registry.get('custom')?.name).toBe('custom');
        expect(registry.get('custom')).toBeInstanceOf(BaseTool);
        expect(registry.listTools().map((t) => t.name)).toEqual(['custom']);
        expect(registry.getToolStates()).toEqual({ custom: true });
        expect(registry.getCostSummary().free).toEqual(['custom']);
        expect(registry.getToolSchemas()[0].function.name).toBe('custom');
        expect(registry.get('custom')?.toJSONSchema().function.name).toBe('custom');
        expect(tool.name).toBe('original');
      });

      it('should execute the tool itself under the custom name', async () => {
        const registry = new ToolRegistry();
        const tool = testTool({ name: 'original', run: (_args, ctx) => ctx.toolName });
        registry.register('custom', tool, { enabled: true });
        const result = await registry.execute('custom', {});
        expect(result.output).toBe('custom');
        expect(tool.calls).toHaveLength(1);
      });

      it('should keep methods working on tools with private fields', async () => {
        class Private extends BaseTool {
          #secret = 'hidden';
          get name() {
            return 'private';
          }
          get description() {
            return this.#secret;
          }
          get parameters() {
            return { type: 'object', properties: {} };
          }
          async execute() {
            return this.#secret as never;
          }
        }
        const registry = new ToolRegistry();
        registry.register('renamed', new Private());
        expect(registry.get('renamed')?.description).toBe('hidden');
        expect((await registry.execute('renamed', {})).output).toBe('hidden');
        expect(registry.getToolSchemas()[0].function).toMatchObject({ name: 'renamed', description: 'hidden' });
      });
    });
  });

  describe('options', () => {
    it('should refuse an unknown option, naming a close one', () => {
      expect(() => new ToolRegistry({ timeoutMs: 10 } as never)).toThrow(
        "new ToolRegistry: unknown option 'timeoutMs' (did you mean 'defaultTimeoutMs'?); it takes logger, coerce, nullAsAbsent, maxErrors, maxErrorChars, maxCheckedValues, defaultTimeoutMs, approve, approvalTimeoutMs, invoker, loopThreshold, refuseLoops.",
      );
      expect(() => new ToolRegistry(null as never)).toThrow('new ToolRegistry: options must be an object, got null.');
      expect(() => new ToolRegistry({ coerce: 'yes' } as never)).toThrow("new ToolRegistry: option 'coerce' must be a boolean, got a string.");
    });

    it('should refuse a logger without the four methods', () => {
      expect(() => new ToolRegistry({ logger: 5 } as never)).toThrow('logger must be an object with debug, info, warn and error methods (like the console), got a number.');
      expect(() => new ToolRegistry({ logger: { warn() {}, error() {} } } as never)).toThrow(
        'logger must be an object with debug, info, warn and error methods (like the console), got an object without debug, info.',
      );
    });

    it('should not let a logger that throws fail the call it reports on', async () => {
      const broken = () => {
        throw new Error('log sink down');
      };
      const registry = new ToolRegistry({ logger: { debug: broken, info: broken, warn: broken, error: broken } });
      registry.register(testTool({ name: 'fetch_url', metadata: { accessMode: 'network' }, run: () => 'page' }));
      registry.registerBeforeHook(() => {
        throw new Error('hook down');
      });
      await expect(registry.execute('fetch_url', {})).resolves.toMatchObject({ success: true, output: 'page' });
    });
  });

  describe('unregister', () => {
    it('should remove a tool and return true', () => {
      const registry = new ToolRegistry();
      registry.register(testTool({ name: 'git', aliases: ['g'] }));
      expect(registry.unregister('git')).toBe(true);
      expect(registry.has('git')).toBe(false);
      expect(registry.has('g')).toBe(false);
      expect(registry.size).toBe(0);
    });

    it('should return false for an unknown name', () => {
      expect(new ToolRegistry().unregister('nope')).toBe(false);
    });

    it('should accept an alias', () => {
      const registry = new ToolRegistry();
      registry.register(testTool({ name: 'git', aliases: ['g'] }));
      expect(registry.unregister('g')).toBe(true);
      expect(registry.has('git')).toBe(false);
    });

    it('should free the name for a new registration', () => {
      const registry = new ToolRegistry();
      registry.register(testTool({ name: 'git' }));
      registry.unregister('git');
      const second = testTool({ name: 'git' });
      registry.register(second);
      expect(registry.get('git')).toBe(second);
    });
  });

  describe('aliases', () => {
    it('should resolve everywhere a name is taken', async () => {
      const registry = new ToolRegistry();
      const tool = testTool({ name: 'read_file', aliases: ['read', 'cat'] });
      registry.register(tool);
      expect(registry.get('cat')).toBe(tool);
      expect(registry.has('read')).toBe(true);
      expect(registry.disableTool('read')).toBe(true);
      expect(registry.isToolEnabled('read_file')).toBe(false);
      expect(registry.enableTool('cat')).toBe(true);
      expect(registry.isToolEnabled('read')).toBe(true);
      registry.setToolStates({ cat: false });
      expect(registry.getToolStates()).toEqual({ read_file: false });
      registry.enableTool('read_file');
      const result = await registry.execute('cat', {});
      expect(result.success).toBe(true);
      expect(tool.calls[0].ctx.toolName).toBe('read_file');
    });
  });

  describe('onChange', () => {
    it('should report register, unregister, enable and disable, and stop after removal', () => {
      const registry = new ToolRegistry();
      const events: RegistryChangeEvent[] = [];
      const remove = registry.onChange((event) => events.push(event));
      registry.register(testTool({ name: 'a' }));
      registry.disableTool('a');
      registry.disableTool('a');
      registry.setToolStates({ a: true, unknown: false });
      registry.setToolStates({ a: true });
      registry.unregister('a');
      remove();
      registry.register(testTool({ name: 'b' }));
      expect(events).toEqual([
        { type: 'register', name: 'a' },
        { type: 'disable', name: 'a' },
        { type: 'enable', name: 'a' },
        { type: 'unregister', name: 'a' },
      ]);
    });

    it('should report a replaced tool as unregistered, then the new one as registered', () => {
      const registry = new ToolRegistry();
      registry.register(testTool({ name: 'a' }));
      const events: RegistryChangeEvent[] = [];
      registry.onChange((event) => events.push(event));
      registry.register(testTool({ name: 'a' }), { replace: true });
      expect(events).toEqual([
        { type: 'unregister', name: 'a' },
        { type: 'register', name: 'a' },
      ]);
    });

    it('should log a failing listener and keep going', () => {
      const warn = jest.fn();
      const registry = new ToolRegistry({ logger: { debug: jest.fn(), info: jest.fn(), warn, error: jest.fn() } });
      registry.onChange(() => {
        throw new Error('listener broke');
      });
      registry.register(testTool({ name: 'a' }));
      expect(registry.has('a')).toBe(true);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('listener broke'), expect.any(Error));
    });
  });
});
