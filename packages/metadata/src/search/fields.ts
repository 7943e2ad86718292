import type { ToolMetadata } from '@victor-tools/core';

/** A searchable part of a tool, with its BM25F weight and length normalization. */
export interface SearchField {
  readonly label: string;
  readonly boost: number;
  /** BM25 `b`: how much a long field is discounted. */
  readonly b: number;
  readonly text: (name: string, aliases: readonly string[], description: string, metadata: ToolMetadata) => string;
}

/**
 * The fields `search` ranks over. The name weighs most (a tool author picks it
 * with care), keywords next, prose least. At most 8 fields: a match's fields
 * are kept as a bit mask in one byte.
 */
export const SEARCH_FIELDS: readonly SearchField[] = [
  { label: 'name', boost: 3, b: 0.3, text: (name, aliases) => [name, ...aliases].join(' ') },
  { label: 'keywords', boost: 2, b: 0.5, text: (_n, _a, _d, m) => [...m.keywords, ...m.mandatoryKeywords].join(' ') },
  { label: 'category', boost: 1, b: 0, text: (_n, _a, _d, m) => m.category },
  { label: 'description', boost: 1, b: 0.75, text: (_n, _a, description) => description },
  { label: 'use cases', boost: 1, b: 0.75, text: (_n, _a, _d, m) => m.useCases.join(' . ') },
  { label: 'examples', boost: 0.7, b: 0.75, text: (_n, _a, _d, m) => m.examples.join(' . ') },
];
