import type { BaseTool, SchemaInput } from '@victor-tools/core';
import { DecoratorUsageError } from '../errors/decorator-usage-error';
import { classLabel } from './names';
import type { MetadataStorage } from '../storage/metadata-storage';
import { globalToolBuilder } from './tool-builder';

/**
 * Every tool an instance stands for: a toolbox instance gives one tool per
 * `@Tool` method, a plain `@Tool` class instance its tool, a `BaseTool`
 * itself, anything else `[]`. The same instance always gives the same tools.
 * A tool's `parameters` are what its `params` were: a tool declared with
 * `params: z.object(...)` has that zod schema as its `parameters`, not a JSON Schema (read the JSON Schema of
 * any tool with `tool.toJSONSchema().function.parameters`).
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
export function toolsOfInstance(instance: object): BaseTool<Record<string, unknown>, SchemaInput>[] {
  return globalToolBuilder().toolsOfInstance(instance);
}

/** The nearest base class of `target` that carries `@Tool` itself, when `target` does not. */
export function toolClassAncestor(storage: MetadataStorage, target: Function): Function | undefined {
  for (let c: unknown = Object.getPrototypeOf(target); typeof c === 'function' && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    if (storage.findToolClass(c) !== undefined) return c;
  }
  return undefined;
}

/**
 * Why a subclass of a `@Tool` class is no tool: the options name and describe
 * one class (two classes under one name would collide), so they are not inherited.
 */
export function subclassProblem(className: string, parentName: string): string {
  return (
    `'${className}' extends @Tool class '${parentName}' but has no @Tool of its own: a @Tool's options (its name, description, ...) ` +
    `belong to the class they decorate and are not inherited. Decorate '${className}' with @Tool({ name: ..., description: ... }) as well.`
  );
}

/** `[TOOL_PROTOCOL]()` of `@Tool` class and toolbox instances: their one tool. */
export function protocolToolOf(instance: object): BaseTool<Record<string, unknown>, SchemaInput> {
  const tools = toolsOfInstance(instance);
  if (tools.length === 1) return tools[0]!;
  const className = classLabel(instance.constructor);
  if (tools.length === 0) {
    const parent = toolClassAncestor(globalToolBuilder().storage, instance.constructor);
    if (parent !== undefined) throw new DecoratorUsageError(subclassProblem(className, classLabel(parent)));
    throw new DecoratorUsageError(`'${className}' has no @Tool record in the metadata storage (was getMetadataStorage().clear() called after it was declared?).`);
  }
  throw new DecoratorUsageError(
    `'${className}' holds ${tools.length} tools (${tools.map((t) => t.name).join(', ')}), and a registry takes one at a time. ` +
      `Register each of toolsOfInstance(instance), or scan the instance with a ToolContainer.`,
  );
}
