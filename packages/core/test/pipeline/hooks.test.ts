import { Hook, ToolRegistry, ToolResult } from '@victor-tools/core';
import { recordingLogger, testTool } from '../registry/helpers';

// The shared resources these tests pass, declared as a project declares its own (declaration merging).
declare module '@victor-tools/core' {
  interface ToolExecutionContext {
    user?: string;
  }
}

function setup() {
  const logger = recordingLogger();
  const registry = new ToolRegistry({ logger });
  const tool = testTool({ name: 'git', run: (args) => ({ ran: args }) });
  registry.register(tool);
  return { registry, tool, logger };
}

describe('Hook', () => {
  describe('constructor', () => {
    it('should default to a non-critical hook named after its function', () => {
      function auditTrail(): void {}
      const hook = new Hook(auditTrail);
      expect(hook).toMatchObject({ name: 'auditTrail', critical: false, description: '' });
    });

    it('should keep the given name, criticality and description', () => {
      const hook = new Hook(() => undefined, { name: 'security_validation', critical: true, description: 'checks' });
      expect(hook).toMatchObject({ name: 'security_validation', critical: true, description: 'checks' });
    });

    it('should throw a TypeError when the callback is not a function', () => {
      expect(() => new Hook(42 as never)).toThrow(TypeError);
    });

    it("should honour the reference's positional form: callback, name, critical, description", () => {
      function callback(): void {}
      expect(new Hook(callback, 'security_validation', true, 'Validates...')).toMatchObject({
        name: 'security_validation',
        critical: true,
        description: 'Validates...',
      });
      expect(new Hook(callback, 'audit')).toMatchObject({ name: 'audit', critical: false, description: '' });
      // The reference's default name is '': the function's name stands in for it.
      expect(new Hook(callback, '', true)).toMatchObject({ name: 'callback', critical: true });
    });

    it('should refuse options of the wrong type, an unknown option and a mix of both forms, naming the problem', () => {
      const fn = () => undefined;
      expect(() => new Hook(fn, 'x', 'yes' as never)).toThrow("A hook's critical flag must be a boolean, got a string.");
      expect(() => new Hook(fn, { name: 42 as never })).toThrow("A hook's name must be a string, got a number.");
      expect(() => new Hook(fn, { critcal: true } as never)).toThrow("Hook: unknown option 'critcal' (did you mean 'critical'?); it takes name, critical, description.");
      expect(() => new Hook(fn, { name: 'x' } as never, true)).toThrow(/either as an object .* or positionally/);
      expect(() => new Hook(fn, null as never)).toThrow('Hook options must be an object { name, critical, description } or a name string, got null.');
      expect(() => new Hook(fn, { name: null } as never)).toThrow("A hook's name must be a string, got null.");
      expect(() => new Hook(fn, { description: ['a'] } as never)).toThrow("A hook's description must be a string, got an array.");
    });
  });
});

describe('ToolRegistry', () => {
  describe("hooks in the reference's positional form", () => {
    it("should make registerBeforeHook(fn, 'name', true) a critical hook that stops the call", async () => {
      const { registry, tool } = setup();
      registry.registerBeforeHook(
        () => {
          throw new Error('push to main is forbidden');
        },
        'security_validation',
        true,
        'Validates git calls',
      );
      const result = await registry.execute('git', {});
      expect(result.error).toBe("Critical hook 'security_validation' failed for tool 'git': push to main is forbidden");
      expect(tool.calls).toHaveLength(0);
    });

    it("should make registerBeforeHook(fn, 'name') a non-critical hook, logged under that name", async () => {
      const { registry, tool, logger } = setup();
      registry.registerBeforeHook(() => {
        throw new Error('audit store down');
      }, 'audit');
      expect((await registry.execute('git', {})).success).toBe(true);
      expect(tool.calls).toHaveLength(1);
      expect(logger.entries[0]!.message).toContain("'audit'");
    });

    it('should take the positional form for after-hooks too', async () => {
      const { registry } = setup();
      registry.registerAfterHook(
        () => {
          throw new Error('result store down');
        },
        'store_result',
        true,
      );
      expect((await registry.execute('git', {})).error).toBe("Critical hook 'store_result' failed for tool 'git': result store down");
    });

    it("should let the positional options override a Hook's own", async () => {
      const { registry } = setup();
      const hook = new Hook(() => {
        throw new Error('no');
      }, 'lenient');
      registry.registerBeforeHook(hook, 'strict', true);
      expect((await registry.execute('git', {})).error).toBe("Critical hook 'strict' failed for tool 'git': no");
    });
  });

  describe('registerBeforeHook', () => {
    it('should call the hook with the tool name, the validated args and the context', async () => {
      const { registry } = setup();
      const seen: unknown[] = [];
      registry.registerBeforeHook((toolName, args, ctx) => {
        seen.push([toolName, args, ctx]);
      });
      const ctx = { user: 'ann' };
      await registry.execute('git', { a: 1 }, ctx);
      expect(seen).toEqual([['git', { a: 1 }, ctx]]);
    });

    it('should hand the tool the args a hook returns', async () => {
      const { registry, tool } = setup();
      registry.registerBeforeHook((_name, args) => ({ ...args, injected: true }));
      const result = await registry.execute('git', { a: 1 });
      expect(tool.calls[0].args).toEqual({ a: 1, injected: true });
      expect(result.output).toEqual({ ran: { a: 1, injected: true } });
    });

    it('should ignore return values that are not objects', async () => {
      const { registry, tool } = setup();
      const log: string[] = [];
      registry.registerBeforeHook((name) => log.push(name));
      await registry.execute('git', { a: 1 });
      expect(tool.calls[0].args).toEqual({ a: 1 });
    });

    it('should log a failing non-critical hook and run the tool anyway', async () => {
      const { registry, tool, logger } = setup();
      registry.registerBeforeHook(
        () => {
          throw new Error('audit store down');
        },
        { name: 'audit' },
      );
      const result = await registry.execute('git', {});
      expect(result.success).toBe(true);
      expect(tool.calls).toHaveLength(1);
      expect(logger.entries).toEqual([expect.objectContaining({ level: 'warn', message: expect.stringContaining('audit store down') })]);
      expect(logger.entries[0].message).toContain("'audit'");
    });

    it('should fail the call with the exact message when a critical hook fails, and never run the tool', async () => {
      const { registry, tool } = setup();
      registry.registerBeforeHook(
        new Hook(
          () => {
            throw new Error('push to main is forbidden');
          },
          { name: 'security_validation', critical: true },
        ),
      );
      const result = await registry.execute('git', {});
      expect(result.success).toBe(false);
      expect(result.error).toBe("Critical hook 'security_validation' failed for tool 'git': push to main is forbidden");
      expect(tool.calls).toHaveLength(0);
    });

    it('should accept the critical flag as an option next to a bare function', async () => {
      const { registry, tool } = setup();
      registry.registerBeforeHook(
        () => {
          throw new Error('no');
        },
        { name: 'gate', critical: true },
      );
      expect((await registry.execute('git', {})).error).toBe("Critical hook 'gate' failed for tool 'git': no");
      expect(tool.calls).toHaveLength(0);
    });

    it('should stop calling a hook once its remover is called', async () => {
      const { registry } = setup();
      const hook = jest.fn();
      const remove = registry.registerBeforeHook(hook);
      await registry.execute('git', {});
      remove();
      remove();
      await registry.execute('git', {});
      expect(hook).toHaveBeenCalledTimes(1);
    });

    it('should run hooks in registration order, each seeing the previous replacement', async () => {
      const { registry, tool } = setup();
      registry.registerBeforeHook((_n, args) => ({ ...args, order: ['first'] }));
      registry.registerBeforeHook((_n, args) => ({ ...args, order: [...(args.order as string[]), 'second'] }));
      await registry.execute('git', {});
      expect(tool.calls[0].args.order).toEqual(['first', 'second']);
    });

    it('should await async hooks', async () => {
      const { registry, tool } = setup();
      registry.registerBeforeHook(async (_n, args) => ({ ...args, late: true }));
      await registry.execute('git', {});
      expect(tool.calls[0].args.late).toBe(true);
    });

    it('should run the hooks after an async one in order, each seeing the previous replacement', async () => {
      const { registry, tool } = setup();
      registry.registerBeforeHook((_n, args) => ({ ...args, trail: ['sync'] }));
      registry.registerBeforeHook(async (_n, args) => ({ ...args, trail: [...(args.trail as string[]), 'async'] }));
      registry.registerBeforeHook((_n, args) => ({ ...args, trail: [...(args.trail as string[]), 'after'] }));
      await registry.execute('git', {});
      expect(tool.calls[0].args.trail).toEqual(['sync', 'async', 'after']);
    });

    it('should fail the call when a critical async hook rejects, and never run the tool', async () => {
      const { registry, tool } = setup();
      registry.registerBeforeHook(() => Promise.reject(new Error('denied')), { name: 'security_validation', critical: true });
      const result = await registry.execute('git', {});
      expect(result.error).toBe("Critical hook 'security_validation' failed for tool 'git': denied");
      expect(tool.calls).toHaveLength(0);
    });
  });

  describe('registerAfterHook', () => {
    it('should call the hook with the result, the tool name and the args', async () => {
      const { registry } = setup();
      const seen: unknown[] = [];
      registry.registerAfterHook((result, info) => {
        seen.push([result.output, info]);
      });
      await registry.execute('git', { a: 1 });
      expect(seen).toEqual([[{ ran: { a: 1 } }, { toolName: 'git', args: { a: 1 } }]]);
    });

    it('should return the result a hook returns', async () => {
      const { registry } = setup();
      registry.registerAfterHook((result) => ToolResult.ok({ wrapped: result.output }));
      expect((await registry.execute('git', {})).output).toEqual({ wrapped: { ran: {} } });
    });

    it('should keep the result when a hook returns something that is not a result', async () => {
      const { registry } = setup();
      const log: unknown[] = [];
      registry.registerAfterHook((result) => log.push(result));
      expect((await registry.execute('git', {})).output).toEqual({ ran: {} });
    });

    it('should log a failing non-critical hook and keep the result', async () => {
      const { registry, logger } = setup();
      registry.registerAfterHook(() => {
        throw new Error('metrics down');
      });
      const result = await registry.execute('git', {});
      expect(result.success).toBe(true);
      expect(logger.entries.some((e) => e.level === 'warn' && e.message.includes('metrics down'))).toBe(true);
    });

    it('should complete the call when the logger throws while reporting a failed after-hook', async () => {
      const registry = new ToolRegistry({
        logger: { ...recordingLogger(), warn: () => { throw new Error('log sink closed'); } },
      });
      const ran: string[] = [];
      registry.register(testTool({ name: 'git', run: () => ran.push('git') }));
      registry.registerAfterHook(() => {
        throw new Error('metrics down');
      });
      const result = await registry.execute('git', {});
      expect(ran).toEqual(['git']);
      expect(result).toMatchObject({ success: true, output: 1 });
    });

    it('should fail the call when a critical after-hook fails', async () => {
      const { registry } = setup();
      registry.registerAfterHook(
        () => {
          throw new Error('output leaks a secret');
        },
        { name: 'redaction', critical: true },
      );
      const result = await registry.execute('git', {});
      expect(result.error).toBe("Critical hook 'redaction' failed for tool 'git': output leaks a secret");
    });

    it('should await an async hook and return the result it resolves to', async () => {
      const { registry } = setup();
      registry.registerAfterHook(async (result) => ToolResult.ok({ wrapped: result.output }));
      registry.registerAfterHook((result) => ToolResult.ok({ again: result.output }));
      expect((await registry.execute('git', {})).output).toEqual({ again: { wrapped: { ran: {} } } });
    });

    it('should fail the call when a critical async after-hook rejects', async () => {
      const { registry } = setup();
      registry.registerAfterHook(() => Promise.reject(new Error('output leaks a secret')), { name: 'redaction', critical: true });
      const result = await registry.execute('git', {});
      expect(result.error).toBe("Critical hook 'redaction' failed for tool 'git': output leaks a secret");
    });

    it('should stop calling a hook once its remover is called', async () => {
      const { registry } = setup();
      const hook = jest.fn();
      const remove = registry.registerAfterHook(new Hook(hook, { name: 'h' }));
      remove();
      await registry.execute('git', {});
      expect(hook).not.toHaveBeenCalled();
    });
  });

  describe('hooks and calls that never reach the tool', () => {
    it.each([
      ['an unknown tool', 'nope', {}],
      ['a disabled tool', 'off', {}],
    ])('should not run hooks for %s', async (_what, name, args) => {
      const { registry } = setup();
      registry.register(testTool({ name: 'off' }), { enabled: false });
      const before = jest.fn();
      const after = jest.fn();
      registry.registerBeforeHook(before);
      registry.registerAfterHook(after);
      const result = await registry.execute(name, args);
      expect(result.success).toBe(false);
      expect(before).not.toHaveBeenCalled();
      expect(after).not.toHaveBeenCalled();
    });

    it('should not run after-hooks when a critical before-hook stopped the call', async () => {
      const { registry } = setup();
      const after = jest.fn();
      registry.registerBeforeHook(
        () => {
          throw new Error('x');
        },
        { critical: true },
      );
      registry.registerAfterHook(after);
      await registry.execute('git', {});
      expect(after).not.toHaveBeenCalled();
    });
  });

  describe('hooks throwing values that are not errors', () => {
    it.each([['a string', 'plain string'], ['undefined', undefined], ['a number', 7], ['null', null]])(
      'should survive a hook throwing %s',
      async (_what, thrown) => {
        const { registry, logger } = setup();
        registry.registerBeforeHook(() => {
          throw thrown;
        });
        registry.registerBeforeHook(
          () => {
            throw thrown;
          },
          { name: 'strict', critical: true },
        );
        const result = await registry.execute('git', {});
        expect(result.success).toBe(false);
        expect(result.error).toBe(`Critical hook 'strict' failed for tool 'git': ${String(thrown)}`);
        expect(logger.entries).toHaveLength(1);
      },
    );
  });
});
