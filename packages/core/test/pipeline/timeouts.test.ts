import { ToolRegistry, ToolResult } from '@victor-tools/core';
import { testTool } from '../registry/helpers';

/** Keeps the event loop busy for `ms`: no timer can fire meanwhile. */
function blockFor(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy
  }
}

const realSetTimeout = global.setTimeout;
const realClearTimeout = global.clearTimeout;

/** Records the timers the registry sets (those whose callback is its timeout) and whether each was cleared. */
function watchTimers(): { armed: () => number; cleared: () => number; restore: () => void } {
  const handles: unknown[] = [];
  const cleared = new Set<unknown>();
  const setSpy = jest.spyOn(global, 'setTimeout');
  const clearSpy = jest.spyOn(global, 'clearTimeout');
  setSpy.mockImplementation(((callback: (...args: unknown[]) => void, ms?: number, ...rest: unknown[]) => {
    const handle = realSetTimeout(callback, ms, ...rest);
    if (callback.name === 'fireTimeout') handles.push(handle);
    return handle;
  }) as never);
  clearSpy.mockImplementation(((handle: NodeJS.Timeout) => {
    cleared.add(handle);
    realClearTimeout(handle);
  }) as never);
  return {
    armed: () => handles.length,
    cleared: () => handles.filter((handle) => cleared.has(handle)).length,
    restore: () => {
      setSpy.mockRestore();
      clearSpy.mockRestore();
    },
  };
}

describe('the timeout of a call', () => {
  it('should arm no timer for a tool whose promise is already resolved', async () => {
    const registry = new ToolRegistry({ defaultTimeoutMs: 60_000 });
    const quick = testTool({ name: 'quick' });
    quick.execute = async () => ToolResult.ok('ok'); // an async function with no await: resolved when it returns
    registry.register(quick);
    const spy = jest.spyOn(global, 'setTimeout');
    try {
      for (let i = 0; i < 50; i++) expect((await registry.execute('quick', {})).success).toBe(true);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('should arm one plain timer for a tool still pending, and clear it once the tool answered', async () => {
    const registry = new ToolRegistry({ defaultTimeoutMs: 60_000 });
    registry.register(testTool({ name: 'slow', run: () => new Promise((resolve) => realSetTimeout(() => resolve('ok'), 5)) }));
    const timers = watchTimers();
    try {
      expect((await registry.execute('slow', {})).output).toBe('ok');
      expect(timers.armed()).toBe(1);
      expect(timers.cleared()).toBe(1);
    } finally {
      timers.restore();
    }
  });

  it('should clear the timer of a call a before-hook ended after a wait', async () => {
    const registry = new ToolRegistry({ defaultTimeoutMs: 60_000 });
    registry.register(testTool({ name: 't' }));
    registry.registerBeforeHook(() => new Promise((resolve) => realSetTimeout(resolve, 5)));
    registry.registerBeforeHook(
      () => {
        throw new Error('no');
      },
      { critical: true },
    );
    const timers = watchTimers();
    try {
      expect((await registry.execute('t', {})).success).toBe(false);
      expect(timers.armed()).toBe(1);
      expect(timers.cleared()).toBe(1);
    } finally {
      timers.restore();
    }
  });

  it('should count from the call start: the time a before-hook takes counts too', async () => {
    const registry = new ToolRegistry();
    const tool = testTool({ name: 't', timeoutMs: 40 });
    registry.register(tool);
    registry.registerBeforeHook(() => new Promise((resolve) => setTimeout(resolve, 100)));
    const result = await registry.execute('t', {});
    expect(result.error).toBe("Tool 't' timed out after 40 ms");
    expect(tool.calls).toHaveLength(0);
  });

  it('should not count the wait for approval: the clock starts once approved', async () => {
    // Approval takes longer than the timeout; the tool's 10 ms leave it a wide margin (an answer past the deadline is timed out).
    const registry = new ToolRegistry({ approve: () => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 300)) });
    registry.register(
      testTool({ name: 'ex', timeoutMs: 200, metadata: { accessMode: 'execute' }, run: () => new Promise((resolve) => setTimeout(() => resolve('ran'), 10)) }),
    );
    const result = await registry.execute('ex', {});
    expect(result.output).toBe('ran');
  });

  it('should keep the answer of a tool that answers synchronously, however long it took', async () => {
    const registry = new ToolRegistry();
    const busy = testTool({ name: 'busy', timeoutMs: 10 });
    busy.execute = (() => {
      // A synchronous tool cannot be interrupted: what it returns is its result.
      blockFor(30);
      return ToolResult.ok('finished');
    }) as never;
    registry.register(busy);
    expect((await registry.execute('busy', {})).output).toBe('finished');
  });

  it('should time out an async tool that blocked past its deadline, its promise already resolved when it returns', async () => {
    const registry = new ToolRegistry();
    const busy = testTool({ name: 'busy', timeoutMs: 10 });
    busy.execute = (async () => {
      // No timer can fire while this runs; the promise it returns has settled by the first microtask.
      blockFor(30);
      return ToolResult.ok('late');
    }) as never;
    registry.register(busy);
    expect((await registry.execute('busy', {})).error).toBe("Tool 'busy' timed out after 10 ms");
  });

  it('should time out a tool whose answer comes past its deadline after a synchronous before-hook blocked', async () => {
    const registry = new ToolRegistry();
    const tool = testTool({ name: 't', timeoutMs: 10, run: async () => 'ran' });
    registry.register(tool);
    const seen: Array<string | undefined> = [];
    registry.registerBeforeHook(() => {
      // A before-hook that blocks: its time counts against the call's timeout.
      blockFor(30);
    });
    registry.registerAfterHook((result) => void seen.push(result.error));
    expect((await registry.execute('t', {})).error).toBe("Tool 't' timed out after 10 ms");
    expect(seen).toEqual(["Tool 't' timed out after 10 ms"]);
  });

  it('should time out a tool that blocked past its deadline before answering with a promise', async () => {
    const registry = new ToolRegistry();
    registry.register(
      testTool({
        name: 'busy',
        timeoutMs: 10,
        run: () => {
          // Busy past the deadline; the answer comes a microtask later, after it.
          blockFor(30);
          return 'late';
        },
      }),
    );
    expect((await registry.execute('busy', {})).error).toBe("Tool 'busy' timed out after 10 ms");
  });
});
