import type { JsonSchema, ToolMetadata } from '@victor-tools/core';

/** What a field reads of a tool. */
export interface FieldSource {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly description: string;
  readonly parameters: JsonSchema | undefined;
  readonly metadata: ToolMetadata;
}

/** A searchable part of a tool; its weight and length normalization are in `RankingParameters`. */
export interface SearchField {
  readonly label: string;
  readonly text: (tool: FieldSource) => string;
}

// Only the top level of a schema is read: the names and descriptions a model sees first.
function parameterText(parameters: JsonSchema | undefined): string {
  const properties = parameters?.properties;
  if (properties === null || typeof properties !== 'object') return '';
  const parts: string[] = [];
  for (const [name, schema] of Object.entries(properties as Record<string, unknown>)) {
    parts.push(name);
    const description = (schema as { description?: unknown } | null)?.description;
    if (typeof description === 'string') parts.push(description);
  }
  return parts.join(' . ');
}

/**
 * The fields `search` ranks over. At most 8 fields: a match's fields are kept
 * as a bit mask in one byte.
 */
export const SEARCH_FIELDS: readonly SearchField[] = [
  { label: 'name', text: (t) => [t.name, ...t.aliases].join(' ') },
  { label: 'keywords', text: (t) => [...t.metadata.keywords, ...t.metadata.mandatoryKeywords].join(' ') },
  { label: 'category', text: (t) => t.metadata.category },
  { label: 'description', text: (t) => t.description },
  { label: 'use cases', text: (t) => t.metadata.useCases.join(' . ') },
  { label: 'examples', text: (t) => t.metadata.examples.join(' . ') },
  { label: 'parameters', text: (t) => parameterText(t.parameters) },
];
