// The invoker's reader of the queue's event stream, against events written
// straight into Redis (XADD), as anyone who can write to it can write them.
import { ToolRegistry, type ToolResult } from '@victor-tools/core';
import { queueInvoker, startToolWorker } from '@victor-tools/queue';
import { invocation } from './support/invocation';
import { startRedisServer, type RedisServer } from './support/redis-server';
import { ProbeTool } from './support/tools';

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
});
