import { ExecutionCategory, ToolRegistry } from '@victor-tools/core';
import type { ExecutionCategoryLike } from '@victor-tools/core/framework';
import { flush, testTool } from '../registry/helpers';

// The shared resources these tests pass, declared as a project declares its own (declaration merging).
declare module '@victor-tools/core' {
  interface ToolExecutionContext {
    user?: string;
  }
}

/** A registry whose tools log start and end events and take a few ticks in between. */
function setup() {
  const events: string[] = [];
  const registry = new ToolRegistry({ defaultTimeoutMs: 2000 });
  const add = (name: string, executionCategory?: ExecutionCategoryLike) =>
    registry.register(
      testTool({
        name,
        metadata: executionCategory ? { executionCategory } : undefined,
        run: async (args) => {
          events.push(`start:${String(args.id)}`);
          await flush(5);
          events.push(`end:${String(args.id)}`);
          if (args.fail) throw new Error(`failed ${String(args.id)}`);
          return args.id;
        },
      }),
    );
  add('read');
  add('compute', ExecutionCategory.COMPUTE);
  add('write', ExecutionCategory.WRITE);
  add('exec', 'execute');
  add('mixed', 'mixed');
  return { registry, events };
}

function overlapped(events: string[], a: string, b: string): boolean {
  return events.indexOf(`start:${b}`) < events.indexOf(`end:${a}`) && events.indexOf(`start:${a}`) < events.indexOf(`end:${b}`);
}

describe('ToolRegistry', () => {
  describe('executeBatch', () => {
    it('should resolve to the results in the calls order', async () => {
      const { registry } = setup();
      const results = await registry.executeBatch([
        { name: 'write', args: { id: 'w' } },
        { name: 'read', args: { id: 'r' } },
        { name: 'compute', args: { id: 'c' } },
      ]);
      expect(results.map((r) => r.output)).toEqual(['w', 'r', 'c']);
    });

    it('should run calls whose categories do not conflict side by side', async () => {
      const { registry, events } = setup();
      await registry.executeBatch([
        { name: 'read', args: { id: 'r1' } },
        { name: 'read', args: { id: 'r2' } },
        { name: 'compute', args: { id: 'c' } },
        { name: 'write', args: { id: 'w' } },
      ]);
      expect(overlapped(events, 'r1', 'r2')).toBe(true);
      expect(overlapped(events, 'r1', 'c')).toBe(true);
      expect(overlapped(events, 'r2', 'w')).toBe(true);
    });

    it('should run conflicting calls one after another in submission order', async () => {
      const { registry, events } = setup();
      await registry.executeBatch([
        { name: 'write', args: { id: 'w1' } },
        { name: 'write', args: { id: 'w2' } },
        { name: 'exec', args: { id: 'x' } },
        { name: 'mixed', args: { id: 'm' } },
      ]);
      expect(events).toEqual(['start:w1', 'end:w1', 'start:w2', 'end:w2', 'start:x', 'end:x', 'start:m', 'end:m']);
    });

    it('should let a call that conflicts with nothing pass a waiting one', async () => {
      const { registry, events } = setup();
      await registry.executeBatch([
        { name: 'write', args: { id: 'w1' } },
        { name: 'exec', args: { id: 'x' } },
        { name: 'read', args: { id: 'r' } },
      ]);
      expect(events.indexOf('start:r')).toBeLessThan(events.indexOf('start:x'));
      expect(events.indexOf('end:w1')).toBeLessThan(events.indexOf('start:x'));
    });

    it('should run at most concurrency calls at once', async () => {
      const { registry, events } = setup();
      await registry.executeBatch(
        [1, 2, 3, 4].map((id) => ({ name: 'read', args: { id } })),
        { concurrency: 2 },
      );
      let running = 0;
      let peak = 0;
      for (const event of events) {
        running += event.startsWith('start') ? 1 : -1;
        peak = Math.max(peak, running);
      }
      expect(peak).toBe(2);
    });

    it('should never lose the other results when one call fails', async () => {
      const { registry } = setup();
      const results = await registry.executeBatch([
        { name: 'write', args: { id: 'w1', fail: true } },
        { name: 'write', args: { id: 'w2' } },
        { name: 'ghost', args: {} },
        { name: 'read', args: { id: 'r' } },
      ]);
      expect(results.map((r) => r.success)).toEqual([false, true, false, true]);
      expect(results[0].error).toBe('Tool execution failed: failed w1');
      expect(results[2].error).toBe("Tool 'ghost' not found");
    });

    it('should pass ctx to every call', async () => {
      const registry = new ToolRegistry();
      const tool = testTool({ name: 't' });
      registry.register(tool);
      await registry.executeBatch([{ name: 't' }, { name: 't', args: {} }], { ctx: { user: 'ann' } });
      expect(tool.calls.map((c) => c.ctx.user)).toEqual(['ann', 'ann']);
    });

    it('should resolve to an empty array for no calls', async () => {
      expect(await new ToolRegistry().executeBatch([])).toEqual([]);
    });

    it('should reject with a TypeError when calls is not an array', async () => {
      await expect(new ToolRegistry().executeBatch(null as never)).rejects.toThrow(TypeError);
    });

    it.each([[0], [1.5], [Number.NaN], ['2']])('should reject a concurrency of %p with a TypeError saying what it takes', async (concurrency) => {
      await expect(new ToolRegistry().executeBatch([], { concurrency: concurrency as never })).rejects.toThrow(
        new TypeError(`executeBatch concurrency must be a whole number of at least 1 (or Infinity), got ${String(concurrency)}.`),
      );
    });
  });
});
