import type { BaseTool } from '@victor-tools/core';
import { DecoratorUsageError } from '../errors/decorator-usage-error';
import { classLabel } from './names';
import { globalToolBuilder } from './tool-builder';

/**
 * Every tool an instance stands for: a toolbox instance gives one tool per
 * `@Tool` method, a plain `@Tool` class instance its tool, a `BaseTool`
 * itself, anything else `[]`. The same instance always gives the same tools.
 *
 * @example
 * ```ts
 * import { ToolRegistry } from '@victor-tools/core';
 * import { Tool, toolsOfInstance } from '@victor-tools/decorators';
 *
 * const TEXT = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] };
 *
 * class TextToolbox {
 *   @Tool({ name: 'upper', description: 'Upper-case a text.', params: TEXT })
 *   upper(args: { text: string }) { return args.text.toUpperCase(); }
 *
 *   @Tool({ name: 'reverse', description: 'Reverse a text.', params: TEXT })
 *   reverse(args: { text: string }) { return [...args.text].reverse().join(''); }
 * }
 *
 * const registry = new ToolRegistry();
 * for (const tool of toolsOfInstance(new TextToolbox())) registry.register(tool);
 * console.log(registry.listTools().map((tool) => tool.name)); // prints: [ 'upper', 'reverse' ]
 * ```
 */
export function toolsOfInstance(instance: object): BaseTool[] {
  return globalToolBuilder().toolsOfInstance(instance);
}

/** `[TOOL_PROTOCOL]()` of `@Tool` class and toolbox instances: their one tool. */
export function protocolToolOf(instance: object): BaseTool {
  const tools = toolsOfInstance(instance);
  if (tools.length === 1) return tools[0]!;
  const className = classLabel(instance.constructor);
  if (tools.length === 0) {
    throw new DecoratorUsageError(`'${className}' has no @Tool record in the metadata storage (was getMetadataStorage().clear() called after it was declared?).`);
  }
  throw new DecoratorUsageError(
    `'${className}' holds ${tools.length} tools (${tools.map((t) => t.name).join(', ')}), and a registry takes one at a time. ` +
      `Register each of toolsOfInstance(instance), or scan the instance with a ToolContainer.`,
  );
}
