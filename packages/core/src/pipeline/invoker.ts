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
  /** Arguments that passed validation, policy, approval and the before-hooks (frozen). */
  readonly args: Readonly<Record<string, unknown>>;
  /** The context the tool receives. */
  readonly ctx: ToolCallContext;
  /** The call's timeout (undefined: none). */
  readonly timeoutMs: number | undefined;
  /**
   * Date.now()-based ms when the call times out (undefined: none): counted
   * from the call's start as Node's timers count, from the start of the
   * event-loop turn. Read from the clock when first asked.
   */
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

/** A call as the invoker sees it. A class so that `deadline`, which needs a clock read, costs nothing unless an invoker reads it. */
class Invocation implements ToolInvocation {
  readonly name: string;
  readonly tool: BaseTool;
  readonly args: Readonly<Record<string, unknown>>;
  readonly ctx: ToolCallContext;
  readonly timeoutMs: number | undefined;
  #deadline: number | undefined;

  constructor(call: ToolCall) {
    this.name = call.name;
    this.tool = call.entry.original;
    this.args = call.args;
    this.ctx = call.ctx;
    this.timeoutMs = call.timeoutMs;
  }

  get deadline(): number | undefined {
    if (this.timeoutMs === undefined) return undefined;
    // Read during `invoke`, in the turn the call started in (or was approved in), whose start the local timer counts from.
    this.#deadline ??= Date.now() + this.timeoutMs;
    return this.#deadline;
  }
}

function invocationOf(call: ToolCall): ToolInvocation {
  return new Invocation(call);
}
