import type { BaseTool, ToolRegistry } from '@victor-tools/core';
import { ToolNotFoundError } from './errors/tool-not-found-error';

/**
 * The tool registered under `name` (or an alias); `ToolNotFoundError` with the
 * registry's own close-name suggestions otherwise.
 */
export async function findTool(registry: ToolRegistry, name: string): Promise<BaseTool> {
  const tool = registry.get(name);
  if (tool) return tool;
  // For a name the registry does not hold, execute stops at name resolution
  // (nothing runs) and its result carries the suggestions it computed.
  const miss = await registry.execute(name, {});
  const suggestions = miss.metadata?.['suggestions'];
  throw new ToolNotFoundError(name, Array.isArray(suggestions) ? suggestions.map(String) : []);
}
