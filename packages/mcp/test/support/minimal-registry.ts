import { ToolResult, type BaseTool, type ToolCallContext, type ToolExecutionContext } from '@victor-tools/core';
import type { RegistryChangeEvent } from '@victor-tools/core/framework';
import type { ServableRegistry } from '@victor-tools/mcp';

/** What the MCP tests do to a registry besides serving it. */
export interface TestRegistry extends ServableRegistry {
  register(tool: BaseTool): void;
  unregister(name: string): boolean;
  enableTool(name: string): boolean;
  disableTool(name: string): boolean;
}

/**
 * The least a registry needs to be served: `ServableRegistry` plus the
 * mutators the tests call, with enabled state, the not-found/disabled/
 * required-parameter messages, the context's signal and `onChange`. The
 * tests run over it as well as over core's `ToolRegistry`, to show that
 * `serveMcp` relies on the structural interface only.
 */
export class MinimalRegistry implements TestRegistry {
  private readonly tools = new Map<string, { tool: BaseTool; enabled: boolean }>();
  private readonly listeners = new Set<(event: RegistryChangeEvent) => void>();

  register(tool: BaseTool): void {
    this.tools.set(tool.name, { tool, enabled: true });
    this.emit({ type: 'register', name: tool.name });
  }

  unregister(name: string): boolean {
    const removed = this.tools.delete(name);
    if (removed) this.emit({ type: 'unregister', name });
    return removed;
  }

  enableTool(name: string): boolean {
    return this.setEnabled(name, true);
  }

  disableTool(name: string): boolean {
    return this.setEnabled(name, false);
  }

  listTools(): BaseTool[] {
    return [...this.tools.values()].filter((e) => e.enabled && e.tool.isAvailable()).map((e) => e.tool);
  }

  onChange(listener: (event: RegistryChangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async execute(name: string, args: Record<string, unknown> = {}, ctx: ToolExecutionContext = {}): Promise<ToolResult> {
    const entry = this.tools.get(name);
    if (!entry) return ToolResult.fail(`Tool '${name}' not found`, { suggestions: [] });
    if (!entry.enabled) return ToolResult.fail(`Tool '${name}' is disabled`);
    const missing = (entry.tool.parameters.required ?? []).filter((key) => !(key in args));
    if (missing.length > 0) {
      const errors = missing.map((key) => `Required parameter '${key}' is missing`);
      return ToolResult.fail(`Invalid parameters for tool '${name}': ${errors.join('; ')}`);
    }
    const callCtx = { ...ctx, signal: ctx.signal ?? new AbortController().signal, toolName: name } as ToolCallContext;
    return entry.tool.execute(callCtx, args);
  }

  private setEnabled(name: string, enabled: boolean): boolean {
    const entry = this.tools.get(name);
    if (!entry) return false;
    if (entry.enabled !== enabled) {
      entry.enabled = enabled;
      this.emit({ type: enabled ? 'enable' : 'disable', name });
    }
    return true;
  }

  private emit(event: RegistryChangeEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
