// The public API of @victor-tools/core: what users program against. Any new
// export here becomes public API: named exports only, no `export *`.
// Protocol plumbing for the other victor-tools packages lives in ./internal
// (the `@victor-tools/core/internal` subpath).
export {
  CostTier,
  AccessMode,
  DangerLevel,
  Priority,
  ExecutionCategory,
  SchemaLevel,
  AgentMode,
  type CostTierValue,
  type CostTierLike,
  type AccessModeValue,
  type AccessModeLike,
  type DangerLevelValue,
  type DangerLevelLike,
  type PriorityValue,
  type PriorityLike,
  type ExecutionCategoryValue,
  type ExecutionCategoryLike,
  type SchemaLevelValue,
  type SchemaLevelLike,
  type AgentModeValue,
  type AgentModeLike,
} from './enums';
export { ToolResult, ToolValidationResult, contentText, type ToolResultInit } from './results';
export type { JsonSchema, ParametersSchema, ToolJSONSchema } from './json-schema';
export type { ToolExecutionContext, ToolCallContext, AuthInfo, ProgressReporter, ToolLogLevel, ToolLogFunction } from './context';
export type {
  ToolContentBlock,
  TextContentBlock,
  ImageContentBlock,
  AudioContentBlock,
  EmbeddedResourceBlock,
  ResourceLinkBlock,
  ToolClient,
  ClientRequestOptions,
  SampleRequest,
  SampleResult,
  SamplingMessage,
  ElicitRequest,
  ElicitResult,
} from './mcp-types';
export type { Logger } from './logger';
export type { SchemaRenderer } from './schema/schema-renderers';
export type { ToolMetadata, ToolMetadataInput } from './tool-metadata';
export { isBaseTool, resolveTool, type ToolLike, type ToolProvider, type RegistrableTool } from './tool-protocol';
export { BaseTool } from './base-tool';
export {
  SchemaConversionError,
  type SchemaInput,
  type SchemaForms,
  type SchemaSide,
  type TypeBoxSchemaLike,
  type StandardTypedV1,
  type StandardSchemaV1,
  type StandardJSONSchemaV1,
} from './schema-input';
export {
  compileSchema,
  validateArguments,
  dropNullOptionals,
  MAX_ARGUMENT_DEPTH,
  DEFAULT_MAX_ERRORS,
  DEFAULT_MAX_ERROR_CHARS,
  DEFAULT_MAX_CHECKED_VALUES,
  type CompiledSchema,
  type ValidationIssue,
  type ValidationOptions,
  type ValidationOutcome,
} from './validation';
export { estimateTokens, approximateTokens } from './schema';
export {
  ToolRegistry,
  ToolRegistrationError,
  type ToolRegistryOptions,
  type RegisterOptions,
  type ListToolsOptions,
  type ToolSchemaOptions,
  type ToolsByCostOptions,
  type CostSummary,
  type RegistryChangeEvent,
} from './registry';
export {
  Hook,
  inProcessInvoker,
  toToolResult,
  type HookOptions,
  type HookCallback,
  type BeforeHookCallback,
  type AfterHookCallback,
  type AfterHookInfo,
  type ToolInvocation,
  type ToolInvoker,
  type BatchCall,
  type BatchOptions,
} from './pipeline';
export {
  checkModePolicy,
  approvalRequirement,
  trustFrameworkApproval,
  type ModePolicyDecision,
  type ModePolicyRule,
  type ApprovalRequest,
  type ApprovalCallback,
  type ApprovalDecision,
  type ApprovalRequirement,
  type ApprovalRule,
  type ApprovalGate,
  type ApprovalAsker,
  type LoopDetection,
} from './policy';
