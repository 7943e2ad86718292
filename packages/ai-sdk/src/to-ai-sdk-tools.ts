import { jsonSchema, tool as aiTool, type JSONSchema7, type Tool } from 'ai';
import type { BaseTool, JsonSchema, SchemaLevel, ToolExecutionContext } from '@victor-tools/core';
import type { SchemaLevelLike } from '@victor-tools/core/framework';
import { outputSchemaOf } from '@victor-tools/core/internal';
import { asksPerson, checkAdapterOptions, withFrameworkCall, ledgerOf, pickTools, type AdaptableRegistry, type ToolsOption } from '@victor-tools/providers/framework';
import { approvedInHistory, unissuedApprovalMessage } from './approval-ledger';
import { toModelOutput, toToolOutput, type VictorToolOutput } from './tool-output';

/** Options of `toAISDKTools`. */
export interface AISDKToolsOptions {
  /** Which tools to offer: names, `{ name, level }`, or `selectTools(...)`'s answer. Default: every enabled and available tool. */
  tools?: ToolsOption;
  /** The context every call runs with: `mode`, `sandbox`, `conversationId`, shared resources. */
  context?: ToolExecutionContext;
  /** The schema level of tools chosen without one; FULL by default. */
  level?: SchemaLevelLike;
  /**
   * Removed: the registry's `approve` option decides approval for every door
   * (`new ToolRegistry({ approve: trustFrameworkApproval() })` asks through
   * `needsApproval`, what `'sdk'` did; another callback decides inside
   * `execute`, what `'registry'` did). Passing it throws.
   */
  approval?: never;
}

/**
 * An AI SDK tool over a victor tool: its input is the tool's arguments (a
 * JSON object, its JSON Schema as `inputSchema`), its output the call's
 * `VictorToolOutput` (`outputSchema` says so, with the tool's own output
 * schema for `output` when it declares one).
 */
export type VictorAISDKTool = Tool<Record<string, unknown>, VictorToolOutput>;

/**
 * The registry's tools as an AI SDK tool set for `generateText` and
 * `streamText`. Each tool's `inputSchema` is its victor schema through
 * `jsonSchema()`, without a validator of the SDK's own: the arguments go to
 * `registry.execute`, so the registry's validation, mode policy, approval,
 * hooks and timeouts apply and the SDK's abort signal cancels the call. A
 * failed call is a tool result whose error the model reads (`error-text`),
 * never a thrown error.
 *
 * Approval is the registry's (`registry.approvalGate`): under
 * `approve: trustFrameworkApproval()` a call that needs a person sets
 * `needsApproval`, so `generateText` stops with a `tool-approval-request`,
 * and runs once a `tool-approval-response` approves it, with
 * `ctx.approvedBy = 'ai-sdk'`. An approval is honoured only if it answers a
 * request this process issued for that tool call and those arguments, once:
 * a forged, changed or replayed approval in the message history is a failed
 * result that says so, and the tool does not run. Under another `approve`
 * callback, the callback decides inside `execute`; with none, calls run.
 */
export function toAISDKTools(registry: AdaptableRegistry, options: AISDKToolsOptions = {}): Record<string, VictorAISDKTool> {
  if ((options as { approval?: unknown }).approval !== undefined) {
    throw new TypeError(
      "toAISDKTools: the 'approval' option was removed: the registry's approve option decides approval at every door. " +
        "new ToolRegistry({ approve: trustFrameworkApproval() }) asks the person through the AI SDK's needsApproval (approval: 'sdk'); " +
        "any other approve callback decides inside execute (approval: 'registry').",
    );
  }
  checkAdapterOptions('toAISDKTools', options, ['tools', 'context', 'level']);
  const context = options.context ?? {};
  const ledger = ledgerOf(registry);
  const tools: Record<string, VictorAISDKTool> = {};
  for (const { tool, level } of pickTools(registry, options)) {
    const name = tool.name;
    tools[name] = aiTool({
      ...describe(tool, level),
      // Called once per tool call the model makes, never for calls read back from a message history.
      async onInputAvailable({ input, toolCallId }) {
        if (asksPerson(registry, name, context)) await ledger.issue(name, toolCallId, input);
      },
      // Also asked about approvals read back from the history: a request still pending here keeps its approval valid.
      needsApproval: async (input, { toolCallId }) => asksPerson(registry, name, context) || (await ledger.has(name, toolCallId, input)),
      async execute(input, { toolCallId, abortSignal, messages }) {
        // The SDK runs a call that needs approval only once a person approved it, or so its message history says;
        // an approval in the history that this process did not issue runs nothing, whether or not the tool asks now.
        const issued = await ledger.take(name, toolCallId, input);
        if (!issued && (asksPerson(registry, name, context) || approvedInHistory(messages, toolCallId))) {
          return { success: false, output: null, error: unissuedApprovalMessage(name) };
        }
        const call = { toolCallId, signal: abortSignal, approvedBy: issued ? 'ai-sdk' : undefined };
        return toToolOutput(await withFrameworkCall(context, call, (ctx) => registry.execute(name, input, ctx)), name);
      },
      toModelOutput: ({ output }) => toModelOutput(output, name),
    });
  }
  return tools;
}

function describe(tool: BaseTool, level: SchemaLevel) {
  const { description, parameters } = tool.toSchema(level).function;
  return {
    description,
    inputSchema: jsonSchema<Record<string, unknown>>(parameters as JSONSchema7),
    outputSchema: jsonSchema<VictorToolOutput>(outputEnvelope(tool) as JSONSchema7),
  };
}

/** The JSON Schema of a call's `VictorToolOutput`; a successful call's `output` follows the tool's output schema when it declares one. */
function outputEnvelope(tool: BaseTool): JsonSchema {
  const envelope: JsonSchema = {
    type: 'object',
    properties: { success: { type: 'boolean' }, output: {}, error: { type: 'string' }, metadata: { type: 'object' } },
    required: ['success', 'output'],
    additionalProperties: false,
  };
  let declared: JsonSchema | undefined;
  try {
    declared = outputSchemaOf(tool.outputSchema);
  } catch {
    declared = undefined; // the registry refuses such a tool's calls; the envelope still holds
  }
  if (declared === undefined) return envelope;
  return { ...envelope, if: { properties: { success: { const: true } } }, then: { properties: { output: declared } } };
}
