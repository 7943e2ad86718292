import type { JsonSchema } from './json-schema';

// MCP's shapes as a tool meets them: the content blocks of a rich result
// (`ToolResult.withContent`) and the client of a call (`ctx.client`: sampling
// and elicitation). Written out here, not imported: core does not depend on
// the MCP SDK, which @victor-tools/mcp maps them to.

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
