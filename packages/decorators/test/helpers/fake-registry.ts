import type { BaseTool } from '@victor-tools/core';
import { resolveTool, type ToolLike } from '@victor-tools/core/framework';
import type { MetadataRegistryLike, ContainerRegistry } from '@victor-tools/decorators';

/** A registry that only stores, to test what the container hands it (names, aliases, tools). */
export class StoringRegistry implements ContainerRegistry {
  readonly tools = new Map<string, BaseTool>();

  register(value: ToolLike): void {
    const tool = resolveTool(value);
    if (!tool) throw new TypeError('not a tool');
    for (const name of [tool.name, ...tool.aliases]) {
      if (this.tools.has(name) && this.tools.get(name) !== tool) throw new Error(`duplicate ${name}`);
      this.tools.set(name, tool);
    }
  }

  unregister(name: string): boolean {
    const tool = this.tools.get(name);
    if (tool === undefined) return false;
    for (const [key, held] of this.tools) if (held === tool) this.tools.delete(key);
    return true;
  }

  get(name: string): BaseTool | undefined {
    return this.tools.get(name);
  }

  has(name: string): boolean {
    return this.tools.has(name);
  }

  listTools(): BaseTool[] {
    return [...new Set(this.tools.values())];
  }
}

/** A metadata registry that remembers what it was refreshed from. */
export class RecordingMetadataRegistry implements MetadataRegistryLike {
  readonly refreshes: string[][] = [];

  refreshFromTools(tools: Iterable<BaseTool>): boolean {
    this.refreshes.push([...tools].map((t) => t.name).sort());
    return true;
  }
}
