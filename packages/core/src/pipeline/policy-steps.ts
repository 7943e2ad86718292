import {
  approvalGateOf,
  approvalRequest,
  askApproval,
  elicitApproval,
  notApprovedMessage,
  type ApprovalCallback,
  type ApprovalDecision,
} from '../policy/approval';
import { checkPathArguments, checkToolLevel, refusalMessage } from '../policy/mode-policy';
import { ToolResult } from '../results';
import type { StepAnswer, ToolCall } from './tool-call';

// The steps that apply the policies of policy/: mode, sandbox, loops, approval.

/** The agent-mode rules about the tool itself (section 12): `Tool 'x' refused in plan mode: ...`. */
export function checkMode(call: ToolCall): StepAnswer {
  const decision = checkToolLevel(call.entry.policy, call);
  return decision.allowed ? undefined : ToolResult.fail(refusalMessage(call.name, decision), { policy: decision });
}

/** In EXPLORE, every path argument of a WRITE, EXECUTE or MIXED tool inside `ctx.sandbox`. */
export function checkSandbox(call: ToolCall, hookName?: string): StepAnswer {
  const decision = checkPathArguments(call.entry.policy, call, call.args);
  if (decision.allowed) return undefined;
  const metadata: Record<string, unknown> = { policy: decision };
  if (hookName !== undefined) metadata.hook = hookName;
  return ToolResult.fail(refusalMessage(call.name, decision), metadata);
}

/** Repeated progress values: reported in `metadata.loopDetected`, or refused with `refuseLoops`. */
export function detectLoop(call: ToolCall): StepAnswer {
  const { entry, host } = call;
  if (entry.progressParams.length === 0) return undefined;
  const loop = host.loops.record(call.loopScope, call.name, entry.progressParams, call.args);
  if (loop === undefined) return undefined;
  host.logger.warn(`Tool '${call.name}' was called ${loop.count} times with the same progress arguments`, loop.values);
  if (host.refuseLoops) {
    return ToolResult.fail(
      `Tool '${call.name}' refused: it was called ${loop.count} times with the same ${entry.progressParams.join(', ')} ` +
        `(threshold ${loop.threshold}); change the arguments or try another approach`,
      { loopDetected: loop },
    );
  }
  call.loop = loop;
  return undefined;
}

/**
 * Decides a call whose tool's approval rule (`approvalRequirementOf`, read at
 * registration) asks, every call or a WRITE tool's calls until one was
 * approved, as the registry's `approve` option says (`approvalGateOf`): its
 * callback; or, for `trustFrameworkApproval(fallback)`, the person of the
 * call's door (`ctx.approvedBy`), else the MCP client's person
 * (elicitation), else the fallback, else a refusal saying how to approve.
 * `Tool 'x' was not approved: ...`. The request carries the frozen arguments
 * and the call's context. Time spent waiting for an answer does not count
 * against the tool's timeout (approval has its own, `approvalTimeoutMs`):
 * the call's clock restarts once approved.
 */
export function approve(call: ToolCall): StepAnswer | PromiseLike<unknown> {
  const { entry, host } = call;
  const gate = approvalGateOf(entry.approval, entry.approvedOnce, host.approval);
  if (gate.asks === 'nobody') {
    if (entry.logsCalls) host.logger.info(`Tool '${call.name}' called (${entry.accessMode.value} access)`, call.args);
    return undefined;
  }
  const reason = entry.approval.reason;
  if (gate.asks === 'person') {
    const approvedBy = call.ctx.approvedBy;
    if (typeof approvedBy === 'string' && approvedBy.length > 0) return approved(call, { asked: true, approved: true, reason, by: approvedBy });
  }
  const asker = gate.asks === 'callback' ? { callback: host.approval.callback!, by: undefined } : personAsker(call);
  if (asker === undefined) {
    const decision: ApprovalDecision = { asked: false, approved: false, reason };
    return ToolResult.fail(notApprovedMessage(call.name, decision), { approval: decision });
  }
  call.approving = true;
  const request = approvalRequest(call.name, call.args, entry.approval, call.ctx);
  return askApproval(asker.callback, request, host.approvalTimeoutMs, call.callerSignal, asker.by).then((decision) => {
    call.approving = false;
    if (!decision.approved) return ToolResult.fail(notApprovedMessage(call.name, decision), { approval: decision });
    return approved(call, decision);
  });
}

/** Who asks a person about a call no door approved: the MCP client that made it (elicitation), else `trustFrameworkApproval`'s fallback; none: nobody can. */
function personAsker(call: ToolCall): { callback: ApprovalCallback; by: 'fallback' | 'mcp-elicitation' } | undefined {
  const client = call.ctx.client;
  if (client !== undefined && client !== null && client.canElicit === true) {
    return { callback: elicitApproval(client, call.host.approvalTimeoutMs), by: 'mcp-elicitation' };
  }
  const fallback = call.host.approval.fallback;
  return fallback === undefined ? undefined : { callback: fallback, by: 'fallback' };
}

function approved(call: ToolCall, decision: ApprovalDecision): undefined {
  if (call.entry.approval.rule === 'first-use') call.entry.approvedOnce = true;
  call.approval = decision;
  call.startedAt = Date.now();
  return undefined;
}

/**
 * `mode` and `sandbox` as the call started: the policy was decided on them,
 * and a tool takes its root from `ctx.sandbox`, so the call does not run if
 * the approval callback or a before-hook changed them in the context the
 * tool receives (a copy: the caller's object is never touched).
 */
export function checkPolicyContext(call: ToolCall): StepAnswer {
  const { ctx } = call;
  const changed = ctx.mode !== call.mode ? 'mode' : ctx.sandbox !== call.sandbox ? 'sandbox' : undefined;
  if (changed === undefined) return undefined;
  return ToolResult.fail(
    `Tool '${call.name}' refused: ctx.${changed} was changed during the call (by the approval callback or a before-hook); ` +
      'mode and sandbox are read once, when the call starts',
    { contextChanged: changed },
  );
}

/** Records the approval and the loop detection of a call that ran in its result's metadata. */
export function addCallMetadata(call: ToolCall): StepAnswer {
  if (call.approval === undefined && call.loop === undefined) return undefined;
  const extra: Record<string, unknown> = {};
  if (call.approval !== undefined) extra.approval = call.approval;
  if (call.loop !== undefined) extra.loopDetected = call.loop;
  call.result = call.result!.withMetadata(extra);
  return undefined;
}
