import type { BaseTool, SchemaLevel } from '@victor-tools/core';
import type { SchemaRenderer } from '@victor-tools/core/framework';
import { registerSchemaRenderer } from '@victor-tools/core/internal';
import { toAnthropicTool } from './anthropic';
import { UnknownProviderError } from './errors/unknown-provider-error';
import { toGeminiFunction } from './gemini';
import { toMcpTool } from './mcp';
import { toOpenAITool, type OpenAIExportOptions } from './openai/to-openai-tool';
import type { ProviderName } from './types';

/** A `SchemaRenderer` for OpenAI with fixed options (strict mode, Responses shape). */
export function createOpenAIRenderer(options: Omit<OpenAIExportOptions, 'level'> = {}): SchemaRenderer {
  return renderer('openai', (tool, level) => toOpenAITool(tool, { ...options, level }).schema);
}

/** Renders the OpenAI Chat Completions tool (not strict). */
export const openaiRenderer: SchemaRenderer = createOpenAIRenderer();
/** Renders the Anthropic tool. */
export const anthropicRenderer: SchemaRenderer = renderer('anthropic', (tool, level) => toAnthropicTool(tool, { level }).schema);
/** Renders the Gemini function declaration. */
export const geminiRenderer: SchemaRenderer = renderer('gemini', (tool, level) => toGeminiFunction(tool, { level }).schema);
/** Renders the MCP tool. */
export const mcpRenderer: SchemaRenderer = renderer('mcp', (tool, level) => toMcpTool(tool, { level }).schema);

/** Every provider's renderer, by name. */
export const providerRenderers: Readonly<Record<ProviderName, SchemaRenderer>> = Object.freeze({
  openai: openaiRenderer,
  anthropic: anthropicRenderer,
  gemini: geminiRenderer,
  mcp: mcpRenderer,
});

// Registered with core when this package loads, so that options taking a
// provider by name (the metadata package's selectTools) find these renderers
// without that package importing this one.
for (const each of Object.values(providerRenderers)) registerSchemaRenderer(each);

/** The renderer of a provider by name; `UnknownProviderError` lists the names otherwise. */
export function getRenderer(provider: string): SchemaRenderer {
  if (Object.prototype.hasOwnProperty.call(providerRenderers, provider)) {
    return providerRenderers[provider as ProviderName];
  }
  throw new UnknownProviderError(provider, Object.keys(providerRenderers));
}

function renderer(name: string, render: (tool: BaseTool, level: SchemaLevel) => unknown): SchemaRenderer {
  return Object.freeze({ name, render });
}
