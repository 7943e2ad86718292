import type { BaseTool } from '../base-tool';
import type { ToolCallContext } from '../context';
import type { ToolResult } from '../results';

/** One checked call, as the pipeline hands it to the step that runs the tool. */
export interface ToolInvocation {
  /** The registered name. */
  readonly name: string;
  /** The tool that runs. */
  readonly tool: BaseTool;
  /**
   * Arguments that passed validation, policy, approval and the before-hooks
   * (frozen): what the tool runs with. For a tool whose parameters are a
   * Standard Schema (zod, valibot, arktype), its library's output, transforms
   * applied (not necessarily JSON).
   */
  readonly args: Readonly<Record<string, unknown>>;
  /**
   * The same arguments as they passed JSON Schema validation, before a
   * Standard Schema library's transform (frozen, plain JSON): what an invoker
   * that runs the tool elsewhere sends, to be validated there again, by ajv
   * and then the library. The same object as `args` for a tool without a
   * Standard Schema.
   */
  readonly input: Readonly<Record<string, unknown>>;
  /** The context the tool receives. */
  readonly ctx: ToolCallContext;
  /** The call's timeout (undefined: none). */
  readonly timeoutMs: number | undefined;
  /** Date.now()-based ms when the call times out, counted from the call's start (undefined: none). */
  readonly deadline: number | undefined;
}

/**
 * Runs a checked call and answers its result. Replaceable:
 * `new ToolRegistry({ invoker })` (a queue worker, another process). The
 * pipeline around it still enforces the timeout and the caller's signal, and
 * normalizes its answer by the same rule as a tool's return value.
 */
export interface ToolInvoker {
  invoke(call: ToolInvocation): ToolResult | Promise<ToolResult>;
}

/** The default invoker: runs `call.tool.execute(call.ctx, call.args)` in this process. */
export const inProcessInvoker: ToolInvoker = Object.freeze({
  invoke(call: ToolInvocation): ToolResult | Promise<ToolResult> {
    return call.tool.execute(call.ctx, call.args as Record<string, unknown>);
  },
});
