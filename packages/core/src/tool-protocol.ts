import { BASE_TOOL_BRAND, type AnyTool, type BaseTool } from './base-tool';

/**
 * The protocol by which core recognizes tools it does not define: an object
 * with a method under this key returns the `BaseTool` that stands for it.
 * `@victor-tools/decorators` implements it on `@Tool` class instances and
 * function tools, so core never imports upward. `Symbol.for` keeps the key
 * the same across copies of the package.
 */
export const TOOL_PROTOCOL: unique symbol = Symbol.for('victor-tools.tool') as never;

/** An object that can hand the registry a `BaseTool` for itself. */
export interface ToolProvider {
  [TOOL_PROTOCOL](): AnyTool;
}

/** Whether `value` is a `BaseTool` (of this or another copy of the package). */
export function isBaseTool(value: unknown): value is BaseTool {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    (value as Record<symbol, unknown>)[BASE_TOOL_BRAND] === true
  );
}

/** Whether `value` implements the tool protocol. */
export function isToolProvider(value: unknown): value is ToolProvider {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as Record<symbol, unknown>)[TOOL_PROTOCOL] === 'function'
  );
}

/** A tool in a form core can see in its type: a `BaseTool` or a tool-protocol object. */
export type ToolLike = AnyTool | ToolProvider;

/**
 * What `registry.register` accepts: a `ToolLike`, or any object, because an
 * instance of a `@Tool` class implements the tool protocol at run time while
 * TypeScript cannot see what a decorator added to a class. Anything that turns
 * out not to be a tool is a `TypeError` at registration.
 */
export type RegistrableTool = ToolLike | object;

/** The `BaseTool` behind a tool-like value, or `undefined` when it is none. */
export function resolveTool(value: unknown): BaseTool | undefined {
  if (isBaseTool(value)) return value;
  if (isToolProvider(value)) {
    const tool = value[TOOL_PROTOCOL]();
    return isBaseTool(tool) ? tool : undefined;
  }
  return undefined;
}
