// SPEC section 6: ToolRegistry, hooks and the execute pipeline.
import { CostTier, Hook, SchemaLevel, ToolRegistrationError, ToolRegistry, ToolResult } from '@victor-tools/core';
import { tool as fnTool, Tool } from '@victor-tools/decorators';
import { z } from 'zod';
import { TestTool } from './helpers';
import { quietLogger } from '../support/logger';

// The shared resources these tests pass, declared as a project declares its own (declaration merging).
declare module '@victor-tools/core' {
  interface ToolExecutionContext {
    user?: string;
  }
}

const pathSchema = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };

function quietRegistry(extra: Record<string, unknown> = {}) {
  return new ToolRegistry({ logger: quietLogger(), ...extra });
}

describe('ToolRegistry', () => {
  describe('register', () => {
    it('should register a BaseTool under its name', () => {
      const r = quietRegistry();
      const t = new TestTool({ name: 'a' });
      r.register(t);
      expect(r.get('a')).toBe(t);
      expect(r.has('a')).toBe(true);
      expect(r.size).toBe(1);
    });

    it('should register under a custom name with register(name, tool)', async () => {
      const r = quietRegistry();
      r.register('custom', new TestTool({ name: 'orig' }));
      expect(r.has('custom')).toBe(true);
      expect(r.get('custom')).toBeDefined();
      expect(r.getToolSchemas().map((s) => s.function.name)).toEqual(['custom']);
      expect((await r.execute('custom', {})).success).toBe(true);
    });

    it('should accept a function tool and a @Tool instance', async () => {
      const r = quietRegistry();
      r.register(fnTool({ name: 'fn', description: 'A function tool.', parameters: { type: 'object', properties: {} } }, () => 'x'));
      @Tool({ name: 'cls', description: 'A decorated class.' })
      class Cls {
        execute() {
          return 'y';
        }
      }
      r.register(new Cls());
      expect(r.has('fn')).toBe(true);
      expect(r.has('cls')).toBe(true);
      expect((await r.execute('fn', {})).output).toBe('x');
      expect((await r.execute('cls', {})).output).toBe('y');
    });

    it('should throw a TypeError for anything else', () => {
      const r = quietRegistry();
      expect(() => r.register({} as never)).toThrow(TypeError);
      expect(() => r.register(42 as never)).toThrow(TypeError);
      expect(() => r.register('n', { name: 'x' } as never)).toThrow(TypeError);
    });

    it('should throw a ToolRegistrationError naming both on a taken name, unless replace: true', () => {
      const r = quietRegistry();
      const first = new TestTool({ name: 'dup', description: 'First.' });
      r.register(first);
      const second = new TestTool({ name: 'dup', description: 'Second.' });
      let caught: unknown;
      try {
        r.register(second);
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(ToolRegistrationError);
      expect(caught).toBeInstanceOf(Error);
      expect((caught as Error).message).toContain('dup');
      r.register(second, { replace: true });
      expect(r.get('dup')).toBe(second);
    });

    it('should throw on a taken alias too', () => {
      const r = quietRegistry();
      r.register(new TestTool({ name: 'one', aliases: ['uno'] }));
      expect(() => r.register(new TestTool({ name: 'uno' }))).toThrow(ToolRegistrationError);
      expect(() => r.register(new TestTool({ name: 'two', aliases: ['one'] }))).toThrow(ToolRegistrationError);
      const err = (() => {
        try {
          r.register(new TestTool({ name: 'three', aliases: ['uno'] }));
        } catch (e) {
          return e as Error;
        }
      })();
      expect(err?.message).toContain('one');
      expect(err?.message).toContain('three');
    });

    it('should be a no-op for the same instance twice', () => {
      const r = quietRegistry();
      const t = new TestTool({ name: 'same' });
      r.register(t);
      expect(() => r.register(t)).not.toThrow();
      expect(r.size).toBe(1);
    });

    it('should honour enabled: false', () => {
      const r = quietRegistry();
      r.register(new TestTool({ name: 'off' }), { enabled: false });
      expect(r.isToolEnabled('off')).toBe(false);
    });
  });

  describe('unregister', () => {
    it('should return true for a known name or alias and false otherwise', () => {
      const r = quietRegistry();
      r.register(new TestTool({ name: 'a', aliases: ['aa'] }));
      expect(r.unregister('nope')).toBe(false);
      expect(r.unregister('aa')).toBe(true);
      expect(r.has('a')).toBe(false);
      expect(r.has('aa')).toBe(false);
    });
  });

  describe('aliases', () => {
    it('should resolve everywhere a name is taken', async () => {
      const r = quietRegistry();
      const t = new TestTool({ name: 'a', aliases: ['aa'] });
      r.register(t);
      expect(r.get('aa')).toBe(t);
      expect(r.has('aa')).toBe(true);
      expect(r.disableTool('aa')).toBe(true);
      expect(r.isToolEnabled('a')).toBe(false);
      expect(r.enableTool('aa')).toBe(true);
      expect((await r.execute('aa', {})).success).toBe(true);
    });
  });

  describe('enableTool / disableTool / states', () => {
    it('should return false for unknown names', () => {
      const r = quietRegistry();
      expect(r.enableTool('x')).toBe(false);
      expect(r.disableTool('x')).toBe(false);
      expect(r.isToolEnabled('x')).toBe(false);
    });

    it('should set states, ignoring unknown names, and return a copy', () => {
      const r = quietRegistry();
      r.register(new TestTool({ name: 'a' }));
      r.register(new TestTool({ name: 'b' }));
      r.setToolStates({ a: false, ghost: false });
      expect(r.getToolStates()).toEqual({ a: false, b: true });
      const states = r.getToolStates();
      states.a = true;
      expect(r.isToolEnabled('a')).toBe(false);
    });
  });

  describe('get / iteration', () => {
    it('should return disabled tools too and undefined for unknown', () => {
      const r = quietRegistry();
      const t = new TestTool({ name: 'a' });
      r.register(t, { enabled: false });
      expect(r.get('a')).toBe(t);
      expect(r.get('b')).toBeUndefined();
    });

    it('should be iterable over tools', () => {
      const r = quietRegistry();
      const a = new TestTool({ name: 'a' });
      const b = new TestTool({ name: 'b' });
      r.register(a);
      r.register(b);
      expect([...r]).toEqual([a, b]);
    });
  });

  describe('listTools', () => {
    it('should leave out disabled and unavailable tools, and throwing availability', () => {
      const r = quietRegistry();
      let ready = false;
      r.register(new TestTool({ name: 'on' }));
      r.register(new TestTool({ name: 'off' }), { enabled: false });
      r.register(new TestTool({ name: 'later', available: () => ready }));
      r.register(new TestTool({ name: 'broken', available: () => { throw new Error('x'); } }));
      expect(r.listTools().map((t) => t.name)).toEqual(['on']);
      ready = true;
      expect(r.listTools().map((t) => t.name).sort()).toEqual(['later', 'on']);
      expect(r.listTools({ onlyEnabled: false }).map((t) => t.name).sort()).toEqual(['broken', 'later', 'off', 'on']);
    });
  });

  describe('getToolSchemas', () => {
    it('should return frozen arrays, cached until the registry or availability changes', () => {
      const r = quietRegistry();
      let ready = false;
      r.register(new TestTool({ name: 'a' }));
      r.register(new TestTool({ name: 'b', available: () => ready }));
      const first = r.getToolSchemas();
      expect(Object.isFrozen(first)).toBe(true);
      expect(first.map((s) => s.function.name)).toEqual(['a']);
      expect(r.getToolSchemas()).toBe(first);
      ready = true;
      expect(r.getToolSchemas().map((s) => s.function.name)).toEqual(['a', 'b']);
      r.disableTool('a');
      expect(r.getToolSchemas().map((s) => s.function.name)).toEqual(['b']);
      expect(r.getToolSchemas({ onlyEnabled: false }).map((s) => s.function.name)).toEqual(['a', 'b']);
    });

    it('should render at the given level', () => {
      const r = quietRegistry();
      const t = new TestTool({ name: 'a', description: 'One. Two.', parameters: pathSchema });
      r.register(t);
      expect(r.getToolSchemas({ level: SchemaLevel.STUB })[0]).toEqual(t.toSchema(SchemaLevel.STUB));
      expect(r.getToolSchemas({ level: 'stub' as never })[0]).toEqual(t.toSchema(SchemaLevel.STUB));
    });
  });

  describe('getToolsByCost / getCostSummary', () => {
    const r = quietRegistry();
    r.register(new TestTool({ name: 'f', costTier: CostTier.FREE }));
    r.register(new TestTool({ name: 'm2', costTier: CostTier.MEDIUM }));
    r.register(new TestTool({ name: 'm1', costTier: CostTier.MEDIUM }));
    r.register(new TestTool({ name: 'h', costTier: CostTier.HIGH }));
    r.register(new TestTool({ name: 'off', costTier: CostTier.LOW }), { enabled: false });

    it('should keep tools at or below the tier, default HIGH', () => {
      expect(r.getToolsByCost().map((t) => t.name).sort()).toEqual(['f', 'h', 'm1', 'm2']);
      expect(r.getToolsByCost(CostTier.MEDIUM).map((t) => t.name).sort()).toEqual(['f', 'm1', 'm2']);
      expect(r.getToolsByCost('low' as never).map((t) => t.name)).toEqual(['f']);
      expect(r.getToolsByCost(CostTier.LOW, { onlyEnabled: false }).map((t) => t.name).sort()).toEqual(['f', 'off']);
    });

    it('should summarize names sorted under all four keys', () => {
      expect(r.getCostSummary()).toEqual({ free: ['f'], low: [], medium: ['m1', 'm2'], high: ['h'] });
      expect(r.getCostSummary({ onlyEnabled: false }).low).toEqual(['off']);
      expect(Object.keys(quietRegistry().getCostSummary()).sort()).toEqual(['free', 'high', 'low', 'medium']);
    });
  });
});

describe('Hook', () => {
  it('should take the callback and { name, critical = false, description }', () => {
    const cb = () => undefined;
    const h = new Hook(cb, { name: 'audit', description: 'Audits.' });
    expect(h.callback).toBe(cb);
    expect(h.name).toBe('audit');
    expect(h.critical).toBe(false);
    expect(h.description).toBe('Audits.');
    expect(new Hook(cb, { critical: true }).critical).toBe(true);
  });

  it("should take the reference's positional form new Hook(callback, name, critical, description)", () => {
    function callback() {
      return undefined;
    }
    const h = new Hook(callback, 'security_validation', true, 'Validates...');
    expect([h.name, h.critical, h.description]).toEqual(['security_validation', true, 'Validates...']);
    expect([new Hook(callback, 'audit').name, new Hook(callback, 'audit').critical]).toEqual(['audit', false]);
  });
});

describe("ToolRegistry hooks in the reference's positional form", () => {
  it("should make registerBeforeHook(fn, 'name', true) critical: its failure fails the call, the tool never runs", async () => {
    const r = quietRegistry();
    const t = new TestTool({ name: 'git' });
    r.register(t);
    r.registerBeforeHook(
      () => {
        throw new Error('no');
      },
      'security_validation',
      true,
    );
    expect((await r.execute('git', {})).error).toBe("Critical hook 'security_validation' failed for tool 'git': no");
    expect(t.calls).toHaveLength(0);
  });
});

describe('ToolRegistry register: what every provider accepts', () => {
  it.each(['get weather!', 'files.read', '9lives', 'x'.repeat(65), 'naïve'])('should refuse the name %j, saying the rule', (name) => {
    const r = quietRegistry();
    expect(() => r.register(new TestTool({ name }))).toThrow(TypeError);
    expect(() => r.register(new TestTool({ name }))).toThrow(/a tool name starts with a letter or '_', then holds only letters, digits, '_' and '-', 64 characters at most/);
    expect(r.size).toBe(0);
  });

  it('should take names of letters, digits, _ and -, up to 64 characters', () => {
    const r = quietRegistry();
    for (const name of ['read_file', 'readFile', '_x', 'git-log', 'a'.repeat(64)]) r.register(new TestTool({ name }));
    expect(r.size).toBe(5);
  });

  it('should refuse parameters that are not an object schema at the root, zod z.string() too, saying the rule', () => {
    const r = quietRegistry();
    const rule = /its parameters schema must be an object schema \(type: 'object' at the root\), got type "string": every provider/;
    expect(() => r.register(new TestTool({ name: 'text', parameters: { type: 'string' } }))).toThrow(rule);
    expect(() => r.register(fnTool({ name: 'text', description: 'Text.', parameters: z.string() as never }, () => 1))).toThrow(rule);
    expect(r.size).toBe(0);
  });
});

describe('ToolRegistry hooks', () => {
  it('should give before-hooks (toolName, args, ctx) and use replacement args', async () => {
    const r = quietRegistry();
    const t = new TestTool({ name: 'read', parameters: pathSchema });
    r.register(t);
    const seen: unknown[] = [];
    r.registerBeforeHook((toolName, args, ctx) => {
      seen.push(toolName, args, ctx);
      return { path: 'replaced' };
    });
    const ctx = { user: 'u' };
    await r.execute('read', { path: 'orig' }, ctx);
    expect(seen[0]).toBe('read');
    expect(seen[1]).toEqual({ path: 'orig' });
    expect(seen[2]).toMatchObject({ user: 'u' });
    expect(t.calls[0].args).toEqual({ path: 'replaced' });
  });

  it('should validate replaced args again', async () => {
    const r = quietRegistry();
    const t = new TestTool({ name: 'read', parameters: pathSchema });
    r.register(t);
    r.registerBeforeHook(() => ({ path: 3 }));
    const res = await r.execute('read', { path: 'ok' });
    expect(res.success).toBe(false);
    expect(res.error).toContain("Invalid parameters for tool 'read'");
    expect(t.calls).toHaveLength(0);
  });

  it('should give after-hooks (result, { toolName, args }) and use a replacement result', async () => {
    const r = quietRegistry();
    r.register(new TestTool({ name: 'read', parameters: pathSchema }));
    const seen: unknown[] = [];
    r.registerAfterHook((result, info) => {
      seen.push(result, info);
      return ToolResult.ok('after');
    });
    const res = await r.execute('read', { path: 'p' });
    expect(res.output).toBe('after');
    expect(seen[0]).toBeInstanceOf(ToolResult);
    expect(seen[1]).toMatchObject({ toolName: 'read', args: { path: 'p' } });
  });

  it('should return a remover from registerBeforeHook and registerAfterHook', async () => {
    const r = quietRegistry();
    r.register(new TestTool({ name: 'a' }));
    const before = jest.fn();
    const after = jest.fn();
    const removeBefore = r.registerBeforeHook(before);
    const removeAfter = r.registerAfterHook(after);
    expect(typeof removeBefore).toBe('function');
    removeBefore();
    removeAfter();
    await r.execute('a', {});
    expect(before).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });

  it('should accept a Hook instance and options { critical, name, description }', async () => {
    const r = quietRegistry();
    const t = new TestTool({ name: 'git' });
    r.register(t);
    r.registerBeforeHook(
      () => {
        throw new Error('blocked rm');
      },
      { critical: true, name: 'security_validation', description: 'Blocks danger.' },
    );
    const res = await r.execute('git', {});
    expect(res.success).toBe(false);
    expect(res.error).toBe("Critical hook 'security_validation' failed for tool 'git': blocked rm");
    expect(t.calls).toHaveLength(0);

    const r2 = quietRegistry();
    const t2 = new TestTool({ name: 'git' });
    r2.register(t2);
    r2.registerBeforeHook(new Hook(() => { throw new Error('nope'); }, { name: 'security_validation', critical: true }));
    const res2 = await r2.execute('git', {});
    expect(res2.error).toBe("Critical hook 'security_validation' failed for tool 'git': nope");
    expect(t2.calls).toHaveLength(0);
  });

  it('should report a failing non-critical hook to the logger and go on', async () => {
    const logger = quietLogger();
    const r = new ToolRegistry({ logger });
    const t = new TestTool({ name: 'a' });
    r.register(t);
    r.registerBeforeHook(() => { throw new Error('soft'); }, { name: 'soft_hook' });
    r.registerAfterHook(() => { throw new Error('soft2'); });
    const res = await r.execute('a', {});
    expect(res.success).toBe(true);
    expect(t.calls).toHaveLength(1);
    const logged = [...logger.warn.mock.calls, ...logger.error.mock.calls, ...logger.info.mock.calls, ...logger.debug.mock.calls];
    expect(logged.length).toBeGreaterThanOrEqual(2);
  });

  it('should not run hooks for calls that stop before the tool (unknown tool, disabled, invalid)', async () => {
    const r = quietRegistry();
    r.register(new TestTool({ name: 'a', parameters: pathSchema }));
    r.register(new TestTool({ name: 'off' }), { enabled: false });
    const before = jest.fn();
    const after = jest.fn();
    r.registerBeforeHook(before);
    r.registerAfterHook(after);
    await r.execute('ghost', {});
    await r.execute('off', {});
    await r.execute('a', {});
    expect(before).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });
});

describe('ToolRegistry execute', () => {
  it('should fail an unknown tool with suggestions of close names', async () => {
    const r = quietRegistry();
    r.register(new TestTool({ name: 'read_file' }));
    const res = await r.execute('read_fil', {});
    expect(res).toBeInstanceOf(ToolResult);
    expect(res.success).toBe(false);
    expect(res.error).toBe("Tool 'read_fil' not found");
    expect(res.metadata?.suggestions).toEqual(['read_file']);
  });

  it('should fail a disabled tool', async () => {
    const r = quietRegistry();
    r.register(new TestTool({ name: 'x' }), { enabled: false });
    expect((await r.execute('x', {})).error).toBe("Tool 'x' is disabled");
  });

  it('should fail an unavailable tool', async () => {
    const r = quietRegistry();
    r.register(new TestTool({ name: 'x', available: () => false }));
    expect((await r.execute('x', {})).error).toBe("Tool 'x' is not available");
  });

  it('should check disabled before available and available before validation', async () => {
    const r = quietRegistry();
    r.register(new TestTool({ name: 'x', available: () => false, parameters: pathSchema }), { enabled: false });
    expect((await r.execute('x', {})).error).toBe("Tool 'x' is disabled");
    r.enableTool('x');
    expect((await r.execute('x', {})).error).toBe("Tool 'x' is not available");
  });

  it('should time out with the tool timeout', async () => {
    const r = quietRegistry();
    r.register(new TestTool({ name: 'slow', timeoutMs: 20, run: () => new Promise(() => undefined) }));
    const res = await r.execute('slow', {});
    expect(res.success).toBe(false);
    expect(res.error).toBe("Tool 'slow' timed out after 20 ms");
  });

  it('should honour the caller AbortSignal', async () => {
    const r = quietRegistry();
    r.register(new TestTool({ name: 'slow', run: () => new Promise(() => undefined) }));
    const controller = new AbortController();
    const pending = r.execute('slow', {}, { signal: controller.signal } as never);
    controller.abort();
    const res = await pending;
    expect(res.success).toBe(false);
  });

  it('should pass a ToolResult through as it is, failed ones too', async () => {
    const r = quietRegistry();
    const failed = ToolResult.fail('own failure', { k: 1 });
    r.register(fnTool({ name: 'f', description: 'Fails.' }, () => failed));
    const res = await r.execute('f', {});
    expect(res.success).toBe(false);
    expect(res.error).toBe('own failure');
    expect(res.metadata).toMatchObject({ k: 1 });
  });

  it('should wrap any other value in ToolResult.ok', async () => {
    const r = quietRegistry();
    r.register(fnTool({ name: 'f', description: 'Returns an object.' }, () => ({ a: 1 })));
    const res = await r.execute('f', {});
    expect(res.success).toBe(true);
    expect(res.output).toEqual({ a: 1 });
  });

  it('should turn a thrown error into Tool execution failed with metadata.exception', async () => {
    const r = quietRegistry();
    r.register(
      new TestTool({
        name: 'bad',
        run: () => {
          throw new RangeError('out of range');
        },
      }),
    );
    const res = await r.execute('bad', {});
    expect(res.success).toBe(false);
    expect(res.error).toBe('Tool execution failed: out of range');
    expect(res.metadata?.exception).toBe('RangeError');
  });

  it('should never throw, even for a non-Error throw', async () => {
    const r = quietRegistry();
    r.register(new TestTool({ name: 'bad', run: () => Promise.reject('plain string') }));
    const res = await r.execute('bad', {});
    expect(res.success).toBe(false);
    expect(res.error).toMatch(/^Tool execution failed: /);
  });
});
