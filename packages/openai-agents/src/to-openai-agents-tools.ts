import { tool as agentTool, UserError, type FunctionTool, type RunContext } from '@openai/agents';
import {
  approvalRequirement,
  type ApprovalRule,
  type BaseTool,
  type JsonSchema,
  type SchemaLevel,
  type SchemaLevelLike,
  type ToolExecutionContext,
} from '@victor-tools/core';
import { frameworkCallContext, normalizeStrictArguments, pickTools, resultText, type AdaptableRegistry, type ToolsOption } from '@victor-tools/providers';
import { parametersFor } from './strict-parameters';

/** Options of `toOpenAIAgentsTools`. */
export interface OpenAIAgentsToolsOptions {
  /** Which tools to offer: names, `{ name, level }`, or `selectTools(...)`'s answer. Default: every enabled and available tool. */
  tools?: ToolsOption;
  /** The context every call runs with: `mode`, `sandbox`, `conversationId`, shared resources. */
  context?: ToolExecutionContext;
  /** The schema level of tools chosen without one; FULL by default. */
  level?: SchemaLevelLike;
  /**
   * Strict schemas (OpenAI Structured Outputs). `'auto'` (default): strict
   * where strict mode keeps the schema's meaning (optional parameters become
   * required and nullable, annotations such as `default` go), non-strict where
   * it would drop a constraint or close an open object. `true`: always strict,
   * whatever is dropped. `false`: never.
   */
  strict?: boolean | 'auto';
  /**
   * Who asks a person before calls that need approval. `'sdk'` (default): the
   * tool's `needsApproval`, so a run stops with `interruptions` and goes on
   * once `state.approve(...)` approves them; those calls reach the registry
   * with `ctx.approvedBy = 'openai-agents'`. `'registry'`: no `needsApproval`;
   * the registry's own `approve` callback decides inside the call.
   */
  approval?: 'sdk' | 'registry';
}

/** An Agents SDK function tool over a victor tool; its output is the text the model reads. */
export type VictorFunctionTool = FunctionTool<unknown, undefined, string>;

/**
 * The registry's tools as `@openai/agents` function tools for an `Agent`'s
 * `tools`. Each call goes through `registry.execute` with the run's abort
 * signal, so validation, mode policy, approval, hooks and timeouts apply; the
 * answer the model reads is the output as text, or the registry's error
 * message for a failed call (never a thrown error). Schemas are strict where
 * strict mode keeps their meaning (see `strict`); a strict model's `null` for
 * an optional parameter is taken as absent before the registry sees it.
 * Throws `InvalidToolNameError` (from `@victor-tools/providers`) for a tool
 * name OpenAI rejects.
 */
export function toOpenAIAgentsTools(registry: AdaptableRegistry, options: OpenAIAgentsToolsOptions = {}): VictorFunctionTool[] {
  const context = options.context ?? {};
  const sdkApproves = (options.approval ?? 'sdk') === 'sdk';
  // WRITE tools are asked about on their first use among these tools, as the registry does per registry.
  const usedOnce = new Set<string>();
  return pickTools(registry, options).map(({ tool, level }) => {
    const rule = sdkApproves ? approvalRequirement(tool, context).rule : 'never';
    return functionTool(registry, tool, level, options.strict ?? 'auto', rule, context, usedOnce);
  });
}

function functionTool(
  registry: AdaptableRegistry,
  tool: BaseTool,
  level: SchemaLevel,
  strictOption: boolean | 'auto',
  rule: ApprovalRule,
  context: ToolExecutionContext,
  usedOnce: Set<string>,
): VictorFunctionTool {
  const name = tool.name;
  const description = tool.toSchema(level).function.description;
  const build = (parameters: JsonSchema, strict: boolean): VictorFunctionTool =>
    agentTool({
      name,
      description,
      // The SDK's parameter types describe schemas it builds itself; a victor schema is checked by the SDK at run time.
      parameters: parameters as never,
      strict: strict as never,
      // A fixed answer where the rule has one: the SDK asks a function only about arguments it could parse, and
      // stops a call it could not parse for approval, although the registry would refuse it without running it.
      needsApproval: rule === 'first-use' ? async () => !usedOnce.has(name) : rule === 'every-call',
      async execute(input: unknown, _runContext?: RunContext<unknown>, details?: { signal?: AbortSignal; toolCall?: { callId?: string } }) {
        // The SDK runs a call of a tool with an approval rule only once it is approved (or, for a WRITE tool, approved before).
        if (rule === 'first-use') usedOnce.add(name);
        const args = (strict ? normalizeStrictArguments(tool, input) : input) as Record<string, unknown>;
        const ctx = frameworkCallContext(context, {
          toolCallId: details?.toolCall?.callId,
          signal: details?.signal,
          approvedBy: rule === 'never' ? undefined : 'openai-agents',
        });
        return resultText(await registry.execute(name, args, ctx));
      },
    }) as VictorFunctionTool;

  const { parameters, strict } = parametersFor(tool, level, strictOption);
  if (!strict || strictOption === true) return build(parameters, strict);
  try {
    return build(parameters, true);
  } catch (error) {
    // 'auto': the SDK's own strict check refused the schema; offer the tool non-strict rather than not at all.
    if (!(error instanceof UserError)) throw error;
    return build(parametersFor(tool, level, false).parameters, false);
  }
}
