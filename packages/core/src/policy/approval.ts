import type { AccessMode, DangerLevel } from '../enums';
import type { BaseTool } from '../base-tool';
import { normalizeMetadata } from '../tool-metadata';
import type { ToolExecutionContext } from '../types';
import { checkModePolicy } from './mode-policy';
import { errorMessage } from '../error-text';
import { timeoutDelay } from '../timeouts';

/** What the `approve` callback is asked about. */
export interface ApprovalRequest {
  /** The registered name of the tool. */
  toolName: string;
  /** The validated arguments the tool would receive: frozen, so what is approved is what runs. */
  args: Readonly<Record<string, unknown>>;
  accessMode: AccessMode;
  dangerLevel: DangerLevel;
  /** Why approval is asked: the access mode's rule or the danger level's warning. */
  reason: string;
  /** The call's context: the copy of the caller's that the tool will receive. */
  ctx: ToolExecutionContext;
}

/** Decides whether a call may go ahead; only `true` approves. Unanswered after `approvalTimeoutMs` (5 minutes by default), the call is refused. */
export type ApprovalCallback = (request: ApprovalRequest) => boolean | Promise<boolean>;

/** The approval decision recorded in a result's `metadata.approval`. */
export interface ApprovalDecision {
  asked: boolean;
  approved: boolean;
  reason: string;
  /** Set when the callback threw, rejected, timed out or the call was cancelled. */
  error?: string;
}

/**
 * When calls of a tool ask for approval (SPEC section 12): `'every-call'` for a
 * danger level that requires confirmation (MEDIUM and above) and for EXECUTE
 * and MIXED tools; `'first-use'` for WRITE tools, until a registry's `approve`
 * approved one call of the tool; `'never'` for READONLY and NETWORK tools (a
 * NETWORK call is logged) and for a call the agent mode refuses.
 */
export type ApprovalRule = 'never' | 'first-use' | 'every-call';

/** Whether calls of a tool ask for approval, and why: the answer of `approvalRequirement`. */
export interface ApprovalRequirement {
  readonly rule: ApprovalRule;
  /** Why: the `reason` an approval request carries, or why no approval is asked. */
  readonly reason: string;
  /** The tool's access mode (READONLY when it declared none). */
  readonly accessMode: AccessMode;
  /** The tool's danger level (SAFE when it declared none). */
  readonly dangerLevel: DangerLevel;
}

/**
 * The approval rule of a tool of `accessMode` and `dangerLevel`, the agent
 * mode aside: the registry reads it once per registered tool, and
 * `approvalRequirement` starts from it.
 */
export function approvalRequirementOf(accessMode: AccessMode, dangerLevel: DangerLevel): ApprovalRequirement {
  const requirement = (rule: ApprovalRule, reason: string): ApprovalRequirement => Object.freeze({ rule, reason, accessMode, dangerLevel });
  if (dangerLevel.requiresConfirmation) {
    return requirement('every-call', `danger level '${dangerLevel.value}' requires confirmation: ${dangerLevel.warningMessage}`);
  }
  if (accessMode.approvalLevel >= 3) return requirement('every-call', `${accessMode.value} tools are confirmed on every call`);
  if (accessMode.approvalLevel === 2) return requirement('first-use', `${accessMode.value} tools are confirmed on their first use`);
  if (accessMode.approvalLevel === 1) return requirement('never', `${accessMode.value} tools are not confirmed; their calls are logged`);
  return requirement('never', `${accessMode.value} tools are not confirmed`);
}

/** Whether and why `registry.execute(name, args, ctx)` of `tool` asks the registry's `approve` callback (rule and reason as the registry applies them). */
export function approvalRequirement(tool: BaseTool, ctx?: ToolExecutionContext): ApprovalRequirement {
  const { accessMode, dangerLevel } = normalizeMetadata(tool.metadata ?? {});
  const mode = checkModePolicy(tool, ctx);
  if (!mode.allowed) {
    const where = mode.mode === undefined ? '' : ` in ${mode.mode} mode`;
    return Object.freeze({ rule: 'never', reason: `the call is refused${where} before approval: ${mode.reason}`, accessMode, dangerLevel });
  }
  return approvalRequirementOf(accessMode, dangerLevel);
}

/**
 * An `approve` callback that approves, without asking, the calls an adapter's
 * framework already approved (`ctx.approvedBy`, a non-empty string the
 * adapters set and never take from your context) and asks `fallback` about
 * every other call (refused without `fallback`).
 */
export function trustFrameworkApproval(fallback?: ApprovalCallback): ApprovalCallback {
  return (request) => {
    const approvedBy = request.ctx.approvedBy;
    if (typeof approvedBy === 'string' && approvedBy.length > 0) return true;
    return fallback === undefined ? false : fallback(request);
  };
}

/** The request an `approve` callback is asked: what the registry sends, and what an adapter asking for it sends. */
export function approvalRequest(
  toolName: string,
  args: Readonly<Record<string, unknown>>,
  requirement: ApprovalRequirement,
  ctx: ToolExecutionContext,
): ApprovalRequest {
  return { toolName, args, accessMode: requirement.accessMode, dangerLevel: requirement.dangerLevel, reason: requirement.reason, ctx };
}

/**
 * Asks `approve`, turning a throw, a rejection, a timeout (`timeoutMs`) or
 * a cancellation (`signal`) into a refusal that says what happened.
 */
export function askApproval(
  approve: ApprovalCallback,
  request: ApprovalRequest,
  timeoutMs: number | undefined,
  signal: AbortSignal | undefined,
): Promise<ApprovalDecision> {
  const reason = request.reason;
  return new Promise<ApprovalDecision>((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const finish = (decision: ApprovalDecision): void => {
      if (settled) return;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(decision);
    };
    const onAbort = (): void => finish({ asked: true, approved: false, reason, error: 'the call was cancelled while waiting for approval' });
    if (signal) {
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
    }
    const delay = timeoutDelay(timeoutMs);
    if (delay !== undefined) {
      timer = setTimeout(() => finish({ asked: true, approved: false, reason, error: `approval timed out after ${delay} ms` }), delay);
    }
    let answer: unknown;
    try {
      answer = approve(request);
    } catch (error) {
      return finish({ asked: true, approved: false, reason, error: `approval callback threw: ${errorMessage(error)}` });
    }
    Promise.resolve(answer).then(
      (value) => finish({ asked: true, approved: value === true, reason }),
      (error: unknown) => finish({ asked: true, approved: false, reason, error: `approval callback rejected: ${errorMessage(error)}` }),
    );
  });
}

/** The failed-result message of a call that was not approved. */
export function notApprovedMessage(toolName: string, decision: ApprovalDecision): string {
  return decision.error
    ? `Tool '${toolName}' was not approved: ${decision.error} (asked because ${decision.reason})`
    : `Tool '${toolName}' was not approved: the approval callback refused it (asked because ${decision.reason})`;
}
