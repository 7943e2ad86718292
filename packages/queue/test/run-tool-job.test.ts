// The worker's handling of one job, without Redis: what it refuses before
// running a tool, and how it sends progress.
import { ToolRegistry, ToolResult, type JsonSchema } from '@victor-tools/core';
import { z } from 'zod';
import { schemaFingerprint } from '../src/fingerprint';
import type { JobUpdate, ToolJobData } from '../src/job';
import { runToolJob, type RunnableJob, type RunnerHost } from '../src/worker/run-tool-job';
import { ProbeTool, sleep } from './support/tools';

function host(tools: ProbeTool[], cancelled: string[] = []): RunnerHost {
  const registry = new ToolRegistry();
  for (const tool of tools) registry.register(tool);
  return {
    registry,
    workerName: 'test-worker',
    progressIntervalMs: 100,
    maxResultBytes: 1024,
    defaultTimeoutMs: 30_000,
    maxTimeoutMs: undefined,
    secret: undefined,
    queueBase: 'bull:test',
    controllers: new Set(),
    wasCancelled: (jobId) => cancelled.includes(jobId),
    cancelReason: () => undefined,
    keepResult: async () => undefined,
    claimApproval: async () => true,
    warn: () => undefined,
  };
}

function job(data: unknown, fields: Partial<RunnableJob> = {}, updates: JobUpdate[] = []): RunnableJob {
  return {
    id: 'job-1',
    name: 'probe',
    data,
    attemptsStarted: 1,
    attemptsMade: 0,
    stalledCounter: 0,
    opts: {},
    updateProgress: async (update) => void updates.push(update),
    ...fields,
  };
}

function data(tool: ProbeTool, args: Record<string, unknown>, extra: Partial<ToolJobData> = {}): ToolJobData {
  return { v: 1, callId: 'c1', tool: tool.name, fingerprint: schemaFingerprint(tool), args, ctx: {}, idempotent: tool.isIdempotent, ...extra };
}

describe('runToolJob', () => {
  it('should refuse a job it cannot read, saying why', async () => {
    const probe = new ProbeTool({ name: 'probe' });
    for (const [bad, why] of [
      [null, 'the job carries no call'],
      [{ v: 2 }, "the job's layout version 2 is not one this worker reads (1)"],
      [{ ...data(probe, {}), ctx: { mode: 7 } }, "the job's context is not plain strings"],
      [{ ...data(probe, {}), deadline: 'soon' }, "the job's deadline, timeout or result TTL is not a number"],
    ] as const) {
      const result = (await runToolJob(host([probe]), job(bad), undefined)) as ToolResult;
      expect(result.error).toBe(`Tool 'probe' failed on the queue: worker 'test-worker' refused the job: ${why}`);
    }
    expect(probe.runs).toHaveLength(0);
  });

  it('should answer "outcome unknown" for a job of a tool that is not idempotent which was started before, without running it', async () => {
    const probe = new ProbeTool({ name: 'probe' });
    const result = (await runToolJob(host([probe]), job(data(probe, {}), { attemptsStarted: 2 }), undefined)) as ToolResult;
    expect(result.metadata).toEqual({ outcomeUnknown: true, retried: false });
    const again = (await runToolJob(host([probe]), job(data(probe, {}), { stalledCounter: 1 }), undefined)) as ToolResult;
    expect(again.metadata).toEqual({ outcomeUnknown: true, retried: false });
    expect(probe.runs).toHaveLength(0);
  });

  it('should run an idempotent job again after a stall', async () => {
    const probe = new ProbeTool({ name: 'probe', idempotent: true });
    const result = (await runToolJob(host([probe]), job(data(probe, { value: 'x' }), { attemptsStarted: 2, stalledCounter: 1 }), undefined)) as ToolResult;
    expect(result.success).toBe(true);
    expect(probe.runs).toHaveLength(1);
  });

  it('should not run a job past its deadline, nor one cancelled before it started', async () => {
    const probe = new ProbeTool({ name: 'probe' });
    const late = (await runToolJob(host([probe]), job(data(probe, {}, { deadline: Date.now() - 1, timeoutMs: 500 })), undefined)) as ToolResult;
    expect(late).toEqual(ToolResult.fail("Tool 'probe' timed out after 500 ms", { timedOut: true, timeoutMs: 500 }));
    const cancelled = (await runToolJob(host([probe], ['job-1']), job(data(probe, {})), undefined)) as ToolResult;
    expect(cancelled.metadata).toMatchObject({ cancelled: true });
    expect(probe.runs).toHaveLength(0);
  });

  it('should coalesce progress reported in a tight loop, and send the last report before answering', async () => {
    const probe = new ProbeTool({
      name: 'probe',
      run: async (_args, ctx) => {
        for (let i = 1; i <= 1000; i++) ctx.reportProgress(i, 1000);
        await sleep(250);
        ctx.reportProgress(1000, 1000, 'done');
        return ToolResult.ok('ok');
      },
    });
    const updates: JobUpdate[] = [];
    await runToolJob(host([probe]), job(data(probe, {}), {}, updates), undefined);
    expect(updates.length).toBeLessThanOrEqual(5);
    expect(updates[0]).toEqual({ kind: 'progress', progress: 1, total: 1000 });
    expect(updates[updates.length - 1]).toEqual({ kind: 'progress', progress: 1000, total: 1000, message: 'done' });
  });

  it('should answer a result larger than the worker sends with a failure that says so', async () => {
    const probe = new ProbeTool({ name: 'probe', run: () => ToolResult.ok('x'.repeat(2048)) });
    const result = (await runToolJob(host([probe]), job(data(probe, {})), undefined)) as ToolResult;
    expect(result.error).toMatch(/^Tool 'probe' failed on the queue: its result is \d+ bytes, more than the worker sends \(1024\)$/);
  });

  it("should check a zod tool's job as the caller does: ajv on the arguments before the transform, then zod, whose output the tool gets", async () => {
    const parameters = z.object({ s: z.string().transform((s) => s.length), n: z.number().refine((n) => n > 0, 'must be positive') });
    const probe = new ProbeTool({ name: 'probe', parameters: parameters as unknown as JsonSchema, run: (args) => ToolResult.ok(args) });
    const worker = host([probe]);
    expect(await runToolJob(worker, job(data(probe, { s: 'abc', n: 1 })), undefined)).toMatchObject({ success: true, output: { s: 3, n: 1 } });
    // Arguments already transformed (as a job of an older caller carried them) are not what the JSON Schema takes.
    const transformed = (await runToolJob(worker, job(data(probe, { s: 3, n: 1 })), undefined)) as ToolResult;
    expect(transformed.error).toMatch(/^Invalid parameters for tool 'probe': Parameter 's' has wrong type: expected string, got (number|integer)$/);
    const refined = (await runToolJob(worker, job(data(probe, { s: 'abc', n: -1 })), undefined)) as ToolResult;
    expect(refined.error).toBe("Invalid parameters for tool 'probe': Validation error at 'n': must be positive");
    expect(refined.metadata).toMatchObject({ invalidParams: { n: 'refinement' } });
    expect(probe.runs.map((run) => run.args)).toEqual([{ s: 3, n: 1 }]);
  });

  it("should wait for a library's async validation under the job's deadline, as the caller's registry does, and not start the tool after it", async () => {
    const parameters = z.object({ s: z.string().refine(() => sleep(600).then(() => true), 'slow to answer') });
    const probe = new ProbeTool({ name: 'probe', parameters: parameters as unknown as JsonSchema });
    const result = (await runToolJob(host([probe]), job(data(probe, { s: 'x' }, { deadline: Date.now() + 100, timeoutMs: 100 })), undefined)) as ToolResult;
    expect(result).toEqual(ToolResult.fail("Tool 'probe' timed out after 100 ms", { timedOut: true, timeoutMs: 100 }));
    await sleep(100);
    expect(probe.runs).toHaveLength(0);
  });

  it('should answer a run stopped at its deadline only once the tool has ended, and report a tool that ignores its signal', async () => {
    const stubborn = new ProbeTool({ name: 'stubborn', run: () => sleep(1_500).then(() => ToolResult.ok('late')) });
    const warnings: string[] = [];
    const worker = { ...host([stubborn]), warn: (message: string) => void warnings.push(message) };
    const started = Date.now();
    const result = (await runToolJob(worker, job(data(stubborn, {}, { deadline: Date.now() + 100, timeoutMs: 100 })), undefined)) as ToolResult;
    expect(result).toEqual(ToolResult.fail("Tool 'stubborn' timed out after 100 ms", { timedOut: true, timeoutMs: 100 }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    expect(warnings).toEqual([
      expect.stringMatching(/^tool 'stubborn' \(job job-1\) is still running \d+ ms after it was stopped \(timed out or cancelled\): it does not stop on ctx.signal, and keeps its slot until it ends$/),
      expect.stringMatching(/^tool 'stubborn' \(job job-1\) ended \d+ ms after it was stopped; its slot is free again$/),
    ]);
  });
});
