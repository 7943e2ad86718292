// Jobs written straight into Redis, as anyone who can write to it can write
// them (the schema fingerprint is computable from a public tools/list): the
// worker applies the caller's mode policy, sandbox, timeout and approval
// again, and hands the tool only the documented context keys.
import { existsSync, mkdtempSync, mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Job } from 'bullmq';
import { ToolRegistry, ToolResult, type ToolCallContext } from '@victor-tools/core';
import { queueInvoker, startToolWorker, type ToolWorker, type ToolWorkerOptions } from '@victor-tools/queue';
import { Forger, jobData } from './support/forger';
import { startRedisServer, type RedisServer } from './support/redis-server';
import { ProbeTool, eventually, sleep } from './support/tools';
import { silentLogger } from '../../../test/support/logger';

jest.setTimeout(60_000);

const SECRET = 'a-secret-of-the-deployment-0123456789';

let redis: RedisServer;
let dir: string;
let queueCount = 0;
const opened: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  redis = await startRedisServer();
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'vt-worker-policy-')));
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.close()));
});
afterAll(async () => {
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A WRITE tool that writes `content` to `path`, resolved against the call's sandbox (or this test's folder). */
function writeFileTool() {
  return new ProbeTool({
    name: 'write_file',
    metadata: { accessMode: 'write' },
    parameters: {
      type: 'object',
      properties: { path: { type: 'string' }, content: { type: 'string' } },
      required: ['path', 'content'],
      additionalProperties: false,
    },
    run: (args, ctx) => {
      const target = resolve(typeof ctx.sandbox === 'string' ? ctx.sandbox : dir, String(args.path));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, String(args.content));
      return ToolResult.ok({ wrote: target });
    },
  });
}

function dropTableTool() {
  return new ProbeTool({
    name: 'drop_table',
    metadata: { accessMode: 'readonly', dangerLevel: 'critical' },
    parameters: { type: 'object', properties: { table: { type: 'string' } }, required: ['table'] },
    run: (args) => ToolResult.ok({ dropped: args.table }),
  });
}

async function startWorker(tools: ProbeTool[], options: Partial<ToolWorkerOptions> = {}) {
  queueCount += 1;
  const queue = `policy-${queueCount}`;
  const registry = new ToolRegistry();
  for (const tool of tools) registry.register(tool);
  const worker: ToolWorker = await startToolWorker(registry, { connection: redis.url, queue, logger: silentLogger, ...options });
  opened.push(worker);
  return { queue, worker };
}

/** Someone who can write to Redis: BullMQ's own client, no victor-tools invoker. */
function attacker(queue: string): Forger {
  const forger = new Forger(redis.url, queue);
  opened.push(forger);
  return forger;
}

const job = jobData;

describe('startToolWorker with jobs written straight into Redis', () => {
  it('should refuse a WRITE tool in PLAN mode, with the registry\'s words', async () => {
    const write = writeFileTool();
    const { queue } = await startWorker([write]);
    const result = await attacker(queue).run(job(write, { path: 'plan.txt', content: 'x' }, { mode: 'plan' }));
    expect(result).toMatchObject({ success: false, metadata: { policy: { allowed: false, rule: 'access-mode', mode: 'plan' } } });
    expect(result.error).toBe("Tool 'write_file' refused in plan mode: plan mode allows only readonly and network tools, and this tool's access mode is 'write'");
    expect(write.runs).toHaveLength(0);
    expect(existsSync(join(dir, 'plan.txt'))).toBe(false);
  });

  it('should refuse a path outside the EXPLORE sandbox, and EXPLORE without a sandbox', async () => {
    const write = writeFileTool();
    const { queue } = await startWorker([write], { secret: SECRET });
    const sandbox = join(dir, 'box');
    mkdirSync(sandbox, { recursive: true });
    const forger = attacker(queue);
    const outside = await forger.run(job(write, { path: '../outside.txt', content: 'x' }, { mode: 'explore', sandbox }));
    expect(outside.error).toMatch(/^Tool 'write_file' refused in explore mode: explore mode allows write tools only inside the sandbox '.+box', and argument 'path' resolves to '.+outside\.txt', outside it$/);
    expect(outside.metadata).toMatchObject({ policy: { rule: 'outside-sandbox' } });
    const none = await forger.run(job(write, { path: 'inside.txt', content: 'x' }, { mode: 'explore' }));
    expect(none.error).toBe(
      "Tool 'write_file' refused in explore mode: explore mode allows write tools only inside a sandbox, and ctx.sandbox is not set; set ctx.sandbox to a directory",
    );
    expect(write.runs).toHaveLength(0);
    expect(existsSync(join(dir, 'outside.txt'))).toBe(false);
  });

  it("should refuse a tool that requires approval without one it can verify: a WRITE tool under sandbox '/', a CRITICAL one", async () => {
    const write = writeFileTool();
    const drop = dropTableTool();
    const { queue } = await startWorker([write, drop]);
    const forger = attacker(queue);
    const target = join(dir, 'rooted.txt');
    const rooted = await forger.run(job(write, { path: target, content: 'x' }, { mode: 'explore', sandbox: '/' }));
    expect(rooted.error).toMatch(
      /^Tool 'write_file' was not approved: worker '.+' has no secret to check the job's approval with; give the invokers and the workers the same secret .+ \(asked because write tools are confirmed on their first use\)$/,
    );
    expect(rooted.metadata).toMatchObject({ approval: { asked: false, approved: false } });
    const dropped = await forger.run(job(drop, { table: 'users' }));
    expect(dropped.error).toMatch(/^Tool 'drop_table' was not approved: worker '.+' has no secret .+ \(asked because danger level 'critical' requires confirmation: /);
    expect(write.runs).toHaveLength(0);
    expect(drop.runs).toHaveLength(0);
    expect(existsSync(target)).toBe(false);
  });

  it("should stop a tool at its own timeout, whatever deadline the job carries, and at the worker's maximum", async () => {
    const quick = new ProbeTool({ name: 'quick', metadata: { accessMode: 'readonly' }, timeoutMs: 300 });
    const unbounded = new ProbeTool({ name: 'unbounded', metadata: { accessMode: 'readonly' }, timeoutMs: 0 });
    const { queue } = await startWorker([quick, unbounded], { maxTimeoutMs: 500 });
    const forger = attacker(queue);
    let started = Date.now();
    // No deadline at all, then one a minute away: the tool's own 300 ms hold either way.
    for (const extra of [{}, { deadline: Date.now() + 60_000, timeoutMs: 60_000 }]) {
      started = Date.now();
      const result = await forger.run(job(quick, { ms: 3_000 }, {}, extra));
      expect(result).toMatchObject({ success: false, error: "Tool 'quick' timed out after 300 ms", metadata: { timedOut: true, timeoutMs: 300 } });
      expect(Date.now() - started).toBeLessThan(2_500);
    }
    started = Date.now();
    const capped = await forger.run(job(unbounded, { ms: 3_000 }));
    expect(capped.error).toBe("Tool 'unbounded' timed out after 500 ms");
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(await eventually(() => [...quick.runs, ...unbounded.runs].every((run) => run.aborted !== undefined))).toBe(true);
  });

  it('should hand the tool only the documented context keys', async () => {
    const probe = new ProbeTool({ name: 'probe', metadata: { accessMode: 'readonly' } });
    const { queue } = await startWorker([probe]);
    const result = await attacker(queue).run(
      job(probe, {}, { mode: 'build', conversationId: 'c1', approvedBy: 'someone', codeManager: { root: '/' }, signal: 'no', toolName: 'other' }),
    );
    expect(result.success).toBe(true);
    const ctx = probe.runs[0].ctx as ToolCallContext & Record<string, unknown>;
    // Own and inherited (toolName, signal, reportProgress and log are inherited, as in process).
    const keys: string[] = [];
    for (const key in ctx) keys.push(key);
    expect(keys.sort()).toEqual(['conversationId', 'log', 'mode', 'reportProgress', 'signal', 'toolName']);
    expect(Object.keys(ctx).sort()).toEqual(['conversationId', 'mode']);
    expect([ctx.mode, ctx.conversationId, ctx.toolName, ctx.approvedBy, ctx.codeManager]).toEqual(['build', 'c1', 'probe', undefined, undefined]);
    expect(ctx.signal).toBeInstanceOf(AbortSignal);
  });
});

describe('startToolWorker with a secret shared with the invokers', () => {
  /** A caller registry whose `approve` approves every call, on an invoker signing with `secret`. */
  function caller(queue: string, tools: ProbeTool[], secret: string | undefined) {
    const invoker = queueInvoker({ connection: redis.url, queue, secret, logger: silentLogger });
    opened.push(invoker);
    const registry = new ToolRegistry({ invoker, approve: () => true });
    for (const tool of tools) registry.register(tool);
    return registry;
  }

  it("should run a CRITICAL tool a caller's registry approved, and refuse it without the secret on either side", async () => {
    const { queue } = await startWorker([dropTableTool()], { secret: SECRET });
    expect(await caller(queue, [dropTableTool()], SECRET).execute('drop_table', { table: 'users' })).toMatchObject({
      success: true,
      output: { dropped: 'users' },
    });
    const unsigned = await caller(queue, [dropTableTool()], undefined).execute('drop_table', { table: 'users' });
    expect(unsigned.error).toMatch(/^Tool 'drop_table' was not approved: the job carries no approval \(its invoker has no secret\); give the invokers and the workers the same secret/);
    const other = await caller(queue, [dropTableTool()], 'another-secret-0123456789abcdef').execute('drop_table', { table: 'users' });
    expect(other.error).toMatch(/^Tool 'drop_table' was not approved: the job's approval does not match the job \(it was changed after its invoker signed it, or signed with another secret\)/);

    const { queue: without } = await startWorker([dropTableTool()]);
    const refused = await caller(without, [dropTableTool()], SECRET).execute('drop_table', { table: 'users' });
    expect(refused.error).toMatch(/^Tool 'drop_table' was not approved: worker '.+' has no secret to check the job's approval with/);
  });

  it('should refuse a job without an approval even for a READONLY tool', async () => {
    const probe = new ProbeTool({ name: 'probe', metadata: { accessMode: 'readonly' } });
    const { queue } = await startWorker([probe], { secret: SECRET });
    const result = await attacker(queue).run(job(probe, {}));
    expect(result.error).toMatch(/^Tool 'probe' failed on the queue: worker '.+' refused the job: the job carries no approval \(its invoker has no secret\)/);
    expect(result.metadata).toMatchObject({ queueFailure: true, reason: 'not-approved' });
    expect(probe.runs).toHaveLength(0);
  });

  it('should refuse a signed job whose arguments were changed, and run a copy of a signed job that is not idempotent only once', async () => {
    const write = writeFileTool();
    queueCount += 1;
    const queue = `policy-${queueCount}`;
    const sandbox = join(dir, 'signed');
    mkdirSync(sandbox, { recursive: true });
    // Queued while no worker runs, so that its job can be read and copied.
    const registry = caller(queue, [writeFileTool()], SECRET);
    const call = registry.execute('write_file', { path: 'a.txt', content: 'approved' }, { mode: 'explore', sandbox });
    const forger = attacker(queue);
    let queued: Job[] = [];
    for (let i = 0; i < 200 && queued.length === 0; i++) {
      await sleep(25);
      queued = await forger.waiting();
    }
    expect(queued).toHaveLength(1);
    const signed = queued[0].data as Record<string, unknown>;
    expect(signed.approval).toEqual({ expires: expect.any(Number), mac: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const changed = await forger.add({ ...signed, args: { path: '../../evil.txt', content: 'changed' } }, 'changed');
    const copied = await forger.add(signed, 'copied');

    const registryOfWorker = new ToolRegistry().register(write);
    opened.push(await startToolWorker(registryOfWorker, { connection: redis.url, queue, secret: SECRET, concurrency: 1, logger: silentLogger }));
    expect(await call).toMatchObject({ success: true, output: { wrote: join(sandbox, 'a.txt') } });
    // Refused before it runs: outside the sandbox, and not what was signed either.
    expect((await forger.answer(changed)).error).toMatch(/^Tool 'write_file' refused in explore mode: .+outside it$/);
    const replay = await forger.answer(copied);
    expect(replay.error).toMatch(/^Tool 'write_file' failed on the queue: worker '.+' refused the job: its approval was used already/);
    expect(replay.metadata).toMatchObject({ queueFailure: true, reason: 'replayed' });
    expect(write.runs.map((run) => run.args)).toEqual([{ path: 'a.txt', content: 'approved' }]);
    expect(existsSync(join(dir, 'evil.txt'))).toBe(false);

    // Inside the sandbox this time, so only the approval is left to refuse it.
    const tampered = await forger.run({ ...signed, args: { path: 'b.txt', content: 'changed' } }, 'tampered');
    expect(tampered.error).toMatch(/^Tool 'write_file' was not approved: the job's approval does not match the job/);
    expect(write.runs).toHaveLength(1);
  });

  it('should refuse a secret too short to be one', async () => {
    await expect(startToolWorker(new ToolRegistry(), { connection: redis.url, secret: 'short' })).rejects.toThrow(
      'secret must be a string of at least 16 characters, got 5 characters. Make one with `openssl rand -hex 32`',
    );
    expect(() => queueInvoker({ connection: redis.url, secret: 'short' })).toThrow(RangeError);
  });
});
