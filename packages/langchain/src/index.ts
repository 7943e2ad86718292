// Any new export here becomes public API: named exports only.
export { toLangChainTools, type LangChainToolsOptions } from './to-langchain-tools';
export { VictorStructuredTool } from './victor-structured-tool';
export { trustFrameworkApproval, type ApprovalRule } from './approval';
export type { AdaptableRegistry, ToolChoice, ToolsOption } from './registry-view';
