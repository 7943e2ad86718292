import { getEventListeners } from 'node:events';
import { ToolRegistry, ToolResult } from '@victor-tools/core';
import { deferred, recordingLogger, testTool } from '../registry/helpers';

// A call makes one promise, at its first wait, and every later wait
// (approval, an async hook, the tool, an async after-hook) answers that
// same promise; a stop ends only the wait in progress.

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('the waits of one call', () => {
  it('should resolve once, with the last after-hook\'s answer, after approval, an async hook, the tool and an async after-hook', async () => {
    const registry = new ToolRegistry({ approve: async () => true, defaultTimeoutMs: 5_000 });
    registry.register(testTool({ name: 'ex', metadata: { accessMode: 'execute' }, run: async () => 'ran' }));
    const order: string[] = [];
    registry.registerBeforeHook(async () => {
      await sleep(1);
      order.push('before');
    });
    registry.registerAfterHook(async (result) => {
      await sleep(1);
      order.push(`after:${String(result.output)}:${String((result.metadata?.approval as { approved?: boolean }).approved)}`);
      return ToolResult.ok('replaced');
    });
    const result = await registry.execute('ex', {});
    expect(result.output).toBe('replaced');
    expect(order).toEqual(['before', 'after:ran:true']);
  });

  it('should stop at the timeout during the first of two async before-hooks: the second hook and the tool never run', async () => {
    const registry = new ToolRegistry();
    const tool = testTool({ name: 't', timeoutMs: 30 });
    registry.register(tool);
    const second = jest.fn();
    const first = deferred();
    registry.registerBeforeHook(() => first.promise);
    registry.registerBeforeHook(second);
    const result = await registry.execute('t', {});
    expect(result.error).toBe("Tool 't' timed out after 30 ms");
    first.resolve();
    await sleep(5);
    expect(second).not.toHaveBeenCalled();
    expect(tool.calls).toHaveLength(0);
  });

  it('should check the call again between two async before-hooks: a tool disabled meanwhile is not run', async () => {
    const registry = new ToolRegistry();
    const tool = testTool({ name: 't' });
    registry.register(tool);
    const second = jest.fn();
    registry.registerBeforeHook(async () => {
      await sleep(1);
      registry.disableTool('t');
    });
    registry.registerBeforeHook(async () => second());
    expect((await registry.execute('t', {})).error).toBe("Tool 't' is disabled");
    expect(second).not.toHaveBeenCalled();
    expect(tool.calls).toHaveLength(0);
  });

  it("should ignore a timed-out tool's late answer, even while an async after-hook is still running", async () => {
    const registry = new ToolRegistry({ logger: recordingLogger() });
    const late = deferred<string>();
    registry.register(testTool({ name: 'slow', timeoutMs: 20, run: () => late.promise }));
    const seen: unknown[] = [];
    const hookDone = deferred();
    registry.registerAfterHook(async (result) => {
      seen.push(result.error);
      late.resolve('too late'); // the tool answers while this hook still runs
      await hookDone.promise;
    });
    const pending = registry.execute('slow', {});
    await sleep(40);
    hookDone.resolve();
    const result = await pending;
    expect(result.error).toBe("Tool 'slow' timed out after 20 ms");
    expect(seen).toEqual(["Tool 'slow' timed out after 20 ms"]);
  });

  it('should take the answer of a thenable that calls back at once, and arm no timer for it', async () => {
    const registry = new ToolRegistry({ defaultTimeoutMs: 60_000 });
    const tool = testTool({ name: 'now' });
    tool.execute = (() => ({ then: (resolve: (value: unknown) => void) => resolve(ToolResult.ok('at once')) })) as never;
    registry.register(tool);
    const spy = jest.spyOn(global, 'setTimeout');
    try {
      expect((await registry.execute('now', {})).output).toBe('at once');
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it("should give the internal failure, never a rejection, when stopping the caller's signal listener throws", async () => {
    const registry = new ToolRegistry({ defaultTimeoutMs: 5_000 });
    registry.register(testTool({ name: 't', run: async () => 'ok' }));
    // A signal look-alike: the registry listens to it while the tool runs, and cannot stop listening.
    const signal = {
      aborted: false,
      reason: undefined,
      addEventListener: () => undefined,
      removeEventListener: () => {
        throw new Error('cannot remove');
      },
    };
    const result = await registry.execute('t', {}, { signal: signal as unknown as AbortSignal });
    expect(result.success).toBe(false);
    expect(result.error).toBe("Tool 't' ran, but the call could not be completed: cannot remove");
  });
  it("should share one listener on a caller's signal among its calls in flight, and cancel every call", async () => {
    const registry = new ToolRegistry({ defaultTimeoutMs: 5_000 });
    registry.register(testTool({ name: 't', run: (_args, ctx) => new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('stopped')))) }));
    const run = new AbortController();
    const calls = Array.from({ length: 50 }, () => registry.execute('t', {}, { signal: run.signal }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    // One listener, not 50: past ten, Node warns of a possible leak on the caller's signal.
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(1);
    run.abort(new Error('user pressed stop'));
    const results = await Promise.all(calls);
    expect(results.every((result) => result.success === false && /cancel/i.test(result.error ?? ''))).toBe(true);
    // Calls that end let go of it: nothing is left listening.
    registry.register(testTool({ name: 'quick', run: async () => 'ok' }));
    const other = new AbortController();
    await Promise.all(Array.from({ length: 20 }, () => registry.execute('quick', {}, { signal: other.signal })));
    expect(getEventListeners(other.signal, 'abort')).toHaveLength(0);
  });
});
