import { CostTier, SchemaLevel, type SchemaLevelLike } from './enums';
import type { ToolMetadataInput } from './tool-metadata';
import { ToolResult, ToolValidationResult } from './results';
import { renderSchema } from './schema/render-schema';
import { readSchemaInput, runStandardValidation, type SchemaForms, type SchemaInput } from './schema-input';
import type { JsonSchema, ToolJSONSchema } from './json-schema';
import type { ToolCallContext } from './context';
import { validateArguments } from './validation';

/** Brand on `BaseTool.prototype`, so a tool from another copy of core is still recognized (`isBaseTool`). */
export const BASE_TOOL_BRAND: unique symbol = Symbol.for('victor-tools.BaseTool') as never;

/**
 * The base of every tool. Subclasses give `name`, `description`,
 * `parameters` (a JSON Schema, a TypeBox schema of either line, or a Standard
 * Schema that produces JSON Schema, such as zod 4's) and `execute`;
 * everything else has a default.
 *
 * @example
 * ```ts
 * import { readFile } from 'node:fs/promises';
 * import { BaseTool, ToolRegistry, ToolResult, type ToolCallContext } from '@victor-tools/core';
 *
 * class ReadFile extends BaseTool<{ path: string }> {
 *   get name() { return 'read_file'; }
 *   get description() { return 'Read a text file.'; }
 *   get parameters() { return { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }; }
 *   async execute(ctx: ToolCallContext, args: { path: string }) {
 *     return ToolResult.ok(await readFile(args.path, 'utf8'));
 *   }
 * }
 *
 * const registry = new ToolRegistry().register(new ReadFile());
 * const result = await registry.execute('read_file', {});
 * console.log(result.error); // prints: Invalid parameters for tool 'read_file': Required parameter 'path' is missing
 * ```
 */
export abstract class BaseTool<TArgs = Record<string, unknown>, TParameters extends SchemaInput = JsonSchema> {
  /** The name models call the tool by. */
  abstract get name(): string;
  /** What the tool does, for the model. */
  abstract get description(): string;
  /**
   * The schema of the arguments (an object schema): a JSON Schema (TypeBox
   * schemas are JSON Schemas), or, declared as the second type argument
   * (`extends BaseTool<z.output<typeof Params>, typeof Params>`), a Standard
   * Schema whose library produces JSON Schema (zod 4, arktype, valibot
   * through `toStandardJsonSchema`). Its JSON Schema form is what
   * `toJSONSchema()` shows and what the tools of a registry
   * (`registry.get(name).parameters`) answer.
   */
  abstract get parameters(): TParameters;

  /** Runs the tool; the registry validates `args` first. */
  abstract execute(ctx: ToolCallContext, args: TArgs): Promise<ToolResult>;

  /** How expensive a call is. */
  get costTier(): CostTier {
    return CostTier.FREE;
  }

  /** Whether repeating a call with the same arguments changes nothing. */
  get isIdempotent(): boolean {
    return false;
  }

  /** Explicit metadata; `undefined` lets it be generated from the tool itself. */
  get metadata(): ToolMetadataInput | undefined {
    return undefined;
  }

  /** Other names the tool answers to. */
  get aliases(): readonly string[] {
    return [];
  }

  /**
   * The schema of the tool's output, an object schema in any form
   * `parameters` takes (JSON Schema, TypeBox, a Standard Schema such as zod);
   * `undefined` (the default) declares none. When declared, a
   * successful call's output is checked against it (a tool that breaks it
   * gets a failed result), and MCP clients get it as the tool's
   * `outputSchema` and the output as `structuredContent`.
   */
  get outputSchema(): SchemaInput | undefined {
    return undefined;
  }

  /** Per-tool timeout; `undefined` takes the registry's default. */
  get timeoutMs(): number | undefined {
    return undefined;
  }

  /** Whether the tool can be offered now (a binary installed, a key set...). */
  isAvailable(): boolean {
    return true;
  }

  /** Whether `args` satisfy the parameters schema. */
  validateParameters(args: unknown): boolean {
    return this.validateParametersDetailed(args).valid;
  }

  /**
   * Every problem with `args`, each in a message a model can act on
   * (`Required parameter 'path' is missing`): the JSON Schema's, then, for a
   * Standard Schema, its library's own (refinements) when it answers at once
   * (a check that needs a promise is left to the registry, which waits for it).
   */
  validateParametersDetailed(args: unknown): ToolValidationResult {
    const forms = parameterForms(this);
    const { result, value } = validateArguments(forms.jsonSchema, args);
    if (!result.valid || forms.standard === undefined) return result;
    const outcome = runStandardValidation(forms.standard, value, {});
    return outcome instanceof Promise || !('failure' in outcome) ? result : outcome.failure;
  }

  /** The OpenAI chat function schema, with the parameters as their JSON Schema (the object itself when it is one). */
  toJSONSchema(): ToolJSONSchema {
    return {
      type: 'function',
      function: { name: this.name, description: this.description, parameters: parameterForms(this).jsonSchema },
    };
  }

  /** The schema at a verbosity level: FULL (all), COMPACT or STUB. */
  toSchema(level: SchemaLevelLike = SchemaLevel.FULL): ToolJSONSchema {
    return renderSchema(this.toJSONSchema(), SchemaLevel.from(level));
  }
}

Object.defineProperty(BaseTool.prototype, BASE_TOOL_BRAND, { value: true });

/**
 * Any tool, whatever its parameters are written in: what functions that read
 * tools take, and the type for a list of tools of mixed kinds
 * (`const tools: AnyTool[] = [zodTool, jsonSchemaTool]`). `BaseTool` alone
 * means a tool with JSON Schema parameters, so a tool declared with zod is not
 * one in its type. Its `execute` is not callable through this type: run tools
 * with `registry.execute`.
 */
export type AnyTool = BaseTool<never, SchemaInput>;

/** The JSON Schema and Standard Schema of a tool's parameters (converted once per schema object). */
function parameterForms(tool: BaseTool<unknown, SchemaInput>): SchemaForms {
  return readSchemaInput(tool.parameters, { owner: () => `Tool '${tool.name}'` });
}
