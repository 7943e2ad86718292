import { ToolMessage } from '@langchain/core/messages';
import { approvalRequirement, type ApprovalCallback, type SchemaLevelLike, type ToolExecutionContext } from '@victor-tools/core';
import { approvalRequest, notApprovedMessage } from '@victor-tools/core/internal';
import { frameworkCallContext, pickTools, resultText, type AdaptableRegistry, type ToolsOption } from '@victor-tools/providers';
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
   * Asked before calls that need approval, by the registry's rules (WRITE on
   * first use, EXECUTE and MIXED and dangerous tools every time), with the
   * same request the registry's own `approve` gets. Only `true` approves; a
   * refusal is the tool's message. What it throws is not caught: LangGraph's
   * `interrupt()` pauses the graph from here, and the resumed graph asks
   * again and gets the person's answer. Approved calls reach the registry
   * with `ctx.approvedBy = 'langchain'`. Without it, the registry's own
   * `approve` callback (if any) decides.
   */
  approve?: ApprovalCallback;
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
 */
export function toLangChainTools(registry: AdaptableRegistry, options: LangChainToolsOptions = {}): VictorStructuredTool[] {
  const context = options.context ?? {};
  const approve = options.approve;
  // WRITE tools are asked about on their first use among these tools, as the registry does per registry.
  const approvedOnce = new Set<string>();
  return pickTools(registry, options).map(({ tool, level }) => {
    const name = tool.name;
    const requirement = approvalRequirement(tool, context);
    const { rule } = requirement;
    const { description, parameters } = tool.toSchema(level).function;

    return new VictorStructuredTool({ name, description, schema: parameters }, async (args, config) => {
      const toolCallId = config?.toolCall?.id;
      const ctx = frameworkCallContext(context, { toolCallId, signal: config?.signal });
      if (approve === undefined || rule === 'never') return answer(name, toolCallId, await registry.execute(name, args, ctx));
      if (rule === 'every-call' || !approvedOnce.has(name)) {
        // Only `true` approves, as in the registry; a throw (LangGraph's interrupt) propagates on purpose.
        if ((await approve(approvalRequest(name, args, requirement, ctx))) !== true) {
          return answer(name, toolCallId, { success: false, error: notApprovedMessage(name, { asked: true, approved: false, reason: requirement.reason }) });
        }
        if (rule === 'first-use') approvedOnce.add(name);
      }
      // Asked now, or (a WRITE tool) approved before among these tools.
      return answer(name, toolCallId, await registry.execute(name, args, { ...ctx, approvedBy: 'langchain' }));
    });
  });
}

/** What the model reads: the output as text, or an error ToolMessage with the registry's message. */
function answer(name: string, toolCallId: string | undefined, result: { success: boolean; output?: unknown; error?: string }): string | ToolMessage {
  const content = resultText(result);
  if (toolCallId === undefined) return content;
  return new ToolMessage({ content, name, tool_call_id: toolCallId, status: result.success ? 'success' : 'error' });
}
