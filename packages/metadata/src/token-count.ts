import { estimateTokens, type BaseTool, type SchemaLevel } from '@victor-tools/core';
import type { SchemaRenderer } from '@victor-tools/core/framework';

interface Counted {
  name: string;
  description: string;
  parameters: unknown;
  tokens: number;
}

// Per tool, per renderer, per level value: what was counted and from which tool state.
const counts = new WeakMap<BaseTool, WeakMap<SchemaRenderer, Map<string, Counted>>>();

/**
 * The token count of `provider.render(tool, level)`, remembered per tool,
 * renderer and level while the tool's name and description (by value) and
 * parameters schema (by identity) stay the same: a rendered schema is made of
 * those, and tokenizing costs far more than checking them. A renderer whose
 * output depends on anything else should be a new renderer object when that
 * changes.
 */
export function renderedTokens(tool: BaseTool, level: SchemaLevel, provider: SchemaRenderer, rendered?: () => unknown): number {
  let byRenderer = counts.get(tool);
  if (byRenderer === undefined) counts.set(tool, (byRenderer = new WeakMap()));
  let byLevel = byRenderer.get(provider);
  if (byLevel === undefined) byRenderer.set(provider, (byLevel = new Map()));
  const name = tool.name;
  const description = tool.description;
  const parameters = tool.parameters as unknown;
  const cached = byLevel.get(level.value);
  if (cached !== undefined && cached.name === name && cached.description === description && cached.parameters === parameters) {
    return cached.tokens;
  }
  const tokens = estimateTokens(rendered ? rendered() : provider.render(tool, level));
  byLevel.set(level.value, { name, description, parameters, tokens });
  return tokens;
}
