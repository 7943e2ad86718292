// Any new export here becomes public API: named exports only.
export { toAISDKTools, type AISDKToolsOptions, type VictorAISDKTool } from './to-ai-sdk-tools';
export type { VictorToolOutput } from './tool-output';
export { victorPrepareStep, type VictorPrepareStepOptions, type PrepareStepInput } from './prepare-step';
export { aiSdkEmbedder, type AISDKEmbedderOptions } from './embedder';
// One implementation each, in core and providers; re-exported where this adapter's users look for them.
export { trustFrameworkApproval } from '@victor-tools/core';
export { type ApprovalRule, type ApprovalGate } from '@victor-tools/core/framework';
export type { AdaptableRegistry, ToolChoice, ToolsOption } from '@victor-tools/providers/framework';
