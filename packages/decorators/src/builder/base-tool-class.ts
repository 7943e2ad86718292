import { BaseTool, CostTier, ToolResult, type JsonSchema, type ToolCallContext, type ToolMetadataInput, type ToolValidationResult } from '@victor-tools/core';
import { BASE_TOOL_BRAND } from '@victor-tools/core/internal';
import type { ToolOptions } from '../options';
import { prepareArguments, withClassValidation } from './arguments';
import { metadataFromOptions } from './declaration';
import { classLabel, defaultClassToolName } from './names';
import { buildParams, type BuiltParams } from './params-schema';

/** Marks a prototype whose getters only stand in for `@Tool` options (`DecoratedTool.prototype`). */
export const DECLARED_GETTERS = Symbol.for('victor-tools.decorators.declared-getters');

type ToolConstructor = abstract new (...args: never[]) => BaseTool;

/** Whether a prototype between `prototype` and `BaseTool` defines `member` itself. */
function definesOwn(prototype: object, member: string): boolean {
  for (let p: object | null = prototype; p !== null; p = Object.getPrototypeOf(p)) {
    if (Object.prototype.hasOwnProperty.call(p, BASE_TOOL_BRAND) || Object.prototype.hasOwnProperty.call(p, DECLARED_GETTERS)) return false;
    if (Object.prototype.hasOwnProperty.call(p, member)) return true;
  }
  return false;
}

/**
 * The class that a `@Tool`-decorated `BaseTool` subclass becomes: the same
 * class with the given options answering the getters (a getter the class
 * defines itself answers what the options leave out), and `execute`
 * receiving an instance of the params class. It stays a `BaseTool`.
 */
export function declareBaseToolClass<C extends Function>(target: C, options: ToolOptions): C {
  const Base = target as unknown as ToolConstructor;
  const own = (member: string): boolean => definesOwn(target.prototype as object, member);
  let built: BuiltParams | undefined;
  const params = (): BuiltParams => (built ??= buildParams(options.params));
  const metadata = metadataFromOptions(options);
  // The user's own members, read past the declared ones (BaseTool's are abstract to the compiler).
  const inherited = <T>(self: object, member: string): T => Reflect.get(target.prototype as object, member, self) as T;

  abstract class Declared extends Base {
    get name(): string {
      return options.name ?? (own('name') ? inherited<string>(this, 'name') : defaultClassToolName(classLabel(target)));
    }

    get description(): string {
      return options.description ?? inherited<string>(this, 'description');
    }

    get parameters(): JsonSchema {
      if (options.params !== undefined || !own('parameters')) return params().schema;
      return inherited<JsonSchema>(this, 'parameters');
    }

    override get costTier(): CostTier {
      return options.costTier !== undefined ? CostTier.from(options.costTier) : super.costTier;
    }

    override get isIdempotent(): boolean {
      return options.isIdempotent ?? super.isIdempotent;
    }

    override get metadata(): ToolMetadataInput | undefined {
      return metadata ?? super.metadata;
    }

    override get aliases(): readonly string[] {
      return options.aliases ?? super.aliases;
    }

    override get timeoutMs(): number | undefined {
      return options.timeoutMs ?? super.timeoutMs;
    }

    override validateParameters(args: unknown): boolean {
      return this.validateParametersDetailed(args).valid;
    }

    override validateParametersDetailed(args: unknown): ToolValidationResult {
      return withClassValidation(params(), args, super.validateParametersDetailed(args));
    }

    override async execute(ctx: ToolCallContext, args: Record<string, unknown>): Promise<ToolResult> {
      const prepared = prepareArguments(this.name, params(), args);
      if (prepared instanceof ToolResult) return prepared;
      return inherited<BaseTool['execute']>(this, 'execute').call(this, ctx, prepared as Record<string, unknown>);
    }
  }
  // Keep the user's class name for messages, stack traces and default tool names.
  Object.defineProperty(Declared, 'name', { value: classLabel(target) });
  // Only a declared check overrides `isAvailable` (otherwise the class's own, or
  // BaseTool's, which the registry then knows it never has to poll).
  const check = options.availabilityCheck;
  if (check !== undefined) {
    Object.defineProperty(Declared.prototype, 'isAvailable', {
      value: function isAvailable(this: BaseTool): boolean {
        return check.call(this);
      },
      writable: true,
      configurable: true,
    });
  }
  return Declared as unknown as C;
}
