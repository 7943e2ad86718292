// `@victor-tools/core/framework`: for code that builds on victor-tools rather
// than with it: an adapter to another agent framework, a transport, a custom
// invoker or schema format. Public API, covered by semver like the root (its
// report is api/core-framework.api.md); a user writing, registering and
// running tools needs only the root. Named exports only.

// Every option that takes an enum also takes its plain value.
export type {
  CostTierLike,
  AccessModeLike,
  DangerLevelLike,
  PriorityLike,
  ExecutionCategoryLike,
  SchemaLevelLike,
  AgentModeLike,
} from './enums';
// Results as other protocols see them: MCP content blocks, any value as a ToolResult.
export { contentText } from './results';
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
export type { ParametersSchema, ReadonlyJsonSchema, ToolJSONSchema } from './json-schema';
export type { AuthInfo, ProgressReporter, ToolLogLevel, ToolLogFunction } from './context';
export type { SchemaRenderer } from './schema/schema-renderers';
export { approximateTokens } from './schema';
// Recognizing a tool whichever way it was written.
export { isBaseTool, resolveTool, type ToolLike, type ToolProvider } from './tool-protocol';
export type { AnyTool } from './base-tool';
// The schema forms a tool may declare.
export {
  type SchemaForms,
  type SchemaSide,
  type TypeBoxSchemaLike,
  type StandardTypedV1,
  type StandardSchemaV1,
  type StandardJSONSchemaV1,
} from './schema-input';
// The registry's validation, for a door that validates before calling.
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
// The one registry shape integrations take (each a Pick of the members it calls).
export type { ToolRegistryLike, ToolsByCostOptions, RegistryChangeEvent } from './registry';
// Where a checked call runs: in this process, or elsewhere (the queue's invoker).
export {
  inProcessInvoker,
  toToolResult,
  type HookCallback,
  type ToolInvocation,
  type ToolInvoker,
} from './pipeline';
// The agent-mode policy and approval, for a door that asks before it calls.
export {
  checkModePolicy,
  approvalRequirement,
  type ModePolicyDecision,
  type ModePolicyRule,
  type ApprovalDecision,
  type ApprovalRequirement,
  type ApprovalRule,
  type ApprovalGate,
  type ApprovalAsker,
  type LoopDetection,
} from './policy';
