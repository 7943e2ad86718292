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
