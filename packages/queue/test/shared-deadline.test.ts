// Callers sharing the job of an idempotent call: each ends at its own deadline.
import { BaseTool, ToolRegistry, ToolResult, type ToolCallContext } from '@victor-tools/core';
import { queueInvoker, startToolWorker } from '@victor-tools/queue';
import { startRedisServer, type RedisServer } from './support/redis-server';
import { sleep } from './support/tools';

jest.setTimeout(60_000);

let redis: RedisServer;
const opened: Array<{ close(): Promise<void> }> = [];
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await Promise.all(opened.splice(0).map((o) => o.close()));
  await redis.stop();
});

/** An idempotent build that takes 1.5 s unless its signal stops it. */
class Build extends BaseTool {
  runs = 0;
  get name() {
    return 'build';
  }
  get description() {
    return 'An idempotent build.';
  }
  get parameters() {
    return { type: 'object' as const, properties: { target: { type: 'string' as const } } };
  }
  override get isIdempotent() {
    return true;
  }
  async execute(ctx: ToolCallContext): Promise<ToolResult> {
    this.runs += 1;
    await sleep(1_500, ctx.signal);
    return ToolResult.ok('built');
  }
}

describe('a shared idempotent job', () => {
  it("should answer a caller that joined it with the result, not the first caller's timeout", async () => {
    const built = new Build();
    const worker = await startToolWorker(new ToolRegistry().register(built), { connection: redis.url, queue: 'shared-deadline' });
    const first = queueInvoker({ connection: redis.url, queue: 'shared-deadline' });
    const second = queueInvoker({ connection: redis.url, queue: 'shared-deadline' });
    opened.push(first, second, worker);
    const short = new ToolRegistry({ invoker: first, defaultTimeoutMs: 500 }).register(new Build());
    const long = new ToolRegistry({ invoker: second, defaultTimeoutMs: 10_000 }).register(new Build());

    const started = Date.now();
    const a = short.execute('build', { target: 'x' });
    await sleep(50);
    const b = long.execute('build', { target: 'x' });
    const [ra, rb] = await Promise.all([a, b]);

    expect(ra).toMatchObject({ success: false, error: "Tool 'build' timed out after 500 ms" });
    expect(rb).toMatchObject({ success: true, output: 'built' });
    expect(Date.now() - started).toBeGreaterThan(1_500);
    expect(built.runs).toBe(2);
  });
});
