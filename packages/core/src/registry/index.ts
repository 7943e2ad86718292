export { ToolRegistry } from './tool-registry';
export { ToolRegistrationError } from './errors';
export { Hook, type HookOptions, type HookCallback, type BeforeHookCallback, type AfterHookCallback, type AfterHookInfo } from './hook';
export { checkModePolicy, type ModePolicyDecision, type ModePolicyRule } from './mode-policy';
export type { ApprovalRequest, ApprovalCallback, ApprovalDecision } from './approval';
export type { LoopDetection } from './loop-detector';
export type { BatchCall, BatchOptions } from './batch';
export type {
  ToolRegistryOptions,
  RegisterOptions,
  ListToolsOptions,
  ToolSchemaOptions,
  ToolsByCostOptions,
  CostSummary,
} from './options';
