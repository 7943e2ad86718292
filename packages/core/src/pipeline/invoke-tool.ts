import { thrownResult, toToolResult } from './normalize-result';
import { isThenable, type StepAnswer, type ToolCall } from './tool-call';
import type { ToolInvocation } from './invoker';

/**
 * The step that runs the tool, through the registry's invoker, under the
 * call's timeout and the caller's signal. Its answer (or the timeout, or
 * the cancellation, whichever comes first) becomes `call.result`, and the
 * call goes on to the steps after the tool. A promise it answers is the
 * tool's own, which `call.watch` normalizes.
 */
export function invokeTool(call: ToolCall): StepAnswer | PromiseLike<unknown> {
  const cancelled = call.cancelled();
  if (cancelled !== undefined) return cancelled; // a before-hook saw the caller abort
  call.reachedTool = true;
  let answer: unknown;
  try {
    answer = call.host.invoker.invoke(invocationOf(call));
    if (isThenable(answer)) {
      call.onToolPromise?.(answer);
      return answer;
    }
    // A tool that answers synchronously needs no timer; the caller may have aborted while it ran.
    return call.settleTool(call.cancelled() ?? toToolResult(answer));
  } catch (error) {
    // The tool threw, or its answer's `then` getter did.
    return call.settleTool(thrownResult(error));
  }
}

function invocationOf(call: ToolCall): ToolInvocation {
  return { name: call.name, tool: call.entry.tool, args: call.args, input: call.input, ctx: call.ctx, timeoutMs: call.timeoutMs, deadline: call.deadline };
}
