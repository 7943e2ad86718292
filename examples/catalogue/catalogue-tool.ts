import { BaseTool, CostTier, ToolResult, type JsonSchema, type ToolCallContext, type ToolMetadataInput } from '@victor-tools/core';
import type { CostTierLike } from '@victor-tools/core/framework';

/** A parameter of a catalogue tool: a JSON Schema plus whether it is required. */
export type ParamSpec = Omit<JsonSchema, 'required'> & { required?: boolean };

/** How a catalogue tool is declared: the data a tool author writes. */
export interface CatalogueToolSpec {
  name: string;
  description: string;
  params?: Record<string, ParamSpec>;
  costTier?: CostTierLike;
  aliases?: string[];
  /** Omitted: the metadata is generated from name, description and parameters. */
  metadata?: ToolMetadataInput;
}

/**
 * A tool of the example catalogue. The catalogue describes a realistic
 * coding-agent tool set for search, selection and schema export; running a
 * catalogue tool performs no side effect and answers with the call it would
 * make (a dry run), so the catalogue is safe to serve in demos.
 */
export class CatalogueTool extends BaseTool {
  private readonly schema: JsonSchema;

  constructor(private readonly spec: CatalogueToolSpec) {
    super();
    this.schema = buildSchema(spec.params ?? {});
  }

  get name(): string {
    return this.spec.name;
  }

  get description(): string {
    return this.spec.description;
  }

  get parameters(): JsonSchema {
    return this.schema;
  }

  override get costTier(): CostTier {
    return CostTier.from(this.spec.costTier ?? CostTier.FREE);
  }

  override get aliases(): readonly string[] {
    return this.spec.aliases ?? [];
  }

  override get metadata(): ToolMetadataInput | undefined {
    return this.spec.metadata;
  }

  async execute(ctx: ToolCallContext, args: Record<string, unknown>): Promise<ToolResult> {
    return ToolResult.ok({ dryRun: true, tool: ctx.toolName ?? this.name, args });
  }
}

function buildSchema(params: Record<string, ParamSpec>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, { required: isRequired, ...schema }] of Object.entries(params)) {
    properties[name] = schema;
    if (isRequired) required.push(name);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

/** Builds a catalogue tool from its declaration. */
export function catalogueTool(spec: CatalogueToolSpec): CatalogueTool {
  return new CatalogueTool(spec);
}
