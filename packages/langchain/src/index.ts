// Any new export here becomes public API: named exports only.
export { toLangChainTools, type LangChainToolsOptions } from './to-langchain-tools';
export { VictorStructuredTool, type VictorCallRunner, type VictorToolAnswer } from './victor-structured-tool';
export {
  victorToolSelection,
  type LangChainToolSelection,
  type LangChainToolSelectionOptions,
  type SelectingRegistry,
  type ToolBindingModel,
} from './tool-selection';
export type { ToolApprovalInterrupt } from './interrupt-approval';
// One implementation each, in core and providers; re-exported where this adapter's users look for them.
export { trustFrameworkApproval } from '@victor-tools/core';
export { type ApprovalRule, type ApprovalGate } from '@victor-tools/core/framework';
export type { AdaptableRegistry, ToolChoice, ToolsOption } from '@victor-tools/providers/framework';
