import { resolveTool, type BaseTool } from '@victor-tools/core';
import type { ToolSource } from './types';
import { describeValue } from '@victor-tools/core/internal';

/**
 * The tools of a source: every registered tool of a registry
 * (`listTools({ onlyEnabled: false })`), or the items of an iterable,
 * `@Tool` instances and function tools resolved to their `BaseTool`.
 */
export function toolsOf(source: ToolSource): BaseTool[] {
  const items =
    typeof (source as { listTools?: unknown }).listTools === 'function'
      ? (source as { listTools(o: { onlyEnabled: boolean }): Iterable<unknown> }).listTools({ onlyEnabled: false })
      : (source as Iterable<unknown>);
  if (items === null || typeof (items as Iterable<unknown>)[Symbol.iterator] !== 'function') {
    throw new TypeError(
      `Expected tools as an iterable (an array or a ToolRegistry), got ${describeValue(source)}; pass registry.listTools({ onlyEnabled: false }) or an array of tools`,
    );
  }
  const tools: BaseTool[] = [];
  let position = 0;
  for (const item of items as Iterable<unknown>) {
    const tool = resolveTool(item);
    if (!tool) {
      throw new TypeError(
        `Item ${position} is not a tool (got ${describeValue(item)}); pass BaseTool instances, @Tool class instances or function tools`,
      );
    }
    tools.push(tool);
    position += 1;
  }
  return tools;
}
