import type { BaseTool } from '../base-tool';
import type { ToolResult } from '../results';
import type { ToolCallContext } from '../types';
import { thrownResult, toToolResult } from './normalize-result';
import { isThenable, type Outcome } from './run-steps';
import type { ToolCall } from './tool-call';

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

/**
 * The step that runs the tool, through the registry's invoker, under the
 * call's timeout and the caller's signal. Its answer (or the timeout, or
 * the cancellation, whichever comes first) becomes `call.result`, and the
 * call goes on to the steps after the tool.
 */
export function invokeTool(call: ToolCall): Outcome {
  const cancelled = call.cancelled();
  if (cancelled !== undefined) return cancelled; // a before-hook saw the caller abort
  call.reachedTool = true;
  let answer: unknown;
  try {
    answer = call.host.invoker.invoke(invocationOf(call));
    if (!isThenable(answer)) {
      // A tool that answers synchronously needs no timer; the caller may have aborted while it ran.
      call.settleTool(call.cancelled() ?? toToolResult(answer));
      return undefined;
    }
  } catch (error) {
    // The tool threw, or its answer's `then` getter did.
    call.settleTool(thrownResult(error));
    return undefined;
  }
  // The runner waits for it (`ToolCall.wait`), under the timeout and the caller's signal.
  return answer;
}

function invocationOf(call: ToolCall): ToolInvocation {
  return { name: call.name, tool: call.entry.original, args: call.args, input: call.input, ctx: call.ctx, timeoutMs: call.timeoutMs, deadline: call.deadline };
}
