import { createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalJson } from './fingerprint';
import type { JobApproval, ToolJobData } from './job';

// A job's approval: the proof a worker can check that the job was queued by an
// invoker holding the queue's secret, so after its registry's checks
// (validation, mode policy, approval, hooks), and that nothing in it changed
// since. Anyone who can write to Redis can write a job; without the secret they
// cannot write its approval. HMAC-SHA256 (node:crypto) over the job's canonical
// JSON, bound to the queue and to an expiry.

/** The shortest secret taken, in characters. */
export const MIN_SECRET_LENGTH = 16;

/** How long the approval of a call without a deadline holds: it may wait that long in the queue. */
export const NO_DEADLINE_APPROVAL_MS = 3_600_000;

/** What to do when approvals do not hold: the same words wherever they are needed. */
export const SECRET_HINT =
  'give the invokers and the workers the same secret (the `secret` option; --queue-secret or VICTOR_TOOLS_QUEUE_SECRET for the CLI)';

/** The `secret` option as given, or a RangeError that says how to make a good one. */
export function readSecret(secret: unknown): string | undefined {
  if (secret === undefined) return undefined;
  if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) {
    const got = typeof secret === 'string' ? `${secret.length} characters` : typeof secret;
    throw new RangeError(
      `secret must be a string of at least ${MIN_SECRET_LENGTH} characters, got ${got}. ` +
        'Make one with `openssl rand -hex 32` and give the same to every invoker and worker of the queue.',
    );
  }
  return secret;
}

/** The approval of `data` for the queue whose keys start with `queueBase`, signed with `secret`. */
export function approveJob(secret: string, queueBase: string, data: ToolJobData, now = Date.now()): JobApproval {
  const expires = data.deadline ?? now + NO_DEADLINE_APPROVAL_MS;
  return { expires, mac: jobMac(secret, queueBase, data, expires) };
}

/** Why the approval `data` carries does not hold for this queue and secret; undefined when it holds. */
export function approvalProblem(secret: string, queueBase: string, data: ToolJobData, now = Date.now()): string | undefined {
  const approval = data.approval;
  if (approval === undefined) return 'the job carries no approval (its invoker has no secret)';
  const expected = Buffer.from(jobMac(secret, queueBase, data, approval.expires), 'hex');
  const given = Buffer.from(approval.mac, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return "the job's approval does not match the job (it was changed after its invoker signed it, or signed with another secret)";
  }
  if (now >= approval.expires) return `the job's approval expired ${now - approval.expires} ms ago`;
  return undefined;
}

/**
 * The job's fields a worker reads (the approval aside), with the queue and the
 * expiry. Only those: anything else a job holds is ignored by the worker, and
 * is not hashed either (a job is untrusted input until its approval holds).
 */
function jobMac(secret: string, queueBase: string, data: ToolJobData, expires: number): string {
  const { v, callId, tool, fingerprint, args, idempotent, deadline, timeoutMs, resultTtlMs } = data;
  const ctx = { mode: data.ctx.mode, sandbox: data.ctx.sandbox, conversationId: data.ctx.conversationId, auth: data.ctx.auth };
  const signed = { v, callId, tool, fingerprint, args, ctx, idempotent, deadline, timeoutMs, resultTtlMs };
  return createHmac('sha256', secret).update(`victor-tools job\n${queueBase}\n${expires}\n${canonicalJson(signed)}`).digest('hex');
}
