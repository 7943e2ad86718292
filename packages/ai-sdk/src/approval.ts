import { checkModePolicy, type ApprovalCallback, type BaseTool, type ToolExecutionContext } from '@victor-tools/core';
import { normalizeMetadata } from '@victor-tools/core/internal';

/**
 * When a call of a tool needs a person's approval, by the registry's own
 * rules: every call for a danger level that requires confirmation (MEDIUM and
 * above) and for EXECUTE and MIXED tools, the first use for WRITE tools,
 * never for READONLY and NETWORK ones. A tool that the context's agent mode
 * refuses anyway never asks: the registry refuses the call without running it.
 */
export type ApprovalRule = 'never' | 'first-use' | 'every-call';

/** The approval rule of `tool` for calls made with `ctx`. */
export function approvalRuleOf(tool: BaseTool, ctx: ToolExecutionContext): ApprovalRule {
  if (!checkModePolicy(tool, ctx).allowed) return 'never';
  const { accessMode, dangerLevel } = normalizeMetadata(tool.metadata ?? {});
  if (dangerLevel.requiresConfirmation || accessMode.approvalLevel >= 3) return 'every-call';
  return accessMode.approvalLevel === 2 ? 'first-use' : 'never';
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
