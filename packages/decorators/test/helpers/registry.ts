import * as core from '@victor-tools/core';
import type { ToolJSONSchema, ToolLike, ToolResult } from '@victor-tools/core';

/** The part of core's ToolRegistry (SPEC section 6) these tests drive. */
export interface RegistryUnderTest {
  register(tool: ToolLike, options?: { replace?: boolean }): unknown;
  get(name: string): core.BaseTool | undefined;
  has(name: string): boolean;
  listTools(options?: { onlyEnabled?: boolean }): core.BaseTool[];
  execute(name: string, args: unknown, ctx?: core.ToolExecutionContext): Promise<ToolResult>;
  registerBeforeHook(hook: (toolName: string, args: Record<string, unknown>) => unknown): () => void;
  registerAfterHook(hook: (result: ToolResult, call: { toolName: string; args: Record<string, unknown> }) => unknown): () => void;
  getToolSchemas(options?: { level?: string }): readonly ToolJSONSchema[];
}

/** A new core ToolRegistry, read off core's exports so this file compiles before the registry lands. */
export function newRegistry(): RegistryUnderTest {
  const Registry = (core as unknown as { ToolRegistry: new (options?: object) => RegistryUnderTest }).ToolRegistry;
  return new Registry({ logger: { debug() {}, info() {}, warn() {}, error() {} } });
}
