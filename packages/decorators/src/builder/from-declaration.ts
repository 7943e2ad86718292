import {
  BaseTool,
  toToolResult,
  type CostTier,
  type SchemaInput,
  type ToolCallContext,
  type ToolMetadataInput,
  type ToolResult,
  type ToolValidationResult,
} from '@victor-tools/core';
import type { ToolFunction } from '../options';
import { prepareArguments, withClassValidation } from './arguments';
import type { ToolDeclaration } from './declaration';

/** A class of tools, abstract or not: `BaseTool` itself, or a user's subclass (`any[]`: what TypeScript requires of a mixin's base). */
export type ToolClass = abstract new (...args: any[]) => BaseTool<any, any>;

/** Where a class made by `answeringFromDeclaration` finds, for one of its tools, what was declared and the code to run. */
export interface DeclarationSource {
  /** What was declared for `tool`. */
  declarationOf(tool: BaseTool<any, any>): ToolDeclaration;
  /** Runs the user's code with the prepared arguments and returns what it returned. */
  run(tool: BaseTool<any, any>, args: unknown, ctx: ToolCallContext): unknown;
}

/**
 * The one implementation of a declared tool, behind `tool()` functions,
 * `@Tool` classes and toolbox methods (`FunctionBackedTool`) and `@Tool` `BaseTool`
 * subclasses (`decorateBaseToolClass`): a subclass of `Base` whose getters
 * answer from the declaration, whose validation adds class-validator's, and
 * whose `execute` hands the user's code prepared arguments and answers what
 * it returned by core's `toToolResult`, the rule the registry applies to every
 * tool. `isAvailable` is left alone: the registry polls only a tool that
 * overrides it, so only a declared `availabilityCheck` does (see `availableBy`).
 */
export function answeringFromDeclaration<B extends ToolClass>(Base: B, source: DeclarationSource) {
  const { declarationOf, run } = source;

  abstract class Declared extends Base {
    get name(): string {
      return declarationOf(this).name;
    }

    get description(): string {
      return declarationOf(this).description;
    }

    get parameters(): SchemaInput {
      return declarationOf(this).params.schema;
    }

    override get costTier(): CostTier {
      return declarationOf(this).costTier;
    }

    override get isIdempotent(): boolean {
      return declarationOf(this).isIdempotent;
    }

    override get metadata(): ToolMetadataInput | undefined {
      return declarationOf(this).metadata;
    }

    override get aliases(): readonly string[] {
      return declarationOf(this).aliases;
    }

    override get timeoutMs(): number | undefined {
      return declarationOf(this).timeoutMs;
    }

    override get outputSchema(): SchemaInput | undefined {
      return declarationOf(this).outputSchema;
    }

    override validateParameters(args: unknown): boolean {
      return this.validateParametersDetailed(args).valid;
    }

    override validateParametersDetailed(args: unknown): ToolValidationResult {
      return withClassValidation(declarationOf(this).params, args, super.validateParametersDetailed(args));
    }

    async execute(ctx: ToolCallContext, args: unknown): Promise<ToolResult> {
      const declaration = declarationOf(this);
      const prepared = prepareArguments(declaration.name, declaration.params, args);
      if ('refusal' in prepared) return prepared.refusal;
      return toToolResult(await run(this, prepared.args, ctx));
    }
  }
  return Declared;
}

/** An `isAvailable` that asks a declared `availabilityCheck`, with `thisOf(tool)` as `this`. */
export function availableBy(check: () => boolean, thisOf: (tool: BaseTool) => object): (this: BaseTool) => boolean {
  return function isAvailable(this: BaseTool): boolean {
    return check.call(thisOf(this));
  };
}

/** What a `FunctionBackedTool` holds; read by the shared implementation above. */
interface FunctionBackedToolParts {
  readonly declaration: ToolDeclaration;
  readonly fn: ToolFunction<never>;
}

const FunctionBackedToolBase = answeringFromDeclaration(BaseTool, {
  declarationOf: (tool) => (tool as unknown as FunctionBackedToolParts).declaration,
  run: (tool, args, ctx) => (tool as unknown as FunctionBackedToolParts).fn(args as never, ctx),
});

/**
 * The `BaseTool` of a declaration and a function: it stands for a `tool()`
 * function, a plain `@Tool` class instance (its `execute`) or a toolbox
 * method. Every getter answers from the declaration, and `execute` calls
 * `fn(args, ctx)` (args first, as those are written).
 */
export class FunctionBackedTool extends FunctionBackedToolBase implements FunctionBackedToolParts {
  constructor(
    /** What the decorator or `tool()` declared. */
    readonly declaration: ToolDeclaration,
    /** The user's function, or a method bound to its instance. */
    readonly fn: ToolFunction<never>,
    /** `this` of `availabilityCheck`: the decorated instance (default: the tool). */
    owner?: object,
  ) {
    super();
    const check = declaration.availabilityCheck;
    if (check !== undefined) this.isAvailable = availableBy(check, (tool) => owner ?? tool);
  }
}
