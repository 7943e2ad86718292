import {
  checkModePolicy,
  type AccessMode,
  type ApprovalCallback,
  type ApprovalRequest,
  type BaseTool,
  type DangerLevel,
  type ToolExecutionContext,
} from '@victor-tools/core';
import { normalizeMetadata } from '@victor-tools/core/internal';

/**
 * When a call of a tool needs a person's approval, by the registry's own
 * rules: every call for a danger level that requires confirmation (MEDIUM and
 * above) and for EXECUTE and MIXED tools, the first use for WRITE tools,
 * never for READONLY and NETWORK ones. A tool that the context's agent mode
 * refuses anyway never asks: the registry refuses the call without running it.
 */
export type ApprovalRule = 'never' | 'first-use' | 'every-call';

/** A tool's approval rule for calls made with a context, and what an approval request says about it. */
export interface ApprovalFacts {
  rule: ApprovalRule;
  accessMode: AccessMode;
  dangerLevel: DangerLevel;
  /** Why calls are asked about, in the registry's words. */
  reason: string;
}

/** The approval facts of `tool` for calls made with `ctx`. */
export function approvalFactsOf(tool: BaseTool, ctx: ToolExecutionContext): ApprovalFacts {
  const { accessMode, dangerLevel } = normalizeMetadata(tool.metadata ?? {});
  if (!checkModePolicy(tool, ctx).allowed) return { rule: 'never', accessMode, dangerLevel, reason: '' };
  if (dangerLevel.requiresConfirmation) {
    return { rule: 'every-call', accessMode, dangerLevel, reason: `danger level '${dangerLevel.value}' requires confirmation: ${dangerLevel.warningMessage}` };
  }
  if (accessMode.approvalLevel >= 3) return { rule: 'every-call', accessMode, dangerLevel, reason: `${accessMode.value} tools are confirmed on every call` };
  if (accessMode.approvalLevel === 2) return { rule: 'first-use', accessMode, dangerLevel, reason: `${accessMode.value} tools are confirmed on their first use` };
  return { rule: 'never', accessMode, dangerLevel, reason: '' };
}

/** The request `approve` is asked, as the registry would ask it. */
export function approvalRequest(toolName: string, args: Record<string, unknown>, facts: ApprovalFacts, ctx: ToolExecutionContext): ApprovalRequest {
  return { toolName, args, accessMode: facts.accessMode, dangerLevel: facts.dangerLevel, reason: facts.reason, ctx };
}

/** The message of a refused call, the registry's own. */
export function notApprovedMessage(toolName: string, reason: string): string {
  return `Tool '${toolName}' was not approved: the approval callback refused it (asked because ${reason})`;
}

/**
 * An `approve` callback for `new ToolRegistry({ approve })` that approves the
 * calls a framework's own approval already covered (the adapters set
 * `ctx.approvedBy` on those) and asks `fallback` about every other call; without
 * `fallback` those are refused. Use it when the same registry also serves
 * callers that have no approval step of their own (an MCP server, a CLI).
 */
export function trustFrameworkApproval(fallback?: ApprovalCallback): ApprovalCallback {
  return (request) => {
    if (typeof request.ctx.approvedBy === 'string') return true;
    return fallback === undefined ? false : fallback(request);
  };
}
