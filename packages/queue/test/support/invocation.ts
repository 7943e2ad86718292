// Builds the ToolInvocation core's pipeline hands an invoker, for tests of the
// caller side that call invoker.invoke(...) directly.
import type { BaseTool } from '@victor-tools/core';
import type { ToolCallContext } from '@victor-tools/core';
import type { AuthInfo, ProgressReporter, ToolInvocation, ToolLogFunction } from '@victor-tools/core/framework';

export interface InvocationOptions {
  name?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  mode?: string;
  sandbox?: string;
  conversationId?: string;
  auth?: AuthInfo;
  reportProgress?: ProgressReporter;
  log?: ToolLogFunction;
}

export function invocation(tool: BaseTool, args: Record<string, unknown>, options: InvocationOptions = {}): ToolInvocation {
  const name = options.name ?? tool.name;
  const ctx = {
    toolName: name,
    signal: options.signal ?? new AbortController().signal,
    reportProgress: options.reportProgress ?? (() => undefined),
    log: options.log ?? (() => undefined),
    ...(options.mode === undefined ? {} : { mode: options.mode }),
    ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
    ...(options.conversationId === undefined ? {} : { conversationId: options.conversationId }),
    ...(options.auth === undefined ? {} : { auth: options.auth }),
  } as ToolCallContext;
  return {
    name,
    tool,
    args,
    input: args,
    ctx,
    timeoutMs: options.timeoutMs,
    deadline: options.timeoutMs === undefined ? undefined : Date.now() + options.timeoutMs,
  };
}
