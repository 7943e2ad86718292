import type { JsonSchema, ToolMetadata } from '@victor-tools/core';
import { parametersSchema } from '../parameters-schema';
import { analyze, type Term } from '../text/tokenize';

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
  /** The field's terms: stems, or for `phrases` pairs of stems. */
  readonly terms: (tool: FieldSource) => Term[];
}

const words = (text: (tool: FieldSource) => string) => (tool: FieldSource) => analyze(text(tool));

/**
 * The key of two neighbouring words, in either order ('stock price' and
 * 'price of a stock' share one): holds a space, so it never meets a stem.
 */
export function phraseKey(a: string, b: string): string {
  return a < b ? `${a} ${b}` : `${b} ${a}`;
}

/** Pairs of neighbouring content words (stop words skipped) within each text. */
export function phrases(texts: readonly string[]): Term[] {
  const pairs: Term[] = [];
  for (const text of texts) {
    const terms = analyze(text);
    for (let i = 0; i + 1 < terms.length; i++) {
      if (terms[i].stem === terms[i + 1].stem) continue;
      pairs.push({ word: `${terms[i].word} ${terms[i + 1].word}`, stem: phraseKey(terms[i].stem, terms[i + 1].stem) });
    }
  }
  return pairs;
}

// Only the top level of a schema is read: the names and descriptions a model sees first.
function parameterText(parameters: JsonSchema | undefined): string {
  const properties = parametersSchema(parameters)?.properties;
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
  { label: 'name', terms: words((t) => [t.name, ...t.aliases].join(' ')) },
  { label: 'keywords', terms: words((t) => [...t.metadata.keywords, ...t.metadata.mandatoryKeywords].join(' ')) },
  { label: 'category', terms: words((t) => t.metadata.category) },
  { label: 'description', terms: words((t) => t.description) },
  { label: 'use cases', terms: words((t) => t.metadata.useCases.join(' . ')) },
  { label: 'examples', terms: words((t) => t.metadata.examples.join(' . ')) },
  { label: 'parameters', terms: words((t) => parameterText(t.parameters)) },
  // Neighbouring words of the name, description and use cases: 'stock price' beats a tool with 'stock' and 'price' apart.
  { label: 'phrases', terms: (t) => phrases([t.name, t.description, ...t.metadata.useCases]) },
];
