import type { BaseTool } from '../base-tool';
import type { ToolExecutionContext } from '../context';
import type { ApprovalGate } from '../policy/approval';
import type { ToolResult } from '../results';
import type { RegistrableTool } from '../tool-protocol';
import type { ListToolsOptions, RegisterOptions, RegistryChangeEvent } from './options';

/**
 * A registry as the victor-tools integrations see it: the decorators'
 * container, `selectTools`, the framework adapters, `serveMcp`, the queue's
 * state sync. Each takes `Pick<ToolRegistryLike, ...>` of the members it
 * calls, so core's `ToolRegistry` fits every one of them as it is, and
 * so does a wrapper or a filtered view that has those members.
 */
export interface ToolRegistryLike {
  /** Adds a tool (see `ToolRegistry.register`). */
  register(tool: RegistrableTool, options?: RegisterOptions): unknown;
  /** Removes the tool registered as `name`; false when there is none. */
  unregister(name: string): boolean;
  /** The tool registered as `name` or with it as an alias, disabled ones too. */
  get(name: string): BaseTool | undefined;
  /** Whether a tool is registered as `name` or with it as an alias. */
  has(name: string): boolean;
  /** Whether the tool registered as `name` is enabled. */
  isToolEnabled(name: string): boolean;
  /** Enables a tool; false for an unknown name. */
  enableTool(name: string): boolean;
  /** Disables a tool; false for an unknown name. */
  disableTool(name: string): boolean;
  /**
   * Enabled and available tools by default; every registered one with
   * `onlyEnabled: false` (`ToolRegistry` answers an array; a view may yield them).
   */
  listTools(options?: ListToolsOptions): Iterable<BaseTool>;
  /** Runs a call through policy, validation, approval, hooks and timeouts; never throws. */
  execute(name: string, args?: unknown, ctx?: ToolExecutionContext): Promise<ToolResult>;
  /** Calls `listener` on register, unregister, enable and disable; returns the unsubscribe function. */
  onChange(listener: (event: RegistryChangeEvent) => void): () => void;
  /**
   * Who decides whether a call runs: an adapter asks its framework's person
   * exactly when the gate answers `asks: 'person'`.
   */
  approvalGate(name: string, ctx?: ToolExecutionContext): ApprovalGate | undefined;
}
