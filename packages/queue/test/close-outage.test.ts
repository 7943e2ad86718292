// close() while Redis is unreachable: the invoker and the worker still close
// within seconds (a process stopping on SIGTERM during an outage must not hang).
import { ToolRegistry } from '@victor-tools/core';
import { queueInvoker, startToolWorker } from '@victor-tools/queue';
import { startRedisServer, type RedisServer } from './support/redis-server';
import { ProbeTool, sleep } from './support/tools';

jest.setTimeout(60_000);

let redis: RedisServer;
beforeEach(async () => {
  redis = await startRedisServer({ tcp: true });
});
afterEach(async () => {
  await redis.stop();
});

const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** How long `work` took to settle, or undefined when it had not settled after `ms`. */
async function settleTime(work: Promise<unknown>, ms: number): Promise<number | undefined> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const settled = await Promise.race([
    work.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ]);
  clearTimeout(timer);
  return settled ? Date.now() - started : undefined;
}

describe('QueueInvoker.close while Redis is down', () => {
  it('should settle within seconds', async () => {
    const invoker = queueInvoker({ connection: redis.url, queue: 'outage-invoker', logger: quiet });
    await invoker.ready();
    await redis.crash();
    await sleep(300);
    expect(await settleTime(invoker.close(), 15_000)).toBeLessThan(10_000);
  });

  it('should settle within seconds once its event reader has given up a lost read', async () => {
    const invoker = queueInvoker({ connection: redis.url, queue: 'outage-invoker-2', logger: quiet });
    await invoker.ready();
    await redis.crash();
    // Past the reader's watchdog (10 s block + 1 s): it has dropped its read and reconnects.
    await sleep(12_500);
    expect(await settleTime(invoker.close(), 15_000)).toBeLessThan(10_000);
  });
});

describe('ToolWorker.close while Redis is down', () => {
  it('should settle within seconds of its grace', async () => {
    const registry = new ToolRegistry().register(new ProbeTool({ name: 'probe' }));
    const worker = await startToolWorker(registry, { connection: redis.url, queue: 'outage-worker', logger: quiet });
    await redis.crash();
    await sleep(300);
    expect(await settleTime(worker.close({ graceMs: 500 }), 20_000)).toBeLessThan(10_000);
  });
});
