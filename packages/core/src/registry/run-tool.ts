import type { BaseTool } from '../base-tool';
import { ToolResult } from '../results';
import type { ToolExecutionContext } from '../types';
import { CallControl, createCallContext } from './call-context';
import { errorMessage } from './describe-error';
import { thrownResult, toToolResult } from './normalize-result';
import type { Deadline, TimeoutScheduler } from './timeout';

/** The result of a call the caller's signal stopped. */
export function cancelledResult(toolName: string, reason: unknown): ToolResult {
  return ToolResult.fail(`Tool '${toolName}' was cancelled`, { cancelled: true, reason: errorMessage(reason) });
}

/**
 * Runs `tool` under its timeout and the caller's `ctx.signal`, whichever
 * ends first, and normalizes what it returns or throws. Never rejects. The
 * tool receives a copy of `ctx` whose `signal` aborts on either.
 */
export function runTool(
  tool: BaseTool,
  toolName: string,
  args: Record<string, unknown>,
  ctx: ToolExecutionContext | undefined,
  callerSignal: AbortSignal | undefined,
  timeoutMs: number,
  timeouts: TimeoutScheduler,
): Promise<ToolResult> {
  return new Promise<ToolResult>((resolve) => {
    const control = new CallControl();
    let settled = false;
    let deadline: Deadline | undefined;
    let onAbort: (() => void) | undefined;
    const finish = (result: ToolResult): void => {
      if (settled) return;
      settled = true;
      deadline?.cancel();
      if (onAbort) callerSignal!.removeEventListener('abort', onAbort);
      resolve(result);
    };
    deadline = timeouts.schedule(timeoutMs, () => {
      const message = `Tool '${toolName}' timed out after ${timeoutMs} ms`;
      control.abort(new DOMException(message, 'TimeoutError'));
      finish(ToolResult.fail(message, { timedOut: true, timeoutMs }));
    });
    if (callerSignal) {
      onAbort = () => {
        control.abort(callerSignal.reason);
        finish(cancelledResult(toolName, callerSignal.reason));
      };
      callerSignal.addEventListener('abort', onAbort, { once: true });
    }
    try {
      const pending = tool.execute(createCallContext(ctx, toolName, control), args);
      Promise.resolve(pending).then(
        (value) => {
          if (settled) return;
          try {
            finish(toToolResult(value));
          } catch (error) {
            finish(thrownResult(error));
          }
        },
        (error: unknown) => finish(thrownResult(error)),
      );
    } catch (error) {
      finish(thrownResult(error));
    }
  });
}
