import { ToolResult, type BaseTool } from '@victor-tools/core';
import type { ApprovalDecision, ApprovalRequirement } from '@victor-tools/core/framework';
import {
  approvalRequirementOf,
  checkPathArguments,
  checkToolLevel,
  describeToolPolicy,
  normalizeMetadata,
  notApprovedMessage,
  refusalMessage,
  timeoutDelay,
  type PolicyContext,
  type ToolPolicyFacts,
} from '@victor-tools/core/internal';
import { approvalProblem, SECRET_HINT } from '../job-approval';
import type { JobContext, ToolJobData } from '../job';
import { errorMessage, queueFailure } from '../results';

// The checks of the caller's registry that a worker applies again to a job,
// because anyone who can write to Redis can write one: everything that is a
// function of the tool, its arguments and the job's context. Core's own
// policy functions, with core's wording, so a refusal reads the same at
// either end. Enabled state, hooks and loop detection stay the caller's.

/** What the worker's checks need to know about a tool, read once per tool object (as a registry reads it at registration). */
export interface WorkerToolFacts {
  readonly policy: ToolPolicyFacts;
  readonly approval: ApprovalRequirement;
  /** The tool's own `timeoutMs` (undefined: the worker's default). */
  readonly timeoutMs: number | undefined;
}

/** What the checks need from the worker. */
export interface PolicyHost {
  readonly workerName: string;
  /** The secret shared with the invokers, when the worker has one. */
  readonly secret: string | undefined;
  /** The queue's key base, which approvals are bound to. */
  readonly queueBase: string;
  /** Timeout of a tool that sets none (undefined: none). */
  readonly defaultTimeoutMs: number | undefined;
  /** The longest any call runs on this worker (undefined: no cap). */
  readonly maxTimeoutMs: number | undefined;
  /** Marks the approval of a call that is not idempotent as used; false when it was used before. */
  claimApproval(callId: string, ttlMs: number): Promise<boolean>;
}

const factsOf = new WeakMap<BaseTool, WorkerToolFacts>();

/** The tool's facts, or the failure saying they cannot be read. */
export function toolFacts(tool: BaseTool, name: string): WorkerToolFacts | ToolResult {
  let facts = factsOf.get(tool);
  if (facts !== undefined) return facts;
  try {
    const { accessMode, dangerLevel } = normalizeMetadata(tool.metadata ?? {});
    facts = { policy: describeToolPolicy(tool), approval: approvalRequirementOf(accessMode, dangerLevel), timeoutMs: tool.timeoutMs };
  } catch (error) {
    return queueFailure(name, `the worker cannot read the tool's metadata or schema: ${errorMessage(error)}`, { reason: 'invalid-tool' });
  }
  factsOf.set(tool, facts);
  return facts;
}

function policyContext(ctx: JobContext): PolicyContext {
  return { mode: ctx.mode, sandbox: ctx.sandbox };
}

/** The agent mode's rules about the tool itself (core's `checkToolLevel`): `Tool 'x' refused in plan mode: ...`. */
export function checkJobMode(data: ToolJobData, facts: WorkerToolFacts): ToolResult | undefined {
  const decision = checkToolLevel(facts.policy, policyContext(data.ctx));
  return decision.allowed ? undefined : ToolResult.fail(refusalMessage(data.tool, decision), { policy: decision });
}

/** In EXPLORE, every path argument of a WRITE, EXECUTE or MIXED tool inside the sandbox (core's `checkPathArguments`), on the arguments the tool would get. */
export function checkJobPaths(data: ToolJobData, facts: WorkerToolFacts, args: Readonly<Record<string, unknown>>): ToolResult | undefined {
  const decision = checkPathArguments(facts.policy, policyContext(data.ctx), args);
  return decision.allowed ? undefined : ToolResult.fail(refusalMessage(data.tool, decision), { policy: decision });
}

/**
 * The job's approval. A worker with a secret runs only jobs whose approval
 * holds (signed by an invoker with the same secret, unchanged, not expired),
 * and a job of a tool that is not idempotent only once (its call id is
 * marked as used in Redis until the approval expires). A worker without a
 * secret cannot tell an invoker's job from anyone's, so it runs no tool that
 * requires approval (core's rule: WRITE, EXECUTE, MIXED, or a danger level of
 * MEDIUM and above) and the others as they come.
 */
export async function checkJobApproval(host: PolicyHost, data: ToolJobData, facts: WorkerToolFacts): Promise<ToolResult | undefined> {
  const name = data.tool;
  const requirement = facts.approval;
  const required = requirement.rule !== 'never';
  if (host.secret === undefined) {
    if (!required) return undefined;
    return notApproved(name, requirement, `worker '${host.workerName}' has no secret to check the job's approval with; ${SECRET_HINT}`);
  }
  let problem: string | undefined;
  try {
    problem = approvalProblem(host.secret, host.queueBase, data);
  } catch (error) {
    problem = `the job's approval cannot be checked: ${errorMessage(error)}`;
  }
  if (problem !== undefined) {
    return required
      ? notApproved(name, requirement, `${problem}; ${SECRET_HINT}`)
      : queueFailure(name, `worker '${host.workerName}' refused the job: ${problem}; ${SECRET_HINT}`, { reason: 'not-approved' });
  }
  if (data.idempotent) return undefined;
  let first: boolean;
  try {
    first = await host.claimApproval(data.callId, Math.max(1, data.approval!.expires - Date.now()) + 60_000);
  } catch (error) {
    return queueFailure(name, `worker '${host.workerName}' could not record that the job's approval was used: ${errorMessage(error)}`, { reason: 'not-approved' });
  }
  if (first) return undefined;
  return queueFailure(
    name,
    `worker '${host.workerName}' refused the job: its approval was used already (a copy of a job that ran or is running); a tool that is not idempotent runs at most once per call`,
    { reason: 'replayed' },
  );
}

function notApproved(name: string, requirement: ApprovalRequirement, problem: string): ToolResult {
  const decision: ApprovalDecision = { asked: false, approved: false, reason: requirement.reason, error: problem };
  return ToolResult.fail(notApprovedMessage(name, decision), { approval: decision });
}

/**
 * How long the tool may run on this worker, in ms from the job's start: its
 * own `timeoutMs`, else the worker's default (as a registry takes it), at
 * most the worker's maximum; undefined for no limit. The job's deadline, which
 * is the caller's, may end it sooner.
 */
export function workerTimeout(host: PolicyHost, facts: WorkerToolFacts): number | undefined {
  const own = timeoutDelay(facts.timeoutMs ?? host.defaultTimeoutMs);
  if (host.maxTimeoutMs === undefined) return own;
  return own === undefined ? host.maxTimeoutMs : Math.min(own, host.maxTimeoutMs);
}
