import { tool as agentTool, ModelBehaviorError, UserError, type FunctionTool, type RunContext } from '@openai/agents';
import type { BaseTool, JsonSchema, SchemaLevel, ToolExecutionContext } from '@victor-tools/core';
import type { SchemaLevelLike } from '@victor-tools/core/framework';
import { capText, describeValue, errorMessage } from '@victor-tools/core/internal';
import {
  asksPerson,
  checkAdapterOptions,
  withFrameworkCall,
  ledgerOf,
  normalizeStrictArguments,
  pickTools,
  resultText,
  type AdaptableRegistry,
  type ToolsOption,
} from '@victor-tools/providers/framework';
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
   * Removed: the registry's `approve` option decides approval for every door
   * (`new ToolRegistry({ approve: trustFrameworkApproval() })` asks through
   * `needsApproval`, what `'sdk'` did; another callback decides inside the
   * call, what `'registry'` did). Passing it throws.
   */
  approval?: never;
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
 *
 * Approval is the registry's (`registry.approvalGate`): under
 * `approve: trustFrameworkApproval()` a call that needs a person sets
 * `needsApproval`, so a run stops with `interruptions` and goes on once
 * `state.approve(...)` approves them, with `ctx.approvedBy = 'openai-agents'`.
 * Under another `approve` callback, the callback decides inside the call;
 * with none, calls run.
 */
export function toOpenAIAgentsTools(registry: AdaptableRegistry, options: OpenAIAgentsToolsOptions = {}): VictorFunctionTool[] {
  if ((options as { approval?: unknown }).approval !== undefined) {
    throw new TypeError(
      "toOpenAIAgentsTools: the 'approval' option was removed: the registry's approve option decides approval at every door. " +
        "new ToolRegistry({ approve: trustFrameworkApproval() }) asks the person through the Agents SDK's needsApproval (approval: 'sdk'); " +
        "any other approve callback decides inside the call (approval: 'registry').",
    );
  }
  checkAdapterOptions('toOpenAIAgentsTools', options, ['tools', 'context', 'level', 'strict']);
  checkStrict('toOpenAIAgentsTools', options.strict);
  const context = options.context ?? {};
  return pickTools(registry, options).map(({ tool, level }) => functionTool(registry, tool, level, options.strict ?? 'auto', context));
}

function functionTool(
  registry: AdaptableRegistry,
  tool: BaseTool,
  level: SchemaLevel,
  strictOption: boolean | 'auto',
  context: ToolExecutionContext,
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
      needsApproval: approvalPolicy(registry, name, context),
      // What the model reads when the SDK fails the call around execute (instead of its generic
      // "An error occurred while running the tool"): above all, arguments that are not JSON.
      errorFunction: (_runContext, error) => sdkFailureMessage(name, error),
      async execute(input: unknown, _runContext?: RunContext<unknown>, details?: { signal?: AbortSignal; toolCall?: { callId?: string } }) {
        const callId = details?.toolCall?.callId;
        let approvedBy: string | undefined;
        if (asksPerson(registry, name, context)) {
          // The SDK runs such a call once its run state says it was approved; that state can be
          // serialized, changed and read back, and invoke() can be called directly. Only an
          // approval of a request this process issued, for this call id and these arguments, counts.
          if (callId === undefined || !(await ledgerOf(registry).take(name, callId, input))) return unissuedApprovalMessage(name);
          approvedBy = 'openai-agents';
        }
        const args = (strict ? normalizeStrictArguments(tool, input) : input) as Record<string, unknown>;
        const call = { toolCallId: callId, signal: details?.signal, approvedBy };
        return resultText(await withFrameworkCall(context, call, (ctx) => registry.execute(name, args, ctx)), { toolName: name });
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

/**
 * The message of a call the SDK failed itself, outside `execute` (which never
 * throws). Inside a run the SDK reads the arguments before the tool and
 * answers unparsable ones with its own "Please try again with valid JSON";
 * `invoke(runContext, input)` called directly parses them here, and the
 * model (or program) reads what is wrong with them, as the other doors say it.
 */
function sdkFailureMessage(toolName: string, error: unknown): string {
  if (error instanceof ModelBehaviorError) {
    // InvalidToolInputError ('Invalid JSON input for tool'): JSON.parse refused the arguments; its cause says where (absent when tool data is redacted).
    const cause = (error as { originalError?: unknown }).originalError;
    const why = cause === undefined ? '' : ` (${errorMessage(cause).replace(/\s*\n\s*/g, ' ')})`;
    return /^Invalid JSON input/.test(error.message)
      ? `Invalid parameters for tool '${toolName}': the arguments are not valid JSON${why}`
      : `Invalid parameters for tool '${toolName}': ${errorMessage(error)}${why}`;
  }
  return `Tool '${toolName}' failed: ${errorMessage(error)}`;
}

/**
 * The tool's `needsApproval`, from the registry's gate: false for a tool
 * that asks nobody, else a function that records each request it makes in
 * the registry's approval ledger (`execute` runs only a call whose request
 * is there). A WRITE tool asks only until one of its calls was approved.
 */
function approvalPolicy(registry: AdaptableRegistry, name: string, context: ToolExecutionContext): false | ((runContext: RunContext<unknown>, input: unknown, callId?: string) => Promise<boolean>) {
  if (registry.approvalGate?.(name, context)?.asks !== 'person') return false;
  return async (runContext, input, callId) => {
    if (!asksPerson(registry, name, context)) return false;
    // The SDK asks again on resuming an approved call, with the arguments of the run state it resumes: that is no new request.
    const decided = callId === undefined || runContext?.isToolApproved?.({ toolName: name, callId }) !== undefined;
    if (!decided) await ledgerOf(registry).issue(name, callId, input);
    return true;
  };
}

/** What the model reads of a call whose approval answers no request this process issued. */
function unissuedApprovalMessage(toolName: string): string {
  return (
    `Tool '${toolName}' was not approved: the run's approval answers no approval request this server issued for this ` +
    'tool call and these arguments (it was changed in a saved run state, replayed, expired, given with alwaysApprove to a ' +
    'tool that asks on every call, read back in another server process, or the tool was invoked outside a run); ' +
    'the call did not run. Ask the person for approval again.'
  );
}

/**
 * Refuses a `strict` other than `'auto'`, `true` or `false`: `"false"`, `0` or
 * `null` were taken as strict, in silence (only `false` turned it off).
 */
export function checkStrict(owner: string, strict: unknown): void {
  if (strict !== undefined && strict !== 'auto' && strict !== true && strict !== false) {
    const shown = typeof strict === 'string' ? `'${capText(strict)}'` : describeValue(strict);
    throw new TypeError(`${owner}: strict must be 'auto', true or false, got ${shown}.`);
  }
}
