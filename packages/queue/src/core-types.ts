// Mirrors of the invoker seam that @victor-tools/core's pipeline work adds
// (`ToolInvoker`, `ToolInvocation`, `inProcessInvoker`, and the
// `conversationId`, `reportProgress` and `log` context fields), declared here
// with the same names and shapes until core exports them. This is the only
// file that declares them: once core does, each declaration below becomes a
// re-export from '@victor-tools/core' and nothing else in the package changes.
import type { BaseTool, ToolCallContext as CoreToolCallContext, ToolResult } from '@victor-tools/core';

/** Receives a tool's progress reports. */
export type ProgressReporter = (progress: number, total?: number, message?: string) => void;

/** The levels of a tool's log messages (MCP's). */
export type ToolLogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

/** Receives a tool's log messages. */
export type ToolLogFunction = (level: ToolLogLevel, message: string, data?: unknown) => void;

/** What a tool receives, with the fields the pipeline work adds. */
export interface ToolCallContext extends CoreToolCallContext {
  /** Scope of loop detection; carried to the worker. */
  conversationId?: string;
  /** Receives the tool's progress reports; a no-op when nobody listens. */
  readonly reportProgress: ProgressReporter;
  /** Receives the tool's log messages. */
  readonly log: ToolLogFunction;
}

/** One checked call, as the pipeline hands it to the step that runs the tool. */
export interface ToolInvocation {
  /** The registered name. */
  readonly name: string;
  /** The tool that runs. */
  readonly tool: BaseTool;
  /** Arguments that passed validation, policy, approval and before-hooks. */
  readonly args: Readonly<Record<string, unknown>>;
  /** The context the tool receives. */
  readonly ctx: ToolCallContext;
  /** The call's timeout (undefined: none). */
  readonly timeoutMs: number | undefined;
  /** Date.now()-based ms when the call times out, counted from the call's start. */
  readonly deadline: number | undefined;
}

/** Runs a checked call and answers its result. */
export interface ToolInvoker {
  invoke(call: ToolInvocation): ToolResult | Promise<ToolResult>;
}

/** The default invoker: runs `call.tool.execute(call.ctx, call.args)` in this process. */
export const inProcessInvoker: ToolInvoker = Object.freeze({
  invoke(call: ToolInvocation): Promise<ToolResult> {
    return call.tool.execute(call.ctx, call.args as Record<string, unknown>);
  },
});
