import { BaseTool, CostTier, type JsonSchema, type ToolCallContext, type ToolMetadataInput, type ToolResult } from '@victor-tools/core';
import type { CostTierLike } from '@victor-tools/core/framework';
import type { McpToolDescription } from './types';

/** What runs a remote tool's call: the tool set's connection. */
export interface RemoteCaller {
  call(tool: McpRemoteTool, args: Record<string, unknown>, ctx: ToolCallContext): Promise<ToolResult>;
}

/** How a tool set mounts one server tool: its registered name and what overrides and annotations decided. */
export interface RemoteToolSettings {
  name: string;
  description: string;
  metadata: ToolMetadataInput;
  costTier: CostTierLike | undefined;
  timeoutMs: number | undefined;
}

/**
 * A tool of an MCP server, as a `BaseTool` a `ToolRegistry` registers like
 * any other: its input schema is the parameters (dialect kept), its output
 * schema is checked by the registry, its annotations are its metadata, and
 * each call goes to the server (`mcpTools`).
 */
export class McpRemoteTool extends BaseTool {
  readonly #remote: McpToolDescription;
  readonly #settings: RemoteToolSettings;
  readonly #caller: RemoteCaller;
  readonly #parameters: JsonSchema;
  readonly #costTier: CostTier;

  /** @internal Made by `mcpTools`. */
  constructor(remote: McpToolDescription, settings: RemoteToolSettings, caller: RemoteCaller, readonly server: string) {
    super();
    this.#remote = remote;
    this.#settings = settings;
    this.#caller = caller;
    // MCP requires an object schema; a server that leaves out `type` means one all the same.
    this.#parameters = remote.inputSchema.type === undefined ? { type: 'object', ...remote.inputSchema } : (remote.inputSchema as JsonSchema);
    this.#costTier = CostTier.from(settings.costTier ?? CostTier.FREE);
  }

  get name(): string {
    return this.#settings.name;
  }

  /** The tool's name on its server (what `tools/call` sends). */
  get remoteName(): string {
    return this.#remote.name;
  }

  /** The tool as the server described it in `tools/list`. */
  get remote(): McpToolDescription {
    return this.#remote;
  }

  get description(): string {
    return this.#settings.description;
  }

  get parameters(): JsonSchema {
    return this.#parameters;
  }

  override get outputSchema(): JsonSchema | undefined {
    return this.#remote.outputSchema as JsonSchema | undefined;
  }

  override get metadata(): ToolMetadataInput {
    return this.#settings.metadata;
  }

  override get isIdempotent(): boolean {
    return this.#remote.annotations?.idempotentHint === true;
  }

  override get costTier(): CostTier {
    return this.#costTier;
  }

  override get timeoutMs(): number | undefined {
    return this.#settings.timeoutMs;
  }

  execute(ctx: ToolCallContext, args: Record<string, unknown>): Promise<ToolResult> {
    return this.#caller.call(this, args, ctx);
  }
}
