// A job's approval on its own, with the clock given: what it binds, and when it expires.
import { approvalProblem, approveJob, NO_DEADLINE_APPROVAL_MS } from '../src/job-approval';
import type { ToolJobData } from '../src/job';

const SECRET = 'a-secret-of-the-deployment-0123456789';
const BASE = 'bull:victor-tools';

function data(extra: Partial<ToolJobData> = {}): ToolJobData {
  return { v: 1, callId: 'c1', tool: 'drop_table', fingerprint: '0123456789abcdef', args: { table: 'users' }, ctx: { mode: 'build' }, idempotent: false, ...extra };
}

function signed(job: ToolJobData, now = 1_000_000): ToolJobData {
  return { ...job, approval: approveJob(SECRET, BASE, job, now) };
}

describe('job approvals', () => {
  it('should hold for the job it was made for, whatever order its keys come in', () => {
    const job = signed(data({ args: { b: 1, a: { d: 2, c: 3 } } }));
    expect(approvalProblem(SECRET, BASE, job, 1_000_001)).toBeUndefined();
    const reordered = { ...job, args: { a: { c: 3, d: 2 }, b: 1 } };
    expect(approvalProblem(SECRET, BASE, reordered, 1_000_001)).toBeUndefined();
  });

  it('should not hold once any field the worker reads was changed, on another queue, or with another secret', () => {
    const job = signed(data({ deadline: 2_000_000, timeoutMs: 30_000 }));
    const mismatch = "the job's approval does not match the job (it was changed after its invoker signed it, or signed with another secret)";
    for (const changed of [
      { ...job, args: { table: 'orders' } },
      { ...job, ctx: { mode: 'build', sandbox: '/' } },
      { ...job, ctx: { mode: 'build', auth: { clientId: 'admin-app', scopes: ['admin'] } } },
      { ...job, tool: 'other' },
      { ...job, callId: 'c2' },
      { ...job, idempotent: true },
      { ...job, deadline: 3_000_000 },
      { ...job, timeoutMs: 60_000 },
      { ...job, resultTtlMs: 1 },
      { ...job, approval: { ...job.approval!, expires: job.approval!.expires + 1 } },
    ]) {
      expect(approvalProblem(SECRET, BASE, changed, 1_000_001)).toBe(mismatch);
    }
    expect(approvalProblem(SECRET, 'bull:other-queue', job, 1_000_001)).toBe(mismatch);
    expect(approvalProblem('another-secret-0123456789abcdef', BASE, job, 1_000_001)).toBe(mismatch);
    expect(approvalProblem(SECRET, BASE, data(), 1_000_001)).toBe('the job carries no approval (its invoker has no secret)');
  });

  it('should ignore what a worker does not read: a context key or a field of its own', () => {
    const job = signed(data());
    const padded = { ...job, ctx: { ...job.ctx, approvedBy: 'someone' }, extra: [[['deep']]] } as ToolJobData;
    expect(approvalProblem(SECRET, BASE, padded, 1_000_001)).toBeUndefined();
  });

  it("should expire at the call's deadline, or an hour after it was made for a call without one", () => {
    const withDeadline = signed(data({ deadline: 1_005_000 }));
    expect(withDeadline.approval!.expires).toBe(1_005_000);
    expect(approvalProblem(SECRET, BASE, withDeadline, 1_004_999)).toBeUndefined();
    expect(approvalProblem(SECRET, BASE, withDeadline, 1_005_250)).toBe("the job's approval expired 250 ms ago");
    const without = signed(data());
    expect(without.approval!.expires).toBe(1_000_000 + NO_DEADLINE_APPROVAL_MS);
    expect(approvalProblem(SECRET, BASE, without, 1_000_000 + NO_DEADLINE_APPROVAL_MS)).toBe("the job's approval expired 0 ms ago");
  });
});
