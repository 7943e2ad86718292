import type { ToolExecutionContext } from '@victor-tools/core';
import { eitherSignal } from '@victor-tools/core/internal';

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
 * Runs one framework call: `run` gets a copy of the adapter's `context` with
 * the call's `toolCallId`, its abort signal (both signals when the context
 * has one too, let go of once `run` settles: the context's signal may live as
 * long as the process) and `approvedBy`. An `approvedBy` in `context` is
 * dropped, so only the framework's approval can vouch for a call (core's
 * `trustFrameworkApproval` trusts it).
 */
export async function withFrameworkCall<T>(context: ToolExecutionContext, call: FrameworkCall, run: (ctx: ToolExecutionContext) => Promise<T>): Promise<T> {
  const ctx: ToolExecutionContext = { ...context };
  delete ctx.approvedBy;
  if (call.toolCallId !== undefined) ctx.toolCallId = call.toolCallId;
  const either = eitherSignal(context.signal, call.signal);
  if (either.signal !== undefined) ctx.signal = either.signal;
  if (call.approvedBy !== undefined) ctx.approvedBy = call.approvedBy;
  try {
    return await run(ctx);
  } finally {
    either.release();
  }
}
