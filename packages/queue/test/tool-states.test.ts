// syncToolStates: two registries (as two processes would have) sharing their
// enabled/disabled states through a real redis-server.
import { ToolRegistry } from '@victor-tools/core';
import { syncToolStates, type ToolStateSync } from '@victor-tools/queue';
import { startRedisServer, type RedisServer } from './support/redis-server';
import { ProbeTool, eventually } from './support/tools';

jest.setTimeout(30_000);

let redis: RedisServer;
let queueCount = 0;
const syncs: ToolStateSync[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
});
afterEach(async () => {
  await Promise.all(syncs.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await redis.stop();
});

function registry(): ToolRegistry {
  return new ToolRegistry().register(new ProbeTool({ name: 'alpha' })).register(new ProbeTool({ name: 'beta' }));
}

async function pair() {
  queueCount += 1;
  const queue = `states-${queueCount}`;
  const a = registry();
  const b = registry();
  syncs.push(await syncToolStates(a, { connection: redis.url, queue }), await syncToolStates(b, { connection: redis.url, queue }));
  return { a, b, queue };
}

const names = (r: ToolRegistry) => r.listTools().map((t) => t.name);

describe('syncToolStates', () => {
  it("should apply a tool disabled or enabled in one registry to the other's within 500 ms", async () => {
    const { a, b } = await pair();
    const started = Date.now();
    a.disableTool('alpha');
    expect(await eventually(() => !b.isToolEnabled('alpha'), 500)).toBe(true);
    expect(Date.now() - started).toBeLessThan(500);
    expect(names(b)).toEqual(['beta']);
    b.enableTool('alpha');
    expect(await eventually(() => a.isToolEnabled('alpha'), 500)).toBe(true);
  });

  it('should give a registry that starts later the shared states, and a tool registered later its shared state', async () => {
    const { a, queue } = await pair();
    a.disableTool('beta');
    await eventually(() => false, 100);
    const late = registry();
    syncs.push(await syncToolStates(late, { connection: redis.url, queue }));
    expect(names(late)).toEqual(['alpha']);
    a.disableTool('gamma'); // unknown here: nothing shared
    const gammaHolder = new ToolRegistry().register(new ProbeTool({ name: 'gamma' }));
    syncs.push(await syncToolStates(gammaHolder, { connection: redis.url, queue }));
    gammaHolder.disableTool('gamma');
    const third = new ToolRegistry();
    syncs.push(await syncToolStates(third, { connection: redis.url, queue }));
    third.register(new ProbeTool({ name: 'gamma' }));
    expect(await eventually(() => !third.isToolEnabled('gamma'), 1_000)).toBe(true);
  });

  it('should end with the latest change in every registry when two change the same tool at once', async () => {
    const { a, b } = await pair();
    for (let i = 0; i < 20; i++) {
      a.disableTool('alpha');
      b.enableTool('alpha');
    }
    await eventually(() => false, 300);
    expect(a.isToolEnabled('alpha')).toBe(b.isToolEnabled('alpha'));
  });

  it('should read the whole state again after its connection comes back, since pub/sub drops what was sent meanwhile', async () => {
    const { a, b } = await pair();
    const admin = redis.client();
    try {
      // Cut every connection named for the change channel (b's and a's subscribers), then change a state at once.
      const clients = await admin.client('LIST');
      const ids = String(clients)
        .split('\n')
        .filter((line) => line.includes('name=victor-tools:tool-states-changes'))
        .map((line) => /id=(\d+)/.exec(line)![1]);
      expect(ids.length).toBe(2);
      for (const id of ids) await admin.client('KILL', 'ID', id);
      a.disableTool('beta');
      expect(await eventually(() => !b.isToolEnabled('beta'), 5_000)).toBe(true);
    } finally {
      await admin.quit();
    }
  });

  it('should stop sharing once closed', async () => {
    const { a, b } = await pair();
    await syncs[0].close();
    a.disableTool('alpha');
    await eventually(() => false, 300);
    expect(b.isToolEnabled('alpha')).toBe(true);
  });
});
