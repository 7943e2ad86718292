import type { BaseTool, JsonSchema, SchemaInput } from '@victor-tools/core';
import { describeValue, generatorProblem } from '@victor-tools/core/internal';
import { FunctionBackedTool } from './builder/from-declaration';
import { snakeCase } from './builder/names';
import { globalToolBuilder } from './builder/tool-builder';
import { DecoratorUsageError } from './errors/decorator-usage-error';
import { checkToolOptions } from './builder/check-options';
import { requireDescription } from './builder/declaration';
import type { ToolCommonOptions, ToolFunction } from './options';
import type { InferArgs, ParametersOf } from './schema-types';

/**
 * Options of `tool(options, fn)`: those of `@Tool`, with `parameters` as a JSON
 * Schema, a TypeBox schema (0.34 or 1.x) or a Standard Schema that produces
 * JSON Schema (zod 4, arktype, valibot through `toStandardJsonSchema`).
 * `name` and `description` are required.
 */
export interface FunctionToolOptions<P extends SchemaInput = JsonSchema> extends ToolCommonOptions {
  /** The name models call the tool by: a letter or '_', then letters, digits, '_' and '-', at most 64 characters. */
  name: string;
  /** What the tool does, for the model. */
  description: string;
  /** The parameters: an object schema (JSON Schema, TypeBox, or a Standard Schema such as zod's `z.object`). */
  parameters?: P;
}

/**
 * Makes a tool of a plain (sync or async) function, called `fn(args, ctx)`:
 * the arguments first, the context (optional to use) second. The argument type is
 * inferred from `parameters` (`InferArgs`): a Standard Schema's output type,
 * TypeBox's `Static`; `Record<string, unknown>` for a plain JSON Schema. A
 * Standard Schema's own validation (refinements) runs after the JSON Schema's,
 * and the function receives its output (transforms applied). What the function
 * returns becomes the result by core's `toToolResult`, the registry's rule
 * for every tool: a `ToolResult` passes through (a failed one too), an object
 * of only `success`, `output`, `error` and `metadata` is that result, any other
 * value is `ToolResult.ok(value)`; a thrown error becomes a failed result in the registry.
 *
 * Refused here, each with a `DecoratorUsageError` naming the right form: an
 * unknown option, an option as the reference (Python) spells it
 * (`access_mode`: write `accessMode`), `params` (`@Tool`'s name; here it is
 * `parameters`), and a generator function (a call answers once).
 *
 * @example
 * ```ts
 * import { Type } from '@sinclair/typebox';
 * import { ToolRegistry } from '@victor-tools/core';
 * import { tool } from '@victor-tools/decorators';
 *
 * const greet = tool(
 *   { name: 'greet', description: 'Greet someone.', parameters: Type.Object({ who: Type.String() }) },
 *   ({ who }) => `Hello ${who}`, // who: string, from the schema
 * );
 *
 * const registry = new ToolRegistry().register(greet);
 * console.log((await registry.execute('greet', { who: 'Ada' })).output); // prints: Hello Ada
 * ```
 */
export function tool<S extends SchemaInput>(options: FunctionToolOptions<S> & { parameters: S }, fn: ToolFunction<InferArgs<S>>): BaseTool<InferArgs<S>, ParametersOf<S>>;
export function tool(options: FunctionToolOptions<JsonSchema>, fn: ToolFunction<Record<string, unknown>>): BaseTool;
export function tool(options: FunctionToolOptions<SchemaInput>, fn: ToolFunction<never>): BaseTool<never, SchemaInput> {
  const named = options !== null && typeof options === 'object' && typeof options.name === 'string' ? options.name : undefined;
  if (typeof fn !== 'function') {
    throw new DecoratorUsageError(`tool '${named ?? '<anonymous>'}' needs a function as its second argument, got ${describeValue(fn)}.`);
  }
  const defaultName = snakeCase(fn.name);
  const owner = `tool '${named ?? (defaultName || '<anonymous>')}'`;
  checkToolOptions(options, 'tool()', owner);
  if (!options.name && !defaultName) {
    throw new DecoratorUsageError(`tool() got an anonymous function and no name. Give one, e.g. tool({ name: 'my_tool', description: '...' }, fn).`);
  }
  requireDescription(options, options.name || defaultName, 'tool()');
  const generator = generatorProblem(fn, `${owner}'s function`);
  if (generator !== undefined) throw new DecoratorUsageError(`${generator}.`);
  return new FunctionBackedTool(globalToolBuilder().declaration(options, owner, defaultName, options.parameters), fn);
}
