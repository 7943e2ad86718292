import type { BaseTool, RegistryChangeEvent, ToolExecutionContext, ToolResult } from '@victor-tools/core';

/**
 * What `serveMcp` needs of a registry: core's `ToolRegistry` fits it as it
 * is. Stated structurally so any registry with the same three methods (a
 * wrapper, a filtered view) can be served too; `get` and `isToolEnabled`
 * are optional.
 */
export interface ServableRegistry {
  /** The tools to offer: enabled and available ones. */
  listTools(): Iterable<BaseTool>;
  /** Runs a call through validation, policy, hooks and timeouts; never throws. */
  execute(name: string, args?: Record<string, unknown>, ctx?: ToolExecutionContext): Promise<ToolResult>;
  /** Subscribes to register, unregister, enable and disable; returns the unsubscribe function. */
  onChange(listener: (event: RegistryChangeEvent) => void): () => void;
  /**
   * The tool registered as `name` or with it as an alias, disabled ones too.
   * Optional: with it and `isToolEnabled`, a `tools/call` finds its tool by
   * lookup; without them, by walking `listTools()` (fine for a few tools).
   */
  get?(name: string): BaseTool | undefined;
  /** Whether the tool registered as `name` is enabled (see `get`). */
  isToolEnabled?(name: string): boolean;
}
