import { BaseTool, type JsonSchema } from '@victor-tools/core';
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
export abstract class DecoratedTool<TArgs = Record<string, unknown>> extends BaseTool<TArgs> {
  get name(): string {
    return undecorated(this, 'name');
  }

  get description(): string {
    return undecorated(this, 'description');
  }

  get parameters(): JsonSchema {
    return undecorated(this, 'parameters');
  }
}

Object.defineProperty(DecoratedTool.prototype, DECLARED_GETTERS, { value: true });
