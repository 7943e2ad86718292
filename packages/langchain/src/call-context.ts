import type { ToolExecutionContext } from '@victor-tools/core';

/**
 * The context of one call: the adapter's context, the framework's call id
 * and abort signal, and `approvedBy` when the framework's approval covered
 * the call. An `approvedBy` in the adapter's own context is dropped, so only
 * the framework can vouch for a call.
 */
export function callContext(
  base: ToolExecutionContext,
  call: { toolCallId?: string; signal?: AbortSignal; approvedBy?: string },
): ToolExecutionContext {
  const ctx: ToolExecutionContext = { ...base };
  delete ctx.approvedBy;
  if (call.toolCallId !== undefined) ctx.toolCallId = call.toolCallId;
  const signal = combine(base.signal, call.signal);
  if (signal !== undefined) ctx.signal = signal;
  if (call.approvedBy !== undefined) ctx.approvedBy = call.approvedBy;
  return ctx;
}

function combine(a: AbortSignal | undefined, b: AbortSignal | undefined): AbortSignal | undefined {
  if (a === undefined) return b;
  if (b === undefined || a === b) return a;
  return AbortSignal.any([a, b]);
}
