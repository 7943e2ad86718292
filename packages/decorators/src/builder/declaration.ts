import { CostTier, type JsonSchema, type SchemaInput, type ToolMetadataInput } from '@victor-tools/core';
import { MissingDescriptionError } from '../errors/missing-description-error';
import type { ToolCommonOptions, ToolMetadataOptions } from '../options';
import type { BuiltParams } from './params-schema';

/** Everything a built tool answers with, read from its options once. */
export interface ToolDeclaration {
  /** Who declared it, for messages: `FindFiles`, `TextTools.wordCount`, `tool 'greet'`. */
  readonly owner: string;
  readonly name: string;
  readonly description: string;
  readonly aliases: readonly string[];
  readonly costTier: CostTier;
  readonly isIdempotent: boolean;
  readonly timeoutMs: number | undefined;
  readonly outputSchema: SchemaInput | undefined;
  readonly metadata: ToolMetadataInput | undefined;
  readonly params: BuiltParams;
  readonly availabilityCheck: (() => boolean) | undefined;
}

/** The metadata options of `@Tool` and `tool()`: fields of `ToolMetadata`. */
export const METADATA_KEYS = [
  'category',
  'keywords',
  'useCases',
  'examples',
  'priorityHints',
  'priority',
  'accessMode',
  'dangerLevel',
  'stages',
  'taskTypes',
  'mandatoryKeywords',
  'progressParams',
  'executionCategory',
  'requiredScopes',
] as const satisfies readonly (keyof ToolMetadataOptions)[];

/**
 * The metadata declared by the options: only the given fields (an undeclared
 * access mode must stay undeclared for the mode policy), or `undefined` when
 * none is given so that the metadata registry generates it.
 */
export function metadataFromOptions(options: ToolMetadataOptions): ToolMetadataInput | undefined {
  const metadata: Record<string, unknown> = { ...options.metadata };
  for (const key of METADATA_KEYS) if (options[key] !== undefined) metadata[key] = options[key];
  return Object.keys(metadata).length > 0 ? (metadata as ToolMetadataInput) : undefined;
}

/** Throws when the options lack a description. */
export function requireDescription(options: ToolCommonOptions, owner: string, door: '@Tool' | 'tool()' = '@Tool'): string {
  if (typeof options.description !== 'string' || options.description.trim() === '') throw new MissingDescriptionError(owner, door);
  return options.description;
}

/** Reads `options` into a declaration, with the parameters the caller built from them. */
export function buildDeclaration(options: ToolCommonOptions, owner: string, defaultName: string, params: BuiltParams): ToolDeclaration {
  return {
    owner,
    name: options.name ?? defaultName,
    description: requireDescription(options, owner),
    aliases: [...(options.aliases ?? [])],
    costTier: CostTier.from(options.costTier ?? CostTier.FREE),
    isIdempotent: options.isIdempotent ?? false,
    timeoutMs: options.timeoutMs,
    outputSchema: options.outputSchema,
    metadata: metadataFromOptions(options),
    params,
    availabilityCheck: options.availabilityCheck,
  };
}
