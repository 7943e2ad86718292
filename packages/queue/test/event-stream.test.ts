// The invoker's reader of the queue's event stream, against events written
// straight into Redis (XADD), as anyone who can write to it can write them.
import { ToolRegistry, ToolResult } from '@victor-tools/core';
import { queueInvoker, startToolWorker } from '@victor-tools/queue';
import { invocation } from './support/invocation';
import { DROPPED_LOGS_MESSAGE } from '@victor-tools/core/internal';
import { startRedisServer, type RedisServer } from './support/redis-server';
import { ProbeTool, sleep } from './support/tools';

jest.setTimeout(60_000);

let redis: RedisServer;
const opened: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  redis = await startRedisServer();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.close()));
});
afterAll(async () => {
  await redis.stop();
});

describe("queueInvoker's event reader", () => {
  it('should log and skip an event it cannot read, and go on answering calls', async () => {
    const queue = 'malformed-events';
    const echo = new ProbeTool({ name: 'echo' });
    const warnings: string[] = [];
    const note = (message: unknown) => void warnings.push(String(message));
    const worker = await startToolWorker(new ToolRegistry().register(echo), { connection: redis.url, queue });
    const invoker = queueInvoker({ connection: redis.url, queue, logger: { debug() {}, info() {}, warn: note, error: note } });
    opened.push(invoker, worker);
    await invoker.ready();

    const client = redis.client();
    try {
      // A call in flight whose job gets a forged, unreadable result first, then its real one.
      const first = invoker.invoke(invocation(echo, { value: 'first', ms: 500 }, { timeoutMs: 20_000 })) as Promise<ToolResult>;
      const stream = `bull:${queue}:events`;
      await client.xadd(stream, '*', 'event', 'completed', 'jobId', 'call-forged', 'returnvalue', '{not json');
      await client.xadd(stream, '*', 'event', 'progress', 'jobId', 'call-forged', 'data', 'undefined');
      await client.xadd(stream, '*', 'event', 'completed', 'returnvalue', 'null');
      expect(await first).toMatchObject({ success: true, output: { value: 'first' } });
      const later = await invoker.invoke(invocation(echo, { value: 'later' }, { timeoutMs: 20_000 }));
      expect(later).toMatchObject({ success: true, output: { value: 'later' } });
    } finally {
      await client.quit();
    }
    const skipped = warnings.filter((line) => line.includes('skipped event'));
    expect(skipped).toEqual([
      expect.stringMatching(/^victor-tools queue 'malformed-events' events: skipped event \d+-\d+ \(completed of job call-forged\), which cannot be read: /),
      expect.stringMatching(/^victor-tools queue 'malformed-events' events: skipped event \d+-\d+ \(progress of job call-forged\), which cannot be read: /),
    ]);
  });

  it('should apply the caps on progress and log messages to events anyone wrote into the stream while a call waits', async () => {
    const queue = 'forged-updates';
    const echo = new ProbeTool({ name: 'echo' });
    // No worker: the call waits, and only the forger writes events for its job.
    const invoker = queueInvoker({ connection: redis.url, queue });
    opened.push(invoker);
    const progress: unknown[][] = [];
    const logs: unknown[][] = [];
    const call = invoker.invoke(
      invocation(echo, { value: 'x' }, { timeoutMs: 30_000, reportProgress: (...report) => void progress.push(report), log: (...entry) => void logs.push(entry) }),
    ) as Promise<ToolResult>;

    const client = redis.client();
    try {
      // The call's job, as anyone reading Redis sees it waiting.
      let waiting = await client.lrange(`bull:${queue}:wait`, 0, -1);
      for (let tries = 0; waiting.length === 0 && tries < 250; tries++) {
        await sleep(20);
        waiting = await client.lrange(`bull:${queue}:wait`, 0, -1);
      }
      expect(waiting).toHaveLength(1);
      const [jobId] = waiting;
      const stream = `bull:${queue}:events`;
      const huge = 'm'.repeat(20_000);
      const write = client.pipeline();
      for (let i = 1; i <= 150; i++) {
        const update = { kind: 'log', level: 'info', message: `${i} ${huge}`, data: i % 2 === 0 ? { blob: huge } : { i }, logger: `l${'o'.repeat(5_000)}` };
        write.xadd(stream, '*', 'event', 'progress', 'jobId', jobId, 'data', JSON.stringify(update));
      }
      for (let i = 1; i <= 50; i++) {
        write.xadd(stream, '*', 'event', 'progress', 'jobId', jobId, 'data', JSON.stringify({ kind: 'progress', progress: i, total: 50, message: huge }));
      }
      await write.exec();
      await sleep(500);
      await client.xadd(stream, '*', 'event', 'completed', 'jobId', jobId, 'returnvalue', JSON.stringify(ToolResult.ok('forged').toJSON()));
      expect(await call).toMatchObject({ success: true, output: 'forged' });
    } finally {
      await client.quit();
    }

    // The first report at once, the latest one after the interval (100 ms): not fifty.
    expect(progress.length).toBeLessThanOrEqual(3);
    expect(progress[progress.length - 1]).toEqual([50, 50, expect.stringMatching(/^m{1000}\.\.\. \(19000 more characters\)$/)]);
    // 100 messages, then one warning: as the worker sends them, whoever wrote them.
    expect(logs).toHaveLength(101);
    expect(logs[100]).toEqual(['warning', DROPPED_LOGS_MESSAGE]);
    for (const [index, entry] of logs.slice(0, 100).entries()) {
      const [level, message, data, logger] = entry as [string, string, unknown, string];
      expect(level).toBe('info');
      expect(message.length).toBeLessThan(1_100);
      expect(message.startsWith(`${index + 1} m`)).toBe(true);
      expect(data).toEqual(index % 2 === 1 ? undefined : { i: index + 1 });
      expect(logger).toHaveLength(1_000);
    }
  });
});
