// A tool and an invoker that hand the registry whatever a test wants, for
// the tests of the execute pipeline (core's and test/spec's).
import { BaseTool, type JsonSchema, type ToolCallContext, type ToolResult } from '@victor-tools/core';
import { inProcessInvoker, type ToolInvocation, type ToolInvoker } from '@victor-tools/core/framework';

/** A BaseTool whose execute returns whatever `answer` gives, untouched: the registry alone normalizes it. */
export class RawTool extends BaseTool {
  constructor(private readonly answer: (args: Record<string, unknown>) => unknown) {
    super();
  }
  get name() {
    return 'raw';
  }
  get description() {
    return 'Returns what it is told to.';
  }
  get parameters(): JsonSchema {
    return { type: 'object', properties: {} };
  }
  execute(_ctx: ToolCallContext, args: Record<string, unknown>): Promise<ToolResult> {
    return this.answer(args) as Promise<ToolResult>;
  }
}

/** An invoker that records every invocation and answers `answer`'s (by default, the in-process invoker's). */
export function recordingInvoker(answer: (call: ToolInvocation) => ReturnType<ToolInvoker['invoke']> = (call) => inProcessInvoker.invoke(call)) {
  const calls: ToolInvocation[] = [];
  const invoker: ToolInvoker = {
    invoke(call) {
      calls.push(call);
      return answer(call);
    },
  };
  return { invoker, calls };
}
