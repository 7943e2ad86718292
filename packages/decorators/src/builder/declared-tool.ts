import { BaseTool, ToolResult, type CostTier, type JsonSchema, type ToolCallContext, type ToolMetadataInput, type ToolValidationResult } from '@victor-tools/core';
import { prepareArguments, toToolResult, withClassValidation } from './arguments';
import type { ToolDeclaration } from './declaration';

/** What a declared tool runs: `(args, ctx)`, args first as in `@Tool` classes and `tool()` functions. */
export type ToolInvoker<TArgs> = (args: TArgs, ctx: ToolCallContext) => unknown;

/**
 * The `BaseTool` that stands for a plain `@Tool` class instance, a toolbox
 * method or a `tool()` function: every getter answers from the declaration.
 */
export class DeclaredTool<TArgs = Record<string, unknown>> extends BaseTool<TArgs> {
  constructor(
    /** What the decorator or `tool()` declared. */
    readonly declaration: ToolDeclaration,
    private readonly invoke: ToolInvoker<TArgs>,
    /** `this` of `availabilityCheck`: the decorated instance. */
    private readonly owner?: object,
  ) {
    super();
    // Only a declared check overrides BaseTool's `isAvailable`: the registry
    // never polls a tool that keeps BaseTool's own (always true).
    const check = declaration.availabilityCheck;
    if (check !== undefined) this.isAvailable = () => check.call(this.owner ?? this);
  }

  get name(): string {
    return this.declaration.name;
  }

  get description(): string {
    return this.declaration.description;
  }

  get parameters(): JsonSchema {
    return this.declaration.params.schema;
  }

  override get costTier(): CostTier {
    return this.declaration.costTier;
  }

  override get isIdempotent(): boolean {
    return this.declaration.isIdempotent;
  }

  override get metadata(): ToolMetadataInput | undefined {
    return this.declaration.metadata;
  }

  override get aliases(): readonly string[] {
    return this.declaration.aliases;
  }

  override get timeoutMs(): number | undefined {
    return this.declaration.timeoutMs;
  }

  override validateParameters(args: unknown): boolean {
    return this.validateParametersDetailed(args).valid;
  }

  override validateParametersDetailed(args: unknown): ToolValidationResult {
    return withClassValidation(this.declaration.params, args, super.validateParametersDetailed(args));
  }

  async execute(ctx: ToolCallContext, args: TArgs): Promise<ToolResult> {
    const prepared = prepareArguments(this.name, this.declaration.params, args);
    if (prepared instanceof ToolResult) return prepared;
    return toToolResult(await this.invoke(prepared as TArgs, ctx));
  }
}
