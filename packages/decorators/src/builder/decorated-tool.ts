import { BaseTool, type JsonSchema, type SchemaInput } from '@victor-tools/core';
import { DecoratorUsageError } from '../errors/decorator-usage-error';
import { classLabel } from './names';
import { DECLARED_GETTERS } from './base-tool-class';

function undecorated(tool: object, member: string): never {
  const name = classLabel(tool.constructor);
  throw new DecoratorUsageError(
    `'${name}' extends DecoratedTool but has no @Tool decorator, so it has no ${member}. Add @Tool({ description: '...' }) to class '${name}'.`,
  );
}

/**
 * A `BaseTool` whose name, description and parameters come from `@Tool`:
 * extend it (instead of `BaseTool`) so TypeScript does not ask for the
 * getters, and write only `execute`.
 *
 * `parameters` holds what `params` was: the JSON Schema built from a `@Param`
 * class, the JSON Schema or TypeBox schema itself, or the Standard Schema
 * (zod...) itself. With a Standard Schema, declare it as the second type
 * argument, as `BaseTool` takes it: `extends DecoratedTool<z.output<typeof
 * Params>, typeof Params>` (the default, `JsonSchema`, is the type for the other forms).
 *
 * @example
 * ```ts
 * import { ToolRegistry, ToolResult, type ToolCallContext } from '@victor-tools/core';
 * import { DecoratedTool, Param, Tool } from '@victor-tools/decorators';
 *
 * class GreetParams {
 *   @Param({ type: 'string', description: 'Who to greet' }) who!: string;
 * }
 *
 * @Tool({ name: 'greet', description: 'Greet someone.', params: GreetParams })
 * class Greet extends DecoratedTool<GreetParams> {
 *   async execute(ctx: ToolCallContext, args: GreetParams) { return ToolResult.ok(`Hello ${args.who}`); }
 * }
 *
 * const registry = new ToolRegistry().register(new Greet());
 * console.log((await registry.execute('greet', { who: 'Ada' })).output); // prints: Hello Ada
 * ```
 */
export abstract class DecoratedTool<TArgs = Record<string, unknown>, TParameters extends SchemaInput = JsonSchema> extends BaseTool<TArgs, TParameters> {
  get name(): string {
    return undecorated(this, 'name');
  }

  get description(): string {
    return undecorated(this, 'description');
  }

  get parameters(): TParameters {
    return undecorated(this, 'parameters');
  }
}

Object.defineProperty(DecoratedTool.prototype, DECLARED_GETTERS, { value: true });
