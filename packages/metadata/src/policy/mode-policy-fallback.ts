// Stand-in for core's `checkModePolicy`, which the registry helper is adding to
// @victor-tools/core in parallel. Same signature and the same tool-level rules
// (SPEC section 12); the lead replaces the re-export in ./check-mode-policy
// with core's function once both are merged, and deletes this file.
import { AccessMode, AgentMode, CostTier, type BaseTool, type ToolExecutionContext } from '@victor-tools/core';

/** Whether an agent mode lets a tool run (tool-level rules only when `args` is undefined). */
export function checkModePolicy(
  tool: BaseTool,
  ctx: ToolExecutionContext,
  args?: Record<string, unknown>,
): { allowed: boolean; reason?: string } {
  void args;
  const mode = ctx.mode === undefined ? AgentMode.BUILD : AgentMode.from(ctx.mode);
  if (mode === AgentMode.BUILD) return { allowed: true };
  const declared = tool.metadata?.accessMode;
  if (declared === undefined) {
    return {
      allowed: false,
      reason: `Tool '${tool.name}' has no declared access mode; declare accessMode in its metadata to use it in ${mode.value} mode`,
    };
  }
  const access = AccessMode.from(declared);
  if (mode === AgentMode.PLAN) {
    return access === AccessMode.READONLY || access === AccessMode.NETWORK
      ? { allowed: true }
      : { allowed: false, reason: `Tool '${tool.name}' (${access.value}) is not allowed in plan mode: only readonly and network tools are` };
  }
  if (CostTier.from(tool.costTier) === CostTier.HIGH) {
    return { allowed: false, reason: `Tool '${tool.name}' has a high cost tier, which explore mode does not allow` };
  }
  if ((access === AccessMode.WRITE || access === AccessMode.EXECUTE) && !ctx.sandbox) {
    return {
      allowed: false,
      reason: `Tool '${tool.name}' (${access.value}) needs a sandbox in explore mode: set ctx.sandbox to a directory`,
    };
  }
  return { allowed: true };
}
