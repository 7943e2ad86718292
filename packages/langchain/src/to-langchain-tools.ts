import { ToolMessage } from '@langchain/core/messages';
import type { ToolExecutionContext } from '@victor-tools/core';
import type { SchemaLevelLike } from '@victor-tools/core/framework';
import { asksPerson, checkAdapterOptions, withFrameworkCall, pickTools, resultReply, type AdaptableRegistry, type ToolsOption } from '@victor-tools/providers/framework';
import { askThroughInterrupt } from './interrupt-approval';
import { VictorStructuredTool } from './victor-structured-tool';

/** Options of `toLangChainTools`. */
export interface LangChainToolsOptions {
  /** Which tools to offer: names, `{ name, level }`, or `selectTools(...)`'s answer. Default: every enabled and available tool. */
  tools?: ToolsOption;
  /** The context every call runs with: `mode`, `sandbox`, `conversationId`, shared resources. */
  context?: ToolExecutionContext;
  /** The schema level of tools chosen without one; FULL by default. */
  level?: SchemaLevelLike;
  /**
   * Removed: the registry's `approve` option decides approval for every door
   * (`new ToolRegistry({ approve: trustFrameworkApproval() })` pauses the
   * graph with LangGraph's `interrupt()` for a call that needs a person).
   * Passing it throws.
   */
  approve?: never;
}

/**
 * The registry's tools as LangChain `StructuredTool`s, for
 * `model.bindTools(...)`, LangGraph's `ToolNode` and `createReactAgent`. Each
 * tool's `schema` is its victor JSON Schema; a call goes through
 * `registry.execute` with the run's abort signal, so validation, mode policy,
 * approval, hooks and timeouts apply. A failed call answers a `ToolMessage`
 * with `status: 'error'` and the registry's message as its content (the
 * message text when the tool was invoked without a tool call), never an
 * exception that ends the graph.
 *
 * Approval is the registry's (`registry.approvalGate`): under
 * `approve: trustFrameworkApproval()` a call that needs a person pauses the
 * graph with LangGraph's `interrupt()` (its value a `ToolApprovalInterrupt`);
 * resumed with `new Command({ resume: true })` (or `{ approved: true }`) the
 * call runs with `ctx.approvedBy = 'langchain'`, with anything else it is
 * refused. Outside a graph run with a checkpointer, or without
 * `@langchain/langgraph` installed, nobody can be asked: the registry's
 * fallback decides, or the call is refused with a message that says how to
 * approve. Under another `approve` callback, the callback decides inside
 * `execute`; with none, calls run.
 */
export function toLangChainTools(registry: AdaptableRegistry, options: LangChainToolsOptions = {}): VictorStructuredTool[] {
  if ((options as { approve?: unknown }).approve !== undefined) {
    throw new TypeError(
      "toLangChainTools: the 'approve' option was removed: the registry's approve option decides approval at every door. " +
        "new ToolRegistry({ approve: trustFrameworkApproval() }) pauses the graph with LangGraph's interrupt() for a call that needs a person; " +
        'any other approve callback decides inside execute.',
    );
  }
  checkAdapterOptions('toLangChainTools', options, ['tools', 'context', 'level']);
  const context = options.context ?? {};
  return pickTools(registry, options).map(({ tool, level }) => {
    const name = tool.name;
    const { description, parameters } = tool.toSchema(level).function;

    return new VictorStructuredTool({ name, description, schema: parameters }, async (args, config) => {
      const toolCallId = config?.toolCall?.id;
      const gate = asksPerson(registry, name, context) ? registry.approvalGate?.(name, context) : undefined;
      // Throws LangGraph's interrupt to pause the graph; a resumed graph runs this again and gets the answer.
      const answered = gate === undefined ? undefined : askThroughInterrupt(gate, name, args, toolCallId);
      if (answered?.approved === false) return answer(name, toolCallId, { success: false, error: answered.message });
      const approvedBy = answered?.approved === true ? 'langchain' : undefined;
      const call = { toolCallId, signal: config?.signal, approvedBy };
      return answer(name, toolCallId, await withFrameworkCall(context, call, (ctx) => registry.execute(name, args, ctx)));
    });
  });
}

/**
 * What the model reads: the output as text, or an error ToolMessage with the
 * registry's message (or why the output cannot be sent, as every door says it).
 */
function answer(name: string, toolCallId: string | undefined, result: { success: boolean; output?: unknown; error?: string }): string | ToolMessage {
  const reply = resultReply(result, { toolName: name });
  if (toolCallId === undefined) return reply.text;
  return new ToolMessage({ content: reply.text, name, tool_call_id: toolCallId, status: reply.success ? 'success' : 'error' });
}
