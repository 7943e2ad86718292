// Any new export here becomes public API: named exports only.
export { toOpenAIAgentsTools, type OpenAIAgentsToolsOptions, type VictorFunctionTool } from './to-openai-agents-tools';
export {
  victorToolSelection,
  type OpenAIAgentsToolSelection,
  type OpenAIAgentsToolSelectionOptions,
  type SelectingRegistry,
} from './tool-selection';
// One implementation each, in core and providers; re-exported where this adapter's users look for them.
export { trustFrameworkApproval } from '@victor-tools/core';
export { type ApprovalRule, type ApprovalGate } from '@victor-tools/core/framework';
export type { AdaptableRegistry, ToolChoice, ToolsOption } from '@victor-tools/providers/framework';
