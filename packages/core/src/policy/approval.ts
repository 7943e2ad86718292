import type { AccessMode, DangerLevel } from '../enums';
import type { ToolExecutionContext } from '../types';
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

/** What makes a call ask for approval, given the tool's access and danger and whether it was approved before. */
export function approvalReason(access: AccessMode, danger: DangerLevel, approvedBefore: boolean): string | undefined {
  if (danger.requiresConfirmation) {
    return `danger level '${danger.value}' requires confirmation: ${danger.warningMessage}`;
  }
  if (access.approvalLevel >= 3) return `${access.value} tools are confirmed on every call`;
  if (access.approvalLevel === 2 && !approvedBefore) return `${access.value} tools are confirmed on their first use`;
  return undefined;
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
