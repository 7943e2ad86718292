// Any new export here becomes public API: named exports only.
export { toAISDKTools, type AISDKToolsOptions } from './to-ai-sdk-tools';
export { trustFrameworkApproval, type ApprovalRule } from './approval';
export type { VictorToolOutput } from './tool-output';
export type { AdaptableRegistry, ToolChoice, ToolsOption } from './registry-view';
