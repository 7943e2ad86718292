import { dynamicTool, jsonSchema, type JSONSchema7, type ToolSet } from 'ai';
import { approvalRequirement, type BaseTool, type SchemaLevel, type SchemaLevelLike, type ToolExecutionContext } from '@victor-tools/core';
import { frameworkCallContext, pickTools, type AdaptableRegistry, type ToolsOption } from '@victor-tools/providers';
import { toModelOutput, toToolOutput } from './tool-output';

/** Options of `toAISDKTools`. */
export interface AISDKToolsOptions {
  /** Which tools to offer: names, `{ name, level }`, or `selectTools(...)`'s answer. Default: every enabled and available tool. */
  tools?: ToolsOption;
  /** The context every call runs with: `mode`, `sandbox`, `conversationId`, shared resources. */
  context?: ToolExecutionContext;
  /** The schema level of tools chosen without one; FULL by default. */
  level?: SchemaLevelLike;
  /**
   * Who asks a person before calls that need approval. `'sdk'` (default): the
   * tool's `needsApproval`, so `generateText` stops with a
   * `tool-approval-request` and runs the call once a `tool-approval-response`
   * approves it; those calls reach the registry with `ctx.approvedBy = 'ai-sdk'`.
   * `'registry'`: no `needsApproval`; the registry's own `approve` callback
   * decides inside `execute`.
   */
  approval?: 'sdk' | 'registry';
}

/**
 * The registry's tools as an AI SDK `ToolSet` for `generateText` and
 * `streamText`. Each tool's `inputSchema` is its victor schema through
 * `jsonSchema()`, without a validator of the SDK's own: the arguments go to
 * `registry.execute`, so the registry's validation, mode policy, approval,
 * hooks and timeouts apply and the SDK's abort signal cancels the call. A
 * failed call is a tool result whose error the model reads (`error-text`),
 * never a thrown error.
 */
export function toAISDKTools(registry: AdaptableRegistry, options: AISDKToolsOptions = {}): ToolSet {
  const context = options.context ?? {};
  const sdkApproves = (options.approval ?? 'sdk') === 'sdk';
  // WRITE tools are asked about on their first use in this tool set, as the registry does per registry.
  const usedOnce = new Set<string>();
  const tools: ToolSet = {};
  for (const { tool, level } of pickTools(registry, options)) {
    const name = tool.name;
    const rule = sdkApproves ? approvalRequirement(tool, context).rule : 'never';
    tools[name] = dynamicTool({
      ...describe(tool, level),
      needsApproval: rule === 'first-use' ? () => !usedOnce.has(name) : rule === 'every-call' || undefined,
      async execute(input, { toolCallId, abortSignal }) {
        // The SDK runs a call of a tool with an approval rule only once it is approved (or, for a WRITE tool, approved before).
        if (rule === 'first-use') usedOnce.add(name);
        const ctx = frameworkCallContext(context, { toolCallId, signal: abortSignal, approvedBy: rule === 'never' ? undefined : 'ai-sdk' });
        return toToolOutput(await registry.execute(name, input as Record<string, unknown>, ctx));
      },
      toModelOutput: ({ output }) => toModelOutput(output),
    });
  }
  return tools;
}

function describe(tool: BaseTool, level: SchemaLevel): { description: string; inputSchema: ReturnType<typeof jsonSchema> } {
  const { description, parameters } = tool.toSchema(level).function;
  return { description, inputSchema: jsonSchema(parameters as JSONSchema7) };
}
