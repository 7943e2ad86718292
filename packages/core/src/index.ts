// Any new export here becomes public API: named exports only.
export * from './enums';
export { ToolResult, ToolValidationResult, type ToolResultInit } from './results';
export { toToolResult } from './registry/normalize-result';
export type { JsonSchema, ParametersSchema, ToolJSONSchema, ToolExecutionContext, ToolCallContext, Logger, SchemaRenderer, RegistryChangeEvent } from './types';
export { normalizeMetadata, type ToolMetadata, type ToolMetadataInput } from './metadata';
export {
  TOOL_PROTOCOL,
  BASE_TOOL_BRAND,
  isBaseTool,
  isToolProvider,
  resolveTool,
  type ToolProvider,
  type ToolLike,
  type RegistrableTool,
} from './tool-protocol';
export { BaseTool } from './base-tool';
export {
  compileSchema,
  validateArguments,
  dropNullOptionals,
  MAX_ARGUMENT_DEPTH,
  DEFAULT_MAX_ERRORS,
  DEFAULT_MAX_ERROR_CHARS,
  type CompiledSchema,
  type ValidationIssue,
  type ValidationOptions,
  type ValidationOutcome,
} from './validation';
export {
  renderSchema,
  estimateTokens,
  approximateTokens,
  truncateDescription,
  splitSentences,
  registerSchemaRenderer,
  getSchemaRenderer,
  schemaRendererNames,
} from './schema';
// registry
export {
  ToolRegistry,
  ToolRegistrationError,
  Hook,
  checkModePolicy,
  type HookOptions,
  type HookCallback,
  type BeforeHookCallback,
  type AfterHookCallback,
  type AfterHookInfo,
  type ModePolicyDecision,
  type ModePolicyRule,
  type ApprovalRequest,
  type ApprovalCallback,
  type ApprovalDecision,
  type LoopDetection,
  type BatchCall,
  type BatchOptions,
  type ToolRegistryOptions,
  type RegisterOptions,
  type ListToolsOptions,
  type ToolSchemaOptions,
  type ToolsByCostOptions,
  type CostSummary,
} from './registry';
