// End to end through core's pipeline: new ToolRegistry({ invoker: queueInvoker(...) }).
import { ToolRegistry, ToolResult, type ToolRegistryOptions } from '@victor-tools/core';
import { queueInvoker, startToolWorker } from '@victor-tools/queue';
import { startRedisServer, type RedisServer } from './support/redis-server';
import { ProbeTool, eventually, sleep } from './support/tools';

describe('ToolRegistry({ invoker: queueInvoker(...) })', () => {
  jest.setTimeout(30_000);
  let redis: RedisServer;
  let queueCount = 0;
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

  /** The same tools on both sides, as a deployment has them: the caller's registry routes calls to the worker's. */
  async function setup(make: () => ProbeTool[], options: Omit<ToolRegistryOptions, 'invoker'> = {}) {
    queueCount += 1;
    const queue = `registry-${queueCount}`;
    const workerTools = make();
    const workerRegistry = new ToolRegistry();
    for (const tool of workerTools) workerRegistry.register(tool);
    const worker = await startToolWorker(workerRegistry, { connection: redis.url, queue });
    const invoker = queueInvoker({ connection: redis.url, queue });
    opened.push(invoker, worker);
    const registry = new ToolRegistry({ ...options, invoker });
    for (const tool of make()) registry.register(tool);
    return { registry, workerTools };
  }

  const probes = () => [
    new ProbeTool({
      name: 'write_note',
      parameters: { type: 'object', properties: { value: { type: 'string' }, ms: { type: 'integer' } }, required: ['value'], additionalProperties: false },
    }),
  ];

  it('should run the checks and hooks at the caller and the tool on the worker', async () => {
    const { registry, workerTools } = await setup(probes);
    const seen: string[] = [];
    registry.registerBeforeHook((name, args) => void seen.push(`before ${name} ${JSON.stringify(args)}`));
    registry.registerAfterHook((result) => void seen.push(`after ${result.success}`));
    expect(await registry.execute('write_note', { value: 'remote' })).toMatchObject({ success: true, output: { value: 'remote', ran: 1 } });
    expect(workerTools[0].runs).toHaveLength(1);
    expect(seen).toEqual(['before write_note {"value":"remote"}', 'after true']);
    const bad = await registry.execute('write_note', { value: 1 });
    expect(bad.error).toBe("Invalid parameters for tool 'write_note': Parameter 'value' has wrong type: expected string, got number");
    expect(workerTools[0].runs).toHaveLength(1);
  });

  it("should apply the caller's mode policy before anything is queued", async () => {
    const { registry, workerTools } = await setup(() => [
      new ProbeTool({ name: 'writer', parameters: { type: 'object', properties: {} } }),
    ]);
    // The probe declares no access mode: PLAN refuses a tool whose access mode was never declared.
    const refused = await registry.execute('writer', {}, { mode: 'plan' });
    expect(refused.success).toBe(false);
    expect(workerTools[0].runs).toHaveLength(0);
  });

  it("should time a remote call out by the registry's timeout, and abort the tool on the worker", async () => {
    const { registry, workerTools } = await setup(probes, { defaultTimeoutMs: 300 });
    const result = await registry.execute('write_note', { value: 'slow', ms: 10_000 });
    expect(result).toEqual(ToolResult.fail("Tool 'write_note' timed out after 300 ms", { timedOut: true, timeoutMs: 300 }));
    expect(await eventually(() => workerTools[0].runs[0]?.aborted !== undefined, 3_000)).toBe(true);
  });

  it("should relay the worker's progress to the caller's reportProgress", async () => {
    const { registry } = await setup(() => [
      new ProbeTool({
        name: 'stepper',
        run: async (_args, ctx) => {
          ctx.reportProgress?.(1, 2, 'half');
          await sleep(150);
          return ToolResult.ok('stepped');
        },
      }),
    ]);
    const reports: unknown[] = [];
    const result = await registry.execute('stepper', {}, { reportProgress: (...report: unknown[]) => reports.push(report) });
    expect(result.output).toBe('stepped');
    expect(reports).toEqual([[1, 2, 'half']]);
  });

  /** The same tool run by a registry in process and by one whose calls go through the queue: each answers what the caller saw. */
  async function bothPaths<T>(make: () => ProbeTool[], call: (registry: ToolRegistry) => Promise<T>): Promise<{ local: T; remote: T }> {
    const local = new ToolRegistry();
    for (const tool of make()) local.register(tool);
    const { registry } = await setup(make);
    return { local: await call(local), remote: await call(registry) };
  }

  it("should pass a tool's log messages on as a call in process does: level, message, data and the logger's name when it gives one", async () => {
    const logging = () => [
      new ProbeTool({
        name: 'relay',
        run: (_args, ctx) => {
          ctx.log('info', 'from upstream', { a: 1 }, 'upstream-server');
          ctx.log('warning', 'no data', undefined, 'other');
          ctx.log('info', 'plain');
          ctx.log('debug', 'with data', [1, 2]);
          return ToolResult.ok('logged');
        },
      }),
    ];
    const { local, remote } = await bothPaths(logging, async (registry) => {
      const logs: unknown[][] = [];
      const result = await registry.execute('relay', {}, { log: (...entry: unknown[]) => void logs.push(entry) });
      expect(result.output).toBe('logged');
      return logs;
    });
    expect(local).toStrictEqual([
      ['info', 'from upstream', { a: 1 }, 'upstream-server'],
      ['warning', 'no data', undefined, 'other'],
      ['info', 'plain', undefined],
      ['debug', 'with data', [1, 2]],
    ]);
    expect(remote).toStrictEqual(local);
  });

  it("should cut a logger's name over 1,000 characters on its way through the queue", async () => {
    const { registry } = await setup(() => [
      new ProbeTool({
        name: 'long_logger',
        run: (_args, ctx) => {
          ctx.log('info', 'hi', undefined, 'n'.repeat(50_000));
          return ToolResult.ok('logged');
        },
      }),
    ]);
    const logs: unknown[][] = [];
    await registry.execute('long_logger', {}, { log: (...entry: unknown[]) => void logs.push(entry) });
    expect(logs).toStrictEqual([['info', 'hi', undefined, `${'n'.repeat(997)}...`]]);
  });

  it('should hand the tool a context whose keys read as in process: toolName, signal, reportProgress and log are not its own', async () => {
    const shapes = () => [
      new ProbeTool({
        name: 'shape',
        run: (_args, ctx) => {
          const inherited: string[] = [];
          for (const key in ctx) inherited.push(key);
          return ToolResult.ok({
            keys: Object.keys(ctx).sort(),
            spread: Object.keys({ ...ctx }).sort(),
            json: Object.keys(JSON.parse(JSON.stringify(ctx)) as object).sort(),
            forIn: inherited.sort(),
            own: ['toolName', 'signal', 'reportProgress', 'log'].filter((key) => Object.prototype.hasOwnProperty.call(ctx, key)),
            present: [typeof ctx.toolName, typeof ctx.signal, typeof ctx.reportProgress, typeof ctx.log],
          });
        },
      }),
    ];
    const { local, remote } = await bothPaths(shapes, (registry) => registry.execute('shape', {}, { mode: 'build', conversationId: 'c1' }));
    expect(local.output).toEqual({
      keys: ['conversationId', 'mode'],
      spread: ['conversationId', 'mode'],
      json: ['conversationId', 'mode'],
      forIn: ['conversationId', 'log', 'mode', 'reportProgress', 'signal', 'toolName'],
      own: [],
      present: ['string', 'object', 'function', 'function'],
    });
    expect(remote.output).toEqual(local.output);
  });
});
