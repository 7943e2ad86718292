// executeBatch keeps the calls of a WRITE or EXECUTE tool apart unless the
// tool declares a parallel-safe category; a timed-out call aborts the signal
// its tool sees.
import { ToolRegistry } from '@victor-tools/core';
import { TestTool } from '../../../../test/support/tools';
import { quietLogger } from '../../../../test/support/logger';

function quietRegistry(extra: Record<string, unknown> = {}) {
  return new ToolRegistry({ logger: quietLogger(), ...extra });
}

describe('ToolRegistry executeBatch and the execution category of the access mode', () => {
  it('should never run two calls of a WRITE tool at the same time, unless it declares a parallel-safe category', async () => {
    const r = quietRegistry();
    const most: Record<string, number> = {};
    const running: Record<string, number> = {};
    const run = (name: string) => async () => {
      running[name] = (running[name] ?? 0) + 1;
      most[name] = Math.max(most[name] ?? 0, running[name]!);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running[name]!--;
      return name;
    };
    r.register(new TestTool({ name: 'writer', metadata: { accessMode: 'write' }, run: run('writer') }));
    r.register(new TestTool({ name: 'runner', metadata: { accessMode: 'execute' }, run: run('runner') }));
    r.register(new TestTool({ name: 'reader', metadata: { accessMode: 'readonly' }, run: run('reader') }));
    r.register(new TestTool({ name: 'appender', metadata: { accessMode: 'write', executionCategory: 'compute' }, run: run('appender') }));
    const calls = ['writer', 'writer', 'runner', 'runner', 'reader', 'reader', 'appender', 'appender'].map((name) => ({ name }));
    const results = await r.executeBatch(calls);
    expect(results.every((x) => x.success)).toBe(true);
    expect(most).toEqual({ writer: 1, runner: 1, reader: 2, appender: 2 });
  });
});

describe('executeBatch and a tool that runs on past its timeout', () => {
  it('should refuse a conflicting call while a timed-out WRITE tool that ignores its signal still runs, and run others', async () => {
    const r = quietRegistry();
    let running = 0;
    let most = 0;
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    r.register(
      new TestTool({
        name: 'writer',
        timeoutMs: 20,
        metadata: { accessMode: 'write' },
        // Ignores ctx.signal: keeps writing after its call timed out.
        run: async () => {
          most = Math.max(most, ++running);
          await finished;
          running--;
          return 'written';
        },
      }),
    );
    r.register(new TestTool({ name: 'reader', metadata: { accessMode: 'readonly', executionCategory: 'network' }, run: () => 'read' }));
    const results = await r.executeBatch([{ name: 'writer' }, { name: 'writer' }, { name: 'reader' }], { concurrency: 1 });
    expect(results.map((x) => x.error ?? x.output)).toEqual([
      "Tool 'writer' timed out after 20 ms",
      "Tool 'writer' was not run: the earlier call of 'writer' (write) timed out or was cancelled, but that tool is still running and a write call must not overlap it. Call it again once it has finished.",
      'read',
    ]);
    expect(most).toBe(1);
    finish();
  });

  it('should run a conflicting call after a tool that timed out and has returned since', async () => {
    const r = quietRegistry();
    r.register(new TestTool({ name: 'writer', timeoutMs: 20, metadata: { accessMode: 'write' }, run: () => new Promise((resolve) => setTimeout(resolve, 40, 'late')) }));
    r.register(new TestTool({ name: 'slow_reader', metadata: { accessMode: 'readonly' }, run: () => new Promise((resolve) => setTimeout(resolve, 100, 'read')) }));
    r.register(new TestTool({ name: 'then_write', metadata: { accessMode: 'write' }, run: () => 'written' }));
    // One at a time: then_write starts once slow_reader is done, long after writer returned.
    const results = await r.executeBatch([{ name: 'writer' }, { name: 'slow_reader' }, { name: 'then_write' }], { concurrency: 1 });
    expect(results.map((x) => x.error ?? x.output)).toEqual(["Tool 'writer' timed out after 20 ms", 'read', 'written']);
  });
});

describe('ToolRegistry execute', () => {
  it('should abort the signal the tool sees on timeout', async () => {
    const r = quietRegistry();
    let signal: AbortSignal | undefined;
    r.register(
      new TestTool({
        name: 'slow',
        timeoutMs: 20,
        run: (_a, ctx) => {
          signal = ctx.signal;
          return new Promise(() => undefined);
        },
      }),
    );
    await r.execute('slow', {});
    expect(signal?.aborted).toBe(true);
  });
});
