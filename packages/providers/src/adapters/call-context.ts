import type { ToolExecutionContext } from '@victor-tools/core';

/** What a framework tells an adapter about one tool call. */
export interface FrameworkCall {
  /** The framework's id of the tool call, set as `ctx.toolCallId`. */
  readonly toolCallId?: string;
  /** The framework's abort signal for the call, combined with the context's own. */
  readonly signal?: AbortSignal;
  /** Who approved the call when the framework's own approval covered it (`'ai-sdk'`...), set as `ctx.approvedBy`. */
  readonly approvedBy?: string;
}

/**
 * The context of one framework call, for `registry.execute`: a copy of the
 * adapter's `context` with the call's `toolCallId`, its abort signal (both
 * signals when the context has one too) and `approvedBy`. An `approvedBy` in
 * `context` is dropped, so only the framework's approval can vouch for a call
 * (core's `trustFrameworkApproval` trusts it).
 */
export function frameworkCallContext(context: ToolExecutionContext, call: FrameworkCall): ToolExecutionContext {
  const ctx: ToolExecutionContext = { ...context };
  delete ctx.approvedBy;
  if (call.toolCallId !== undefined) ctx.toolCallId = call.toolCallId;
  const signal = combine(context.signal, call.signal);
  if (signal !== undefined) ctx.signal = signal;
  if (call.approvedBy !== undefined) ctx.approvedBy = call.approvedBy;
  return ctx;
}

function combine(a: AbortSignal | undefined, b: AbortSignal | undefined): AbortSignal | undefined {
  if (a === undefined) return b;
  if (b === undefined || a === b) return a;
  return AbortSignal.any([a, b]);
}
