// The public API of @victor-tools/core: what a user needs to write, register,
// execute and approve tools. Any new export here becomes public API: named
// exports only, no `export *`. What code building on victor-tools needs (an
// adapter to another framework, a transport, a custom invoker) is in
// ./framework (`@victor-tools/core/framework`, semver-covered); plumbing
// between the victor-tools packages is in ./internal (not public API).
export {
  CostTier,
  AccessMode,
  DangerLevel,
  Priority,
  ExecutionCategory,
  SchemaLevel,
  AgentMode,
  type CostTierValue,
  type AccessModeValue,
  type DangerLevelValue,
  type PriorityValue,
  type ExecutionCategoryValue,
  type SchemaLevelValue,
  type AgentModeValue,
} from './enums';
export { ToolResult, ToolValidationResult, type ToolResultInit } from './results';
export type { JsonSchema } from './json-schema';
export type { ToolExecutionContext, ToolCallContext } from './context';
export type { Logger } from './logger';
export type { ToolMetadata, ToolMetadataInput } from './tool-metadata';
export type { RegistrableTool } from './tool-protocol';
export { BaseTool } from './base-tool';
export { SchemaConversionError, type SchemaInput } from './schema-input';
export { estimateTokens } from './schema';
export {
  ToolRegistry,
  ToolRegistrationError,
  type ToolRegistryOptions,
  type RegisterOptions,
  type ListToolsOptions,
  type ToolSchemaOptions,
  type CostSummary,
} from './registry';
export {
  Hook,
  type HookOptions,
  type BeforeHookCallback,
  type AfterHookCallback,
  type AfterHookInfo,
  type BatchCall,
  type BatchOptions,
} from './pipeline';
export { trustFrameworkApproval, type ApprovalRequest, type ApprovalCallback } from './policy';
