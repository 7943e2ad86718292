// Plumbing shared by the victor-tools packages (the `@victor-tools/core/internal`
// subpath): the tool protocol that @victor-tools/decorators implements, the
// schema-renderer table that @victor-tools/providers fills and
// @victor-tools/metadata reads, metadata defaults, the smart-enum base and the
// text helpers behind schema levels, and the approval request and refusal an
// adapter that asks for approval itself words as the registry does, and the
// wording of failed calls (a thrown error, a timeout, a cancellation) that a
// remote invoker answers the way a local call fails. Not part
// of the public API: it may change in any release. Named exports only.
export { TOOL_PROTOCOL, isToolProvider, type ToolProvider } from './tool-protocol';
export { BASE_TOOL_BRAND } from './base-tool';
export { SmartEnum } from './enums';
export { normalizeMetadata, referenceMetadataKeyProblem } from './tool-metadata';
// What registration refuses, for the decorators to refuse it at declaration already.
export { generatorProblem, toolNameProblem } from './registry/registration-rules';
export { registerSchemaRenderer, getSchemaRenderer, schemaRendererNames, renderSchema, truncateDescription, splitSentences } from './schema';
export { approvalRequest, approvalRequirementOf, notApprovedMessage } from './policy/approval';
// The agent-mode policy in the steps the registry runs it in (the tool, then
// its path arguments once validated), for a queue worker that applies it
// again to a job it cannot trust, with the registry's wording.
export {
  describeToolPolicy,
  checkToolLevel,
  checkPathArguments,
  refusalMessage,
  type ToolPolicyFacts,
  type PolicyContext,
} from './policy/mode-policy';
export { timeoutDelay, timeoutProblem, DEFAULT_TIMEOUT_MS } from './timeouts';
export { outputSchemaOf } from './schema-input/output-schema';
export { capText, cutText, describeValue, valueOrKind, errorMessage, errorName } from './error-text';
// The one check of option keys: an unknown one is refused, naming a close known one.
export { checkOptionKeys } from './option-keys';
export { editDistance } from './suggest-names';
export { setOwn, hasOwn } from './own-property';
export { canonicalJson } from './validation/json-equality';
export { thrownResult } from './pipeline/normalize-result';
export { guardedLogger } from './logger';
export { hash53 } from './hash53';
// Two abort signals as one, released after the call (AbortSignal.any leaks on Node 20).
export { eitherSignal, type EitherSignal } from './either-signal';
export { cancelledResult, timedOutResult } from './pipeline/failures';
// Node's built-ins reached on first use, so a browser bundle of a package that uses them lazily still loads.
export { nodeFs, nodePath, nodeCrypto } from './node-fs';
// How many log messages of one call every door (MCP, the queue) passes on.
export { MAX_LOGS_PER_CALL, DROPPED_LOGS_MESSAGE } from './pipeline/tool-log';
// The one reader of user-given schemas (JSON Schema, TypeBox, Standard Schema)
// and the Standard validation that follows ajv: for decorators and for any
// schema a tool declares besides its parameters (an output schema).
export { readSchemaInput, runStandardValidation, type ReadSchemaOptions, type StandardOutcome } from './schema-input';
// A tool's Standard Schema, also behind the view a registry hands out: a
// queue worker validates a call with it as the caller's registry did.
export { standardSchemaOf } from './registry/tool-entry';
