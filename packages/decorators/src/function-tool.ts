import type { Static, TSchema } from '@sinclair/typebox';
import type { JsonSchema, ToolCallContext } from '@victor-tools/core';
import { buildDeclaration } from './builder/declaration';
import { DeclaredTool } from './builder/declared-tool';
import { snakeCase } from './builder/names';
import { DecoratorUsageError } from './errors/decorator-usage-error';
import type { ToolCommonOptions } from './options';

/** Options of `tool(options, fn)`: those of `@Tool`, with `parameters` as a TypeBox or JSON Schema. */
export interface FunctionToolOptions<P extends TSchema | JsonSchema = JsonSchema> extends ToolCommonOptions {
  parameters?: P;
}

/** The function of a function tool: `(args, ctx)`, sync or async; its return value becomes the result. */
export type ToolFunction<TArgs> = (args: TArgs, ctx: ToolCallContext) => unknown;

/** The `BaseTool` that `tool()` returns. */
export class FunctionTool<TArgs = Record<string, unknown>> extends DeclaredTool<TArgs> {}

/**
 * Makes a tool of a plain (sync or async) function. With a TypeBox schema as
 * `parameters`, the argument type is inferred from it. A returned
 * `ToolResult` passes through (a failed one too); any other value becomes
 * `ToolResult.ok(value)`; a thrown error becomes a failed result in the registry.
 *
 * @example
 * ```ts
 * const greet = tool(
 *   { description: 'Greet someone.', parameters: Type.Object({ who: Type.String() }) },
 *   ({ who }) => `Hello ${who}`,
 * );
 * ```
 */
export function tool<S extends TSchema>(options: FunctionToolOptions<S> & { parameters: S }, fn: ToolFunction<Static<S>>): FunctionTool<Static<S>>;
export function tool(options: FunctionToolOptions<JsonSchema>, fn: ToolFunction<Record<string, unknown>>): FunctionTool;
export function tool(options: FunctionToolOptions<TSchema | JsonSchema>, fn: ToolFunction<never>): FunctionTool<unknown> {
  if (typeof fn !== 'function') {
    throw new DecoratorUsageError(`tool '${options.name ?? '<anonymous>'}' needs a function as its second argument, got ${typeof fn}.`);
  }
  const defaultName = snakeCase(fn.name);
  const owner = `tool '${options.name ?? (defaultName || '<anonymous>')}'`;
  if (!options.name && !defaultName) {
    throw new DecoratorUsageError(`tool() got an anonymous function and no name. Give one, e.g. tool({ name: 'my_tool', description: '...' }, fn).`);
  }
  const declaration = buildDeclaration({ ...options, parameters: options.parameters as JsonSchema | undefined }, owner, defaultName);
  return new FunctionTool<unknown>(declaration, fn as ToolFunction<unknown>);
}
