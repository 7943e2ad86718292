import { CostTier, SchemaLevel, type SchemaLevelLike } from './enums';
import type { ToolMetadataInput } from './tool-metadata';
import { ToolResult, ToolValidationResult } from './results';
import { renderSchema } from './schema';
import { BASE_TOOL_BRAND } from './tool-protocol';
import type { JsonSchema, ToolCallContext, ToolJSONSchema } from './types';
import { validateArguments } from './validation';

/**
 * The base of every tool. Subclasses give `name`, `description`,
 * `parameters` (a JSON Schema or TypeBox schema) and `execute`; everything
 * else has a default.
 *
 * @example
 * ```ts
 * class ReadFile extends BaseTool {
 *   get name() { return 'read_file'; }
 *   get description() { return 'Read a text file.'; }
 *   get parameters() { return { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }; }
 *   async execute(ctx: ToolCallContext, args: { path: string }) {
 *     return ToolResult.ok(await fs.readFile(args.path, 'utf8'));
 *   }
 * }
 * ```
 */
export abstract class BaseTool<TArgs = Record<string, unknown>> {
  /** The name models call the tool by. */
  abstract get name(): string;
  /** What the tool does, for the model. */
  abstract get description(): string;
  /** The JSON Schema of the arguments (an object schema). */
  abstract get parameters(): JsonSchema;

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
   * The JSON Schema (or TypeBox schema) of the tool's output, an object
   * schema; `undefined` (the default) declares none. When declared, a
   * successful call's output is checked against it (a tool that breaks it
   * gets a failed result), and MCP clients get it as the tool's
   * `outputSchema` and the output as `structuredContent`.
   */
  get outputSchema(): JsonSchema | undefined {
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
    return validateArguments(this.parameters, args).result.valid;
  }

  /** Every problem with `args`, each in a message a model can act on (`Required parameter 'path' is missing`). */
  validateParametersDetailed(args: unknown): ToolValidationResult {
    return validateArguments(this.parameters, args).result;
  }

  /** The OpenAI chat function schema, unchanged. */
  toJSONSchema(): ToolJSONSchema {
    return {
      type: 'function',
      function: { name: this.name, description: this.description, parameters: this.parameters },
    };
  }

  /** The schema at a verbosity level: FULL (all), COMPACT or STUB. */
  toSchema(level: SchemaLevelLike = SchemaLevel.FULL): ToolJSONSchema {
    return renderSchema(this.toJSONSchema(), SchemaLevel.from(level));
  }
}

Object.defineProperty(BaseTool.prototype, BASE_TOOL_BRAND, { value: true });
