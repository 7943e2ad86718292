// Any new export here becomes public API: named exports only.
export { toOpenAIAgentsTools, type OpenAIAgentsToolsOptions, type VictorFunctionTool } from './to-openai-agents-tools';
export { trustFrameworkApproval, type ApprovalRule } from './approval';
export type { AdaptableRegistry, ToolChoice, ToolsOption } from './registry-view';
