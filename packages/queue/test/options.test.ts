// The options of queueInvoker, startToolWorker and syncToolStates are checked as core checks its own:
// a misspelt one is refused naming the close known one, a value of the wrong kind says
// what it got, and a refused worker leaves no connection open.
import { ToolRegistry } from '@victor-tools/core';
import { queueInvoker, startToolWorker, syncToolStates, type QueueInvokerOptions, type SyncToolStatesOptions, type ToolWorkerOptions } from '@victor-tools/queue';
import { startRedisServer, type RedisServer } from './support/redis-server';
import { sleep } from './support/tools';

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis.stop();
});

const invokerWith = (options: unknown) => () => queueInvoker(options as QueueInvokerOptions);
const workerWith = (options: unknown) => startToolWorker(new ToolRegistry(), options as ToolWorkerOptions);

describe('queueInvoker options', () => {
  it('should refuse an unknown option, naming the close known one', () => {
    expect(invokerWith({ connection: redis.url, atempts: 5 })).toThrow("queueInvoker: unknown option 'atempts' (did you mean 'attempts'?)");
    expect(invokerWith({ connection: redis.url, resultTTLMs: 60_000 })).toThrow("queueInvoker: unknown option 'resultTTLMs' (did you mean 'resultTtlMs'?)");
  });

  it('should refuse options that are not an object, and a queue that is not a non-empty string', () => {
    expect(invokerWith(undefined)).toThrow('queueInvoker: options must be an object, got undefined.');
    expect(invokerWith({ connection: redis.url, queue: 123 })).toThrow("queueInvoker: option 'queue' must be a non-empty string, got a number.");
    expect(invokerWith({ connection: redis.url, queue: '' })).toThrow("queueInvoker: option 'queue' must be a non-empty string, got an empty string.");
    expect(invokerWith({ connection: redis.url, queue: 'team:tools' })).toThrow("queueInvoker: option 'queue' cannot contain ':'");
  });

  it('should say what it got for a number option given as a string, and show a flag as itself', () => {
    expect(invokerWith({ connection: redis.url, attempts: '3' })).toThrow('attempts must be an integer of at least 1, got a string.');
    expect(invokerWith({ connection: redis.url, backoffJitter: '0.5' })).toThrow('backoffJitter must be a number from 0 to 1, got a string.');
    expect(invokerWith({ connection: redis.url, attempts: true })).toThrow('attempts must be an integer of at least 1, got true.');
  });
});

describe('startToolWorker options', () => {
  it('should refuse an unknown option, naming the close known one', async () => {
    await expect(workerWith({ connection: redis.url, concurency: 50 })).rejects.toThrow("startToolWorker: unknown option 'concurency' (did you mean 'concurrency'?)");
    await expect(workerWith({ connection: redis.url, defaultTimeout: 5_000 })).rejects.toThrow("startToolWorker: unknown option 'defaultTimeout' (did you mean 'defaultTimeoutMs'?)");
  });

  it('should say what it got for a number option given as a string', async () => {
    await expect(workerWith({ connection: redis.url, defaultTimeoutMs: '100' })).rejects.toThrow('got a string.');
    await expect(workerWith({ connection: redis.url, concurrency: '5' })).rejects.toThrow('concurrency must be an integer of at least 1, got a string.');
  });

  it('should leave no connection open when it refuses a queue name', async () => {
    await expect(workerWith({ connection: redis.url, queue: 'team:tools' })).rejects.toThrow("startToolWorker: option 'queue' cannot contain ':'");
    await sleep(300);
    const client = redis.client();
    try {
      expect(String(await client.client('LIST'))).not.toContain('victor-tools:worker');
    } finally {
      client.disconnect();
    }
  });
});

describe('syncToolStates options', () => {
  const syncWith = (options: unknown) => syncToolStates(new ToolRegistry(), options as SyncToolStatesOptions);

  it('should refuse an unknown option, options that are not an object and a queue it could not share, opening nothing', async () => {
    await expect(syncWith({ connection: redis.url, queu: 'tools' })).rejects.toThrow("syncToolStates: unknown option 'queu' (did you mean 'queue'?)");
    await expect(syncWith(null)).rejects.toThrow('syncToolStates: options must be an object, got null.');
    await expect(syncWith({ connection: redis.url, queue: 7 })).rejects.toThrow("syncToolStates: option 'queue' must be a non-empty string, got a number.");
    const client = redis.client();
    try {
      expect(String(await client.client('LIST'))).not.toContain('victor-tools:tool-states');
    } finally {
      client.disconnect();
    }
  });
});
