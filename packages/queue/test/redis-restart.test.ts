// Redis killed and started again empty (`--save '' --appendonly no`, as the
// README runs it) while calls are in flight: every call is answered within
// seconds of Redis coming back, and calls made during the outage still run.
import { ToolRegistry, type ToolResult } from '@victor-tools/core';
import { queueInvoker, startToolWorker } from '@victor-tools/queue';
import { invocation } from './support/invocation';
import { startRedisServer, type RedisServer } from './support/redis-server';
import { ProbeTool, eventually, sleep } from './support/tools';

jest.setTimeout(120_000);

let redis: RedisServer;
const opened: Array<{ close(): Promise<void> }> = [];
let queueCount = 0;

beforeEach(async () => {
  redis = await startRedisServer();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.close()));
  await redis.stop();
});

function capture() {
  const lines: string[] = [];
  const note = (message: unknown) => void lines.push(String(message));
  return { lines, logger: { debug: note, info: note, warn: note, error: note } };
}

async function setup() {
  queueCount += 1;
  const queue = `restart-${queueCount}`;
  const readonly = { accessMode: 'readonly' as const };
  const once = new ProbeTool({ name: 'once', metadata: readonly });
  const again = new ProbeTool({ name: 'again', idempotent: true, metadata: readonly });
  const registry = new ToolRegistry().register(once).register(again);
  const worker = await startToolWorker(registry, { connection: redis.url, queue, defaultTimeoutMs: 0, logger: capture().logger });
  const invokerLog = capture();
  const invoker = queueInvoker({ connection: redis.url, queue, logger: invokerLog.logger });
  opened.push(invoker, worker);
  await invoker.ready();
  return { once, again, invoker, invokerLog };
}

describe('queueInvoker when Redis restarts empty', () => {
  it('should answer every call in flight within seconds: idempotent ones run again, the others "outcome unknown"', async () => {
    const { once, again, invoker, invokerLog } = await setup();
    const calls: Array<Promise<ToolResult>> = [
      invoker.invoke(invocation(once, { value: 'long timeout', ms: 4_000 }, { timeoutMs: 600_000 })) as Promise<ToolResult>,
      // No timeout at all: without the restart check it would wait forever.
      invoker.invoke(invocation(once, { value: 'no timeout', ms: 4_000 })) as Promise<ToolResult>,
      invoker.invoke(invocation(again, { value: 'idempotent', ms: 2_000 }, { timeoutMs: 600_000 })) as Promise<ToolResult>,
    ];
    expect(await eventually(() => once.runs.length === 2 && again.runs.length === 1, 10_000)).toBe(true);

    await redis.crash();
    await sleep(500);
    await redis.restart();
    const backAt = Date.now();
    const results = await Promise.all(calls);
    const seconds = (Date.now() - backAt) / 1000;

    for (const result of results.slice(0, 2)) {
      expect(result).toMatchObject({ success: false, metadata: { outcomeUnknown: true, retried: false } });
      expect(result.error).toBe(
        "Tool 'once' was interrupted: the worker running it stopped, so its outcome is unknown. It was not retried, because the tool is not idempotent.",
      );
    }
    expect(results[2]).toMatchObject({ success: true, output: { value: 'idempotent' } });
    expect(again.runs).toHaveLength(2);
    expect(once.runs).toHaveLength(2);
    // Reconnecting takes up to 2 s (ioredis's back-off), the idempotent call's second run 2 s.
    expect(seconds).toBeLessThan(15);
    expect(invokerLog.lines.join('\n')).toContain('Redis restarted and lost the jobs of 3 calls in flight');
  });

  it('should still queue the calls made while Redis is away, and answer them once it is back', async () => {
    const { once, again, invoker } = await setup();
    await redis.crash();
    const during = [
      invoker.invoke(invocation(once, { value: 'during once' }, { timeoutMs: 60_000 })) as Promise<ToolResult>,
      invoker.invoke(invocation(again, { value: 'during again' }, { timeoutMs: 60_000 })) as Promise<ToolResult>,
    ];
    await sleep(1_500);
    await redis.restart();
    const results = await Promise.all(during);
    expect(results[0]).toMatchObject({ success: true, output: { value: 'during once' } });
    expect(results[1]).toMatchObject({ success: true, output: { value: 'during again' } });
    expect(once.runs).toHaveLength(1);
    expect(again.runs).toHaveLength(1);
  });
});
