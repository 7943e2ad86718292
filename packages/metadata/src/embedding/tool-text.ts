import type { ToolMetadata } from '@victor-tools/core';
import { splitWords } from '../text/tokenize';

/**
 * The text embedded for a tool: its name as words, description, keywords
 * and use cases. A tool is embedded again only when this text changes.
 */
export function embeddingText(tool: { readonly name: string; readonly description: string; readonly metadata: ToolMetadata }): string {
  const parts = [splitWords(tool.name).join(' '), tool.description, tool.metadata.keywords.join(', '), ...tool.metadata.useCases];
  return parts.filter((part) => part.length > 0).join('. ');
}
