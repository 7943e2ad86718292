// The caller side (queueInvoker, called as core's pipeline calls an invoker)
// against workers started in this process over a normal ToolRegistry, on a
// real redis-server.
import { ToolRegistry, ToolResult, type JsonSchema } from '@victor-tools/core';
import { z } from 'zod';
import { queueInvoker, startToolWorker, type QueueInvoker, type ToolWorker } from '@victor-tools/queue';
import { invocation } from './support/invocation';
import { freePort, startRedisServer, type RedisServer } from './support/redis-server';
import { ProbeTool, eventually, sleep } from './support/tools';
import { silentLogger } from '../../../test/support/logger';

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

/** A fresh queue name, so that no test sees another's jobs or events. */
function nextQueue(): string {
  queueCount += 1;
  return `test-${queueCount}`;
}

async function setup(tools: ProbeTool[], options: { concurrency?: number; resultTtlMs?: number; workerTools?: ProbeTool[]; secret?: string } = {}) {
  const queue = nextQueue();
  const registry = new ToolRegistry();
  for (const tool of options.workerTools ?? tools) registry.register(tool);
  const worker: ToolWorker = await startToolWorker(registry, { connection: redis.url, queue, concurrency: options.concurrency ?? 10, secret: options.secret });
  const invoker: QueueInvoker = queueInvoker({ connection: redis.url, queue, resultTtlMs: options.resultTtlMs, backoffMs: 10, secret: options.secret });
  opened.push(invoker, worker);
  return { queue, worker, invoker };
}

/** Every key and value Redis holds, as text (strings, hashes, lists, sets, sorted sets and streams). */
async function everythingIn(server: RedisServer): Promise<string> {
  const client = server.client();
  try {
    const out: string[] = [];
    for (const key of await client.keys('*')) {
      const type = await client.type(key);
      const value =
        type === 'string' ? await client.get(key)
        : type === 'hash' ? await client.hgetall(key)
        : type === 'list' ? await client.lrange(key, 0, -1)
        : type === 'set' ? await client.smembers(key)
        : type === 'zset' ? await client.zrange(key, 0, -1)
        : type === 'stream' ? await client.xrange(key, '-', '+')
        : type;
      out.push(key, JSON.stringify(value));
    }
    return out.join('\n');
  } finally {
    client.disconnect();
  }
}

describe('queueInvoker with startToolWorker', () => {
  it('should run the call on the worker and answer its ToolResult, with the JSON-safe context', async () => {
    // Declared READONLY: the worker applies the mode policy too, and EXPLORE refuses a tool that declares no access mode.
    const echo = new ProbeTool({ name: 'echo', metadata: { accessMode: 'readonly' } });
    const { invoker } = await setup([echo]);
    const result = await invoker.invoke(invocation(echo, { value: 'hi' }, { mode: 'explore', sandbox: '/tmp/box', conversationId: 'c1', timeoutMs: 5_000 }));
    expect(result).toBeInstanceOf(ToolResult);
    expect(result).toMatchObject({ success: true, output: { value: 'hi', ran: 1 } });
    expect(echo.runs).toHaveLength(1);
    const ctx = echo.runs[0].ctx;
    expect([ctx.mode, ctx.sandbox, ctx.conversationId, ctx.toolName]).toEqual(['explore', '/tmp/box', 'c1', 'echo']);
    expect(ctx.signal).toBeInstanceOf(AbortSignal);
  });

  it('should give the worker\'s tool who calls (ctx.auth) without the bearer token, which never rests in Redis', async () => {
    // While the tool runs, its job is in Redis: everything Redis holds then is read back.
    let stored = '';
    const whoami = new ProbeTool({
      name: 'whoami',
      run: async () => {
        stored = await everythingIn(redis);
        return ToolResult.ok('seen');
      },
    });
    const { invoker } = await setup([whoami], { secret: 'a-secret-of-the-deployment-0123456789' });
    const auth = { token: 'secret-bearer-token-0123456789', clientId: 'reader-app', scopes: ['files:read'], expiresAt: 4_000_000_000, extra: { sub: 'ada', lost: () => 1 } };
    expect(await invoker.invoke(invocation(whoami, { value: 'x' }, { auth }))).toMatchObject({ success: true });
    expect(whoami.runs[0].ctx.auth).toEqual({ token: '', clientId: 'reader-app', scopes: ['files:read'], expiresAt: 4_000_000_000, extra: { sub: 'ada' } });
    expect(stored).toContain('reader-app');
    expect(stored).not.toContain('secret-bearer-token');
  });

  it('should not give ctx.auth to a tool on a worker without the secret, which cannot tell who wrote the job', async () => {
    const whoami = new ProbeTool({ name: 'whoami' });
    const { invoker } = await setup([whoami]);
    await invoker.invoke(invocation(whoami, { value: 'x' }, { auth: { token: 't', clientId: 'admin-app', scopes: ['admin'] } }));
    expect(whoami.runs[0].ctx.auth).toBeUndefined();
  });

  it("should answer a tool's failed result, and its thrown error as core words it, without retrying a tool that is not idempotent", async () => {
    const fails = new ProbeTool({ name: 'fails', run: () => ToolResult.fail('no such file', { code: 'ENOENT' }) });
    const throws = new ProbeTool({
      name: 'throws',
      run: () => {
        throw new TypeError('boom');
      },
    });
    const { invoker } = await setup([fails, throws]);
    expect(await invoker.invoke(invocation(fails, {}))).toEqual(ToolResult.fail('no such file', { code: 'ENOENT' }));
    expect(await invoker.invoke(invocation(throws, {}))).toEqual(ToolResult.fail('Tool execution failed: boom', { exception: 'TypeError' }));
    expect(throws.runs).toHaveLength(1);
  });

  it('should retry an idempotent tool that throws, with backoff, until it answers', async () => {
    const flaky = new ProbeTool({
      name: 'flaky',
      idempotent: true,
      run: (_args, _ctx) => {
        if (flaky.runs.length < 3) throw new Error(`attempt ${flaky.runs.length} failed`);
        return ToolResult.ok('third time');
      },
    });
    const { invoker } = await setup([flaky]);
    expect(await invoker.invoke(invocation(flaky, {}, { timeoutMs: 10_000 }))).toMatchObject({ success: true, output: 'third time' });
    expect(flaky.runs).toHaveLength(3);
  });

  it('should answer the last failure of an idempotent tool that always throws, after the attempts', async () => {
    const broken = new ProbeTool({
      name: 'broken',
      idempotent: true,
      run: () => {
        throw new RangeError('always');
      },
    });
    const { invoker } = await setup([broken]);
    expect(await invoker.invoke(invocation(broken, {}, { timeoutMs: 10_000 }))).toEqual(
      ToolResult.fail('Tool execution failed: always', { exception: 'RangeError' }),
    );
    expect(broken.runs).toHaveLength(3);
  });

  it('should refuse a call of a tool the worker does not have, or has with another schema', async () => {
    const callerTool = new ProbeTool({ name: 'shape', parameters: { type: 'object', properties: { a: { type: 'string' } } } });
    const workerTool = new ProbeTool({ name: 'shape', parameters: { type: 'object', properties: { a: { type: 'integer' } } } });
    const missing = new ProbeTool({ name: 'missing' });
    const { invoker } = await setup([callerTool, missing], { workerTools: [workerTool] });
    const mismatch = await invoker.invoke(invocation(callerTool, { a: 'x' }));
    expect(mismatch.success).toBe(false);
    expect(mismatch.error).toMatch(/^Tool 'shape' failed on the queue: worker '.+' has another parameters schema for 'shape'/);
    expect(mismatch.metadata).toMatchObject({ queueFailure: true, reason: 'schema-mismatch' });
    const unknown = await invoker.invoke(invocation(missing, {}));
    expect(unknown.error).toMatch(/^Tool 'missing' failed on the queue: worker '.+' has no tool 'missing'/);
    expect(workerTool.runs).toHaveLength(0);
  });

  it("should bring back a result's MCP content blocks (ToolResult.withContent), from the worker and from a kept result", async () => {
    // ToolResult.toJSON leaves content out: the queue must carry it, or serve --redis sends images as text.
    const blocks = [
      { type: 'text' as const, text: 'a chart' },
      { type: 'image' as const, data: 'iVBORw0KGgo=', mimeType: 'image/png' },
    ];
    const chart = new ProbeTool({ name: 'chart', idempotent: true, run: () => ToolResult.withContent(blocks, { points: 2 }, { kind: 'chart' }) });
    const { invoker } = await setup([chart], { resultTtlMs: 10_000 });
    const registry = new ToolRegistry({ invoker }).register(chart);
    for (const result of [await registry.execute('chart', {}), await registry.execute('chart', {})]) {
      expect(result).toMatchObject({ success: true, output: { points: 2 }, metadata: { kind: 'chart' } });
      expect(result.content).toEqual(blocks);
    }
    expect(chart.runs).toHaveLength(1); // the second answer is the kept result
  });

  it('should run a tool declared with zod on the worker: the caller holds it as written, the worker the registry’s copy', async () => {
    // Both sides must fingerprint the JSON Schema form: the zod object's own JSON never matched the registry's JSON Schema.
    const zodProbe = () => new ProbeTool({ name: 'zod_echo', parameters: z.object({ value: z.string().min(1) }) as unknown as JsonSchema });
    const callerTool = zodProbe();
    const workerTool = zodProbe();
    const { invoker } = await setup([callerTool], { workerTools: [workerTool] });
    const registry = new ToolRegistry({ invoker }).register(callerTool);
    expect(await registry.execute('zod_echo', { value: 'hi' })).toMatchObject({ success: true, output: { value: 'hi', ran: 1 } });
    expect(workerTool.runs).toHaveLength(1);
    expect(callerTool.runs).toHaveLength(0);
  });

  it('should refuse a call whose zod schema differs from the worker’s only in a constraint', async () => {
    // A zod schema's own JSON holds zod's internals, not `.min()`: the fingerprint must be of its JSON Schema form.
    const callerTool = new ProbeTool({ name: 'zod_shape', parameters: z.object({ n: z.number().min(1) }) as unknown as JsonSchema });
    const workerTool = new ProbeTool({ name: 'zod_shape', parameters: z.object({ n: z.number().min(5) }) as unknown as JsonSchema });
    const { invoker } = await setup([callerTool], { workerTools: [workerTool] });
    const registry = new ToolRegistry({ invoker }).register(callerTool);
    const mismatch = await registry.execute('zod_shape', { n: 3 });
    expect(mismatch.error).toMatch(/^Tool 'zod_shape' failed on the queue: worker '.+' has another parameters schema for 'zod_shape'/);
    expect(mismatch.metadata).toMatchObject({ queueFailure: true, reason: 'schema-mismatch' });
    expect(workerTool.runs).toHaveLength(0);
  });

  it('should run a zod tool whose transform changes a type: the job carries the arguments before it, the tool gets its output', async () => {
    // The worker validates what ajv passed at the caller (a string), then runs zod's transform (and an async refinement) itself.
    const lengths = () =>
      new ProbeTool({
        name: 'lengths',
        parameters: z.object({
          s: z.string().transform((s) => s.length),
          tag: z.string().refine(async (tag) => tag !== 'bad', 'not that tag').default('t'),
        }) as unknown as JsonSchema,
        run: (args) => ToolResult.ok(args),
      });
    const callerTool = lengths();
    const workerTool = lengths();
    const { invoker } = await setup([callerTool], { workerTools: [workerTool] });
    const registry = new ToolRegistry({ invoker }).register(callerTool);
    expect(await registry.execute('lengths', { s: 'abcd' })).toMatchObject({ success: true, output: { s: 4, tag: 't' } });
    expect(workerTool.runs.map((run) => run.args)).toEqual([{ s: 4, tag: 't' }]);
    expect(callerTool.runs).toHaveLength(0);
  });

  it("should run a zod tool's refinements on the worker too: a caller that skipped them is refused there, worded as the caller words it", async () => {
    // A refinement is not in the JSON Schema, so both fingerprints match; the worker alone knows it.
    const callerTool = new ProbeTool({ name: 'even', parameters: z.object({ n: z.number() }) as unknown as JsonSchema });
    const workerTool = new ProbeTool({
      name: 'even',
      parameters: z.object({ n: z.number().refine((n) => n % 2 === 0, 'must be even') }) as unknown as JsonSchema,
    });
    const { invoker } = await setup([callerTool], { workerTools: [workerTool] });
    const registry = new ToolRegistry({ invoker }).register(callerTool);
    const refused = await registry.execute('even', { n: 3 });
    expect(refused.error).toBe("Invalid parameters for tool 'even': Validation error at 'n': must be even");
    expect(refused.metadata).toMatchObject({ invalidParams: { n: 'refinement' } });
    // A call put on the queue without any caller's check at all.
    const forged = await invoker.invoke(invocation(callerTool, { n: 5 }));
    expect(forged.error).toBe("Invalid parameters for tool 'even': Validation error at 'n': must be even");
    expect(workerTool.runs).toHaveLength(0);
    expect(await registry.execute('even', { n: 4 })).toMatchObject({ success: true });
    expect(workerTool.runs.map((run) => run.args)).toEqual([{ n: 4 }]);
  });

  it("should refuse a zod refinement's failure at the caller, before anything is queued", async () => {
    const even = () =>
      new ProbeTool({ name: 'even', parameters: z.object({ n: z.number().refine((n) => n % 2 === 0, 'must be even') }) as unknown as JsonSchema });
    const callerTool = even();
    const workerTool = even();
    const { invoker } = await setup([callerTool], { workerTools: [workerTool] });
    const registry = new ToolRegistry({ invoker }).register(callerTool);
    const refused = await registry.execute('even', { n: 3 });
    expect(refused.error).toBe("Invalid parameters for tool 'even': Validation error at 'n': must be even");
    expect(refused.metadata?.queueFailure).toBeUndefined();
    expect(invoker.inFlight).toBe(0);
    expect(workerTool.runs).toHaveLength(0);
  });

  it('should validate the arguments again on the worker: the queue is not trusted', async () => {
    const typed = new ProbeTool({
      name: 'typed',
      parameters: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], additionalProperties: false },
    });
    const { invoker } = await setup([typed]);
    const result = await invoker.invoke(invocation(typed, { n: 'one', extra: 1 }));
    expect(result.error).toBe("Invalid parameters for tool 'typed': Unknown parameter 'extra'; Parameter 'n' has wrong type: expected integer, got string");
    expect(result.metadata).toEqual({ invalidParams: { n: 'type: expected integer', extra: 'unknown parameter' } });
    expect(typed.runs).toHaveLength(0);
  });

  it('should end the call at its deadline and abort the tool on the worker', async () => {
    const slow = new ProbeTool({ name: 'slow' });
    const { invoker } = await setup([slow]);
    const started = Date.now();
    const result = await invoker.invoke(invocation(slow, { ms: 10_000 }, { timeoutMs: 400 }));
    expect(result).toEqual(ToolResult.fail("Tool 'slow' timed out after 400 ms", { timedOut: true, timeoutMs: 400 }));
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await eventually(() => slow.runs[0]?.aborted !== undefined, 3_000)).toBe(true);
  });

  it('should remove a waiting call that its caller aborts: it never runs', async () => {
    const slow = new ProbeTool({ name: 'slow' });
    const { invoker } = await setup([slow], { concurrency: 1 });
    const first = invoker.invoke(invocation(slow, { value: 'first', ms: 1_500 }));
    expect(await eventually(() => slow.runs.length === 1)).toBe(true);
    const controller = new AbortController();
    const second = invoker.invoke(invocation(slow, { value: 'second' }, { signal: controller.signal }));
    await sleep(200);
    controller.abort(new Error('user pressed stop'));
    expect(await second).toEqual(ToolResult.fail("Tool 'slow' was cancelled", { cancelled: true, reason: 'user pressed stop' }));
    expect((await first).success).toBe(true);
    await sleep(500);
    expect(slow.runs.map((r) => r.args.value)).toEqual(['first']);
  });

  it("should reach a running call with its caller's abort: the tool's signal aborts within 1 s", async () => {
    const slow = new ProbeTool({ name: 'slow' });
    const { invoker } = await setup([slow]);
    const controller = new AbortController();
    const call = invoker.invoke(invocation(slow, { ms: 20_000 }, { signal: controller.signal }));
    expect(await eventually(() => slow.runs.length === 1)).toBe(true);
    const abortedAt = Date.now();
    controller.abort();
    expect((await call).metadata).toMatchObject({ cancelled: true });
    expect(await eventually(() => slow.runs[0].aborted !== undefined, 1_000)).toBe(true);
    expect(slow.runs[0].aborted!.at - abortedAt).toBeLessThan(1_000);
    // As an in-process tool sees its caller's abort: an AbortError.
    expect(slow.runs[0].aborted!.reason).toBeInstanceOf(DOMException);
    expect((slow.runs[0].aborted!.reason as DOMException).name).toBe('AbortError');
  });

  it("should give the tool on the worker its caller's reason for aborting, as text", async () => {
    const slow = new ProbeTool({ name: 'slow' });
    const { invoker } = await setup([slow]);
    const controller = new AbortController();
    const call = invoker.invoke(invocation(slow, { ms: 20_000 }, { signal: controller.signal }));
    expect(await eventually(() => slow.runs.length === 1)).toBe(true);
    controller.abort(new Error('user closed the tab'));
    expect((await call).metadata).toMatchObject({ cancelled: true, reason: 'user closed the tab' });
    expect(await eventually(() => slow.runs[0].aborted !== undefined, 1_000)).toBe(true);
    const reason = slow.runs[0].aborted!.reason;
    expect(reason).toBeInstanceOf(Error);
    expect((reason as Error).message).toBe('user closed the tab');
  });

  it('should cap the reason it carries to the worker', async () => {
    const slow = new ProbeTool({ name: 'slow' });
    const { invoker } = await setup([slow]);
    const controller = new AbortController();
    const call = invoker.invoke(invocation(slow, { ms: 20_000 }, { signal: controller.signal }));
    expect(await eventually(() => slow.runs.length === 1)).toBe(true);
    controller.abort('x'.repeat(100_000));
    await call;
    expect(await eventually(() => slow.runs[0].aborted !== undefined, 1_000)).toBe(true);
    expect((slow.runs[0].aborted!.reason as Error).message).toMatch(/^x{1000}\.\.\. \(99000 more characters\)$/);
  });

  it("should relay the tool's progress and log messages to the caller's context", async () => {
    const steps = new ProbeTool({
      name: 'steps',
      run: async (_args, ctx) => {
        for (let i = 1; i <= 3; i++) {
          ctx.reportProgress?.(i, 3, `step ${i}`);
          await sleep(150);
        }
        ctx.log?.('info', 'done stepping', { steps: 3 });
        return ToolResult.ok('stepped');
      },
    });
    const { invoker } = await setup([steps]);
    const progress: unknown[] = [];
    const logs: unknown[] = [];
    const result = await invoker.invoke(
      invocation(steps, {}, { reportProgress: (...report) => progress.push(report), log: (...entry) => logs.push(entry) }),
    );
    expect(result.output).toBe('stepped');
    expect(progress).toEqual([
      [1, 3, 'step 1'],
      [2, 3, 'step 2'],
      [3, 3, 'step 3'],
    ]);
    expect(logs).toEqual([['info', 'done stepping', { steps: 3 }]]);
  });

  it('should run a tool that logs a message that is not a string, as it runs in process', async () => {
    const odd = new ProbeTool({
      name: 'odd_log',
      run: (_args, ctx) => {
        // Core hands these on as they are in process: on a worker they must not fail the call.
        ctx.log?.('info', Object.create(null) as string);
        ctx.log?.(Object.create(null) as 'info', { toString: () => { throw new Error('no text'); } } as unknown as string);
        return ToolResult.ok('logged');
      },
    });
    const { invoker } = await setup([odd]);
    const logs: unknown[] = [];
    const result = await invoker.invoke(invocation(odd, {}, { log: (...entry) => logs.push(entry) }));
    expect(result).toMatchObject({ success: true, output: 'logged' });
    expect(await eventually(() => logs.length === 2)).toBe(true);
    expect(logs).toEqual([
      ['info', 'an object', undefined],
      ['an object', 'an object', undefined],
    ]);
  });

  it('should answer an output as its JSON form, as the README says', async () => {
    const shapes = new ProbeTool({
      name: 'shapes',
      run: () => ToolResult.ok({ when: new Date(0), map: new Map([['a', 1]]), gone: undefined, list: [undefined, 1] }),
    });
    const { invoker } = await setup([shapes]);
    const result = await invoker.invoke(invocation(shapes, {}));
    expect(result.success).toBe(true);
    expect(result.output).toEqual({ when: '1970-01-01T00:00:00.000Z', map: {}, list: [null, 1] });
    expect(Object.keys(result.output as object)).toEqual(['when', 'map', 'list']);
  });

  it('should run 10 identical concurrent idempotent calls once, and answer a repeat within the TTL without running', async () => {
    const lookup = new ProbeTool({ name: 'lookup', idempotent: true, metadata: { accessMode: 'readonly' } });
    const { invoker } = await setup([lookup], { resultTtlMs: 1_500 });
    const results = await Promise.all(Array.from({ length: 10 }, () => invoker.invoke(invocation(lookup, { value: 'k', ms: 300 }, { mode: 'build' }))));
    expect(lookup.runs).toHaveLength(1);
    for (const result of results) expect(result).toMatchObject({ success: true, output: { value: 'k', ran: 1 } });
    expect(await invoker.invoke(invocation(lookup, { value: 'k', ms: 300 }, { mode: 'build' }))).toMatchObject({ output: { ran: 1 } });
    expect(lookup.runs).toHaveLength(1);
    // Another caller is another call: a result made for one client is never handed to another.
    const other = { token: 't', clientId: 'other-app', scopes: [] };
    expect(await invoker.invoke(invocation(lookup, { value: 'k', ms: 300 }, { mode: 'build', auth: other }))).toMatchObject({ output: { ran: 2 } });
    expect(await invoker.invoke(invocation(lookup, { value: 'k', ms: 300 }, { mode: 'build', auth: other }))).toMatchObject({ output: { ran: 2 } });
    expect(lookup.runs).toHaveLength(2);
    // Another mode is another call; so is the same call once the TTL is over.
    await invoker.invoke(invocation(lookup, { value: 'k', ms: 300 }, { mode: 'plan' }));
    expect(lookup.runs).toHaveLength(3);
    await sleep(1_600);
    await invoker.invoke(invocation(lookup, { value: 'k', ms: 300 }, { mode: 'build' }));
    expect(lookup.runs).toHaveLength(4);
  });

  it('should not keep failures for identical calls', async () => {
    let tries = 0;
    const unsure = new ProbeTool({ name: 'unsure', idempotent: true, run: () => ToolResult.fail(`not yet (${(tries += 1)})`) });
    const { invoker } = await setup([unsure], { resultTtlMs: 60_000 });
    expect((await invoker.invoke(invocation(unsure, {}))).error).toBe('not yet (1)');
    expect((await invoker.invoke(invocation(unsure, {}))).error).toBe('not yet (2)');
  });

  it("should keep a shared idempotent job running for the callers still waiting when one of them aborts", async () => {
    const lookup = new ProbeTool({ name: 'lookup', idempotent: true });
    const { invoker } = await setup([lookup]);
    const controller = new AbortController();
    const leaving = invoker.invoke(invocation(lookup, { value: 'shared', ms: 800 }, { signal: controller.signal }));
    const staying = invoker.invoke(invocation(lookup, { value: 'shared', ms: 800 }));
    expect(await eventually(() => lookup.runs.length === 1)).toBe(true);
    controller.abort();
    expect((await leaving).metadata).toMatchObject({ cancelled: true });
    expect(await staying).toMatchObject({ success: true, output: { value: 'shared' } });
    expect(lookup.runs).toHaveLength(1);
    expect(lookup.runs[0].aborted).toBeUndefined();
  });

  it('should run the calls its remote option keeps local in this process', async () => {
    const remote = new ProbeTool({ name: 'remote_tool' });
    const local = new ProbeTool({ name: 'local_tool' });
    const queue = nextQueue();
    const registry = new ToolRegistry().register(remote);
    const worker = await startToolWorker(registry, { connection: redis.url, queue });
    const invoker = queueInvoker({ connection: redis.url, queue, remote: ['remote_tool'] });
    opened.push(invoker, worker);
    expect((await invoker.invoke(invocation(local, { value: 'here' }))).output).toEqual({ value: 'here', ran: 1 });
    expect((await invoker.invoke(invocation(remote, { value: 'there' }))).output).toEqual({ value: 'there', ran: 1 });
    expect(worker.name).toMatch(/:\d+$/);
  });

  it('should answer a queue failure, running nothing, when its remote function throws', async () => {
    const tool = new ProbeTool({ name: 'either' });
    const invoker = queueInvoker({
      connection: redis.url,
      queue: nextQueue(),
      remote: () => {
        throw new Error('no route');
      },
    });
    opened.push(invoker);
    const refused = await invoker.invoke(invocation(tool, {}));
    expect(refused.error).toBe("Tool 'either' failed on the queue: the invoker's remote option threw: no route; the call was not run");
    expect(refused.metadata).toEqual({ queueFailure: true, reason: 'remote-option' });
    expect(tool.runs).toEqual([]);
  });

  it('should let its running calls finish when closed within the grace period, and leave them to the queue after it', async () => {
    const queue = nextQueue();
    const first = new ProbeTool({ name: 'slow', idempotent: true });
    const second = new ProbeTool({ name: 'slow', idempotent: true });
    const a = await startToolWorker(new ToolRegistry().register(first), { connection: redis.url, queue, lockDuration: 1_000 });
    const invoker = queueInvoker({ connection: redis.url, queue });
    opened.push(invoker);
    const quick = invoker.invoke(invocation(first, { value: 'quick', ms: 300 }));
    expect(await eventually(() => first.runs.length === 1)).toBe(true);
    await a.close({ graceMs: 5_000 });
    expect((await quick).success).toBe(true);

    const c = await startToolWorker(new ToolRegistry().register(first), { connection: redis.url, queue, lockDuration: 1_000 });
    const long = invoker.invoke(invocation(first, { value: 'long', ms: 3_000 }, { timeoutMs: 20_000 }));
    expect(await eventually(() => first.runs.length === 2)).toBe(true);
    const closedAt = Date.now();
    await c.close({ graceMs: 200 });
    expect(Date.now() - closedAt).toBeLessThan(3_000);
    expect(first.runs[1].aborted).toBeDefined();
    const b = await startToolWorker(new ToolRegistry().register(second), { connection: redis.url, queue, lockDuration: 1_000 });
    opened.push(b);
    expect(await long).toMatchObject({ success: true, output: { value: 'long', ran: 1 } });
    expect(second.runs).toHaveLength(1);
  });

  it('should answer an output that cannot travel as JSON as every other door words it, with the queue failure metadata', async () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const bigint = new ProbeTool({ name: 'bigint', run: () => ToolResult.ok({ n: BigInt(1) }) });
    const cyclic = new ProbeTool({ name: 'cyclic', run: () => ToolResult.ok(cycle) });
    const oddMetadata = new ProbeTool({ name: 'odd_metadata', run: () => ToolResult.ok('fine', { n: BigInt(1) }) });
    const { invoker } = await setup([bigint, cyclic, oddMetadata]);
    expect(await invoker.invoke(invocation(bigint, {}))).toEqual(
      ToolResult.fail("Tool 'bigint' returned an output that cannot be sent as JSON: Do not know how to serialize a BigInt", { queueFailure: true, reason: 'result-not-json' }),
    );
    const cyclicResult = await invoker.invoke(invocation(cyclic, {}));
    expect(cyclicResult.error).toMatch(/^Tool 'cyclic' returned an output that cannot be sent as JSON: Converting circular structure to JSON [^\n]*$/);
    expect(cyclicResult.metadata).toEqual({ queueFailure: true, reason: 'result-not-json' });
    // Metadata travels only through the queue: no other door words that case.
    expect(await invoker.invoke(invocation(oddMetadata, {}))).toEqual(
      ToolResult.fail("Tool 'odd_metadata' failed on the queue: its result cannot be sent to the caller as JSON: Do not know how to serialize a BigInt", {
        queueFailure: true,
        reason: 'result-not-json',
      }),
    );
  });

  it('should end a call at its deadline when Redis does not answer, and still close', async () => {
    const port = await freePort();
    const invoker = queueInvoker({ connection: `redis://127.0.0.1:${port}`, queue: nextQueue(), logger: silentLogger });
    const echo = new ProbeTool({ name: 'echo', idempotent: true });
    const started = Date.now();
    const result = await invoker.invoke(invocation(echo, {}, { timeoutMs: 300 }));
    expect(result).toEqual(ToolResult.fail("Tool 'echo' timed out after 300 ms", { timedOut: true, timeoutMs: 300 }));
    expect(Date.now() - started).toBeLessThan(2_000);
    await invoker.close();
  });

  it('should answer the calls still waiting when it is closed', async () => {
    const slow = new ProbeTool({ name: 'slow' });
    const { invoker } = await setup([slow]);
    const call = invoker.invoke(invocation(slow, { ms: 2_000 }));
    expect(await eventually(() => slow.runs.length === 1)).toBe(true);
    await invoker.close();
    expect(await call).toMatchObject({ success: false, metadata: { reason: 'closed' } });
    const refused = await invoker.invoke(invocation(slow, {}));
    expect(refused.error).toBe("Tool 'slow' failed on the queue: the queue invoker is closed; the call was not run");
    expect(refused.metadata).toEqual({ queueFailure: true, reason: 'closed' });
  });
});
