import type { BaseTool } from './base-tool';
import type { AgentModeLike, SchemaLevel } from './enums';

/**
 * A JSON Schema (Draft 7) object. TypeBox schemas are JSON Schemas and fit
 * here as they are.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  enum?: unknown[];
  description?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  [keyword: string]: unknown;
}

/** The schema of a tool's parameters: an object schema. */
export interface ParametersSchema extends JsonSchema {
  type: 'object';
  properties?: Record<string, JsonSchema>;
}

/** The OpenAI-style function schema of `toJSONSchema()` and `toSchema(level)`. */
export interface ToolJSONSchema {
  type: 'function';
  function: {
    name: string;
    description: string;
    parameters: JsonSchema;
  };
}

/** Receives a tool's progress: `progress` so far, of `total` when known, with an optional message. */
export type ProgressReporter = (progress: number, total?: number, message?: string) => void;

/** The levels of a tool's log messages (those of MCP's `notifications/message`, from RFC 5424). */
export type ToolLogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

/** Receives a tool's log messages. */
export type ToolLogFunction = (level: ToolLogLevel, message: string, data?: unknown) => void;

/**
 * What the caller passes to `registry.execute`: the agent `mode`, the EXPLORE
 * `sandbox` directory, an optional `signal` to cancel the call, and the shared
 * resources a project's tools use (a code manager, a database handle). Those
 * are declared once, by declaration merging, so that tools read them typed:
 *
 * ```ts
 * declare module '@victor-tools/core' {
 *   interface ToolExecutionContext { codeManager?: CodeManager }
 * }
 * ```
 *
 * There is no index signature on purpose: a tool that reads a property no
 * one declared (`ctx.path`, for a body written `(ctx, args)` where the
 * arguments come first) is a compile error, not `undefined` at run time.
 */
export interface ToolExecutionContext {
  mode?: AgentModeLike;
  sandbox?: string;
  signal?: AbortSignal;
  /**
   * Scope of loop detection: calls with the same conversationId share one loop
   * history (the MCP server sets it per session or connection). Without it:
   * per context object.
   */
  conversationId?: string;
  /** Receives the tool's progress reports (set by the MCP server or a queue worker). */
  reportProgress?: ProgressReporter;
  /** Receives the tool's log messages (set by the MCP server); default: the registry's logger. */
  log?: ToolLogFunction;
  /** The MCP client that made the call, when it can sample or elicit (set by the MCP server); undefined elsewhere. */
  client?: ToolClient;
  /** The framework's id of the tool call (set by the AI SDK, LangChain and OpenAI Agents adapters). */
  toolCallId?: string;
  /**
   * Who approved the call when a framework's own approval covered it
   * (`'ai-sdk'`, `'langchain'`, `'openai-agents'`): set by the adapters, never
   * taken from the caller's context (`trustFrameworkApproval` trusts it).
   */
  approvedBy?: string;
}

/**
 * What a tool (and each hook) receives: a shallow copy of the caller's
 * context, taken once at the call's start (writes stay in it), with the
 * registry's `signal` (timeout and cancellation), `toolName`,
 * `reportProgress` and `log`.
 */
export interface ToolCallContext extends ToolExecutionContext {
  /** Aborted by the call's timeout or the caller's signal. */
  readonly signal: AbortSignal;
  /** The name the tool was registered under. */
  readonly toolName: string;
  /** Always present: a no-op when nobody listens; ignored once the call settled. */
  readonly reportProgress: ProgressReporter;
  /** Always present: to the caller's `ctx.log`, else the registry's logger. */
  readonly log: ToolLogFunction;
  /** The MCP client that made the call, when it declared sampling or elicitation; undefined elsewhere. */
  client?: ToolClient;
}

// ------------------------------------------------------------------ content blocks

/** Text for the model (MCP `TextContent`). */
export interface TextContentBlock {
  type: 'text';
  text: string;
  [key: string]: unknown;
}

/** An image, base64-encoded (MCP `ImageContent`). */
export interface ImageContentBlock {
  type: 'image';
  /** The image's bytes, base64-encoded. */
  data: string;
  /** `image/png`, `image/jpeg`... */
  mimeType: string;
  [key: string]: unknown;
}

/** A sound clip, base64-encoded (MCP `AudioContent`). */
export interface AudioContentBlock {
  type: 'audio';
  /** The audio's bytes, base64-encoded. */
  data: string;
  /** `audio/wav`, `audio/mpeg`... */
  mimeType: string;
  [key: string]: unknown;
}

/** A resource carried whole, as text or base64 bytes (MCP `EmbeddedResource`). */
export interface EmbeddedResourceBlock {
  type: 'resource';
  resource: { uri: string; mimeType?: string; text: string; [key: string]: unknown } | { uri: string; mimeType?: string; blob: string; [key: string]: unknown };
  [key: string]: unknown;
}

/** A pointer to a resource the client may read (MCP `ResourceLink`). */
export interface ResourceLinkBlock {
  type: 'resource_link';
  uri: string;
  name: string;
  description?: string;
  mimeType?: string;
  [key: string]: unknown;
}

/** One block of a rich tool result (`ToolResult.withContent`), in MCP's content-block shapes. */
export type ToolContentBlock = TextContentBlock | ImageContentBlock | AudioContentBlock | EmbeddedResourceBlock | ResourceLinkBlock;

// ------------------------------------------------------------------ the client of a call

/** A message of a sampling request or answer (MCP `SamplingMessage`). */
export interface SamplingMessage {
  role: 'user' | 'assistant';
  content: TextContentBlock | ImageContentBlock | AudioContentBlock | ToolContentBlock[];
  [key: string]: unknown;
}

/** What a tool asks the client's model (MCP `sampling/createMessage` params). */
export interface SampleRequest {
  messages: SamplingMessage[];
  /** The most tokens the client's model should produce. */
  maxTokens: number;
  systemPrompt?: string;
  temperature?: number;
  stopSequences?: string[];
  modelPreferences?: Record<string, unknown>;
  includeContext?: 'none' | 'thisServer' | 'allServers';
  metadata?: Record<string, unknown>;
  [key: string]: unknown;
}

/** The client's completion (MCP `CreateMessageResult`). */
export interface SampleResult {
  role: 'user' | 'assistant';
  content: TextContentBlock | ImageContentBlock | AudioContentBlock | ToolContentBlock[];
  /** The model that answered. */
  model: string;
  stopReason?: string;
  [key: string]: unknown;
}

/** What a tool asks the user (MCP `elicitation/create` params, form mode). */
export interface ElicitRequest {
  /** What the user is asked, in words. */
  message: string;
  /** The form: an object schema of flat properties (string, number, integer, boolean, enums). */
  requestedSchema: { type: 'object'; properties: Record<string, JsonSchema>; required?: string[]; [key: string]: unknown };
  [key: string]: unknown;
}

/** The user's answer (MCP `ElicitResult`): accepted with the form's content, declined, or cancelled. */
export interface ElicitResult {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, string | number | boolean | string[]>;
  [key: string]: unknown;
}

/** Options of a request a tool makes to its client. */
export interface ClientRequestOptions {
  /** Gives up when aborted (pass `ctx.signal` to follow the call's own timeout). The call's cancellation always applies. */
  signal?: AbortSignal;
  /** Gives up after this many ms without an answer; the MCP SDK's default (60 s) otherwise. */
  timeoutMs?: number;
}

/**
 * The MCP client that made a call, as the tool sees it (`ctx.client`): set by
 * the MCP server when the client declared `sampling` or `elicitation`.
 */
export interface ToolClient {
  /** Whether the client declared the `sampling` capability (else `sample` rejects). */
  readonly canSample: boolean;
  /** Whether the client declared the `elicitation` capability (else `elicit` rejects). */
  readonly canElicit: boolean;
  /** Asks the client's model for a completion (`sampling/createMessage`); resolves to its answer. */
  sample(params: SampleRequest, options?: ClientRequestOptions): Promise<SampleResult>;
  /** Asks the user for input through the client (`elicitation/create`); resolves to the answer. */
  elicit(params: ElicitRequest, options?: ClientRequestOptions): Promise<ElicitResult>;
}

/** Where the registry reports what it does not throw (hook failures, approvals). */
export interface Logger {
  debug(message: string, ...details: unknown[]): void;
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

/**
 * Renders a tool's schema in one provider's format at a schema level, for
 * selection and export. `@victor-tools/providers` ships one per provider;
 * core and the metadata package only know this shape.
 */
export interface SchemaRenderer {
  /** The provider's name: 'openai', 'anthropic', 'gemini', 'mcp'... */
  readonly name: string;
  render(tool: BaseTool, level: SchemaLevel): unknown;
}

/** What changed in a `ToolRegistry`, for listeners such as an MCP server's `tools/list_changed`. */
export interface RegistryChangeEvent {
  type: 'register' | 'unregister' | 'enable' | 'disable';
  name: string;
}
