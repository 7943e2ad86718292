import { SchemaLevel } from '@victor-tools/core';
import {
  toAnthropicTool,
  toGeminiFunction,
  toMcpTool,
  toOpenAITool,
} from '@victor-tools/providers';
import {
  UnknownProviderError,
  anthropicRenderer,
  createOpenAIRenderer,
  geminiRenderer,
  getRenderer,
  mcpRenderer,
  openaiRenderer,
  providerRenderers,
} from '@victor-tools/providers/framework';
import { FindFilesTool } from './fixtures/example-tools';

describe('SchemaRenderer objects', () => {
  const tool = new FindFilesTool();

  it('should render what the matching exporter returns as schema', () => {
    expect(openaiRenderer.render(tool, SchemaLevel.FULL)).toEqual(toOpenAITool(tool).schema);
    expect(anthropicRenderer.render(tool, SchemaLevel.FULL)).toEqual(toAnthropicTool(tool).schema);
    expect(geminiRenderer.render(tool, SchemaLevel.FULL)).toEqual(toGeminiFunction(tool).schema);
    expect(mcpRenderer.render(tool, SchemaLevel.FULL)).toEqual(toMcpTool(tool).schema);
  });

  it('should carry their provider names', () => {
    expect(Object.values(providerRenderers).map((r) => r.name)).toEqual(['openai', 'anthropic', 'gemini', 'mcp']);
  });

  it('should render strict Responses tools from createOpenAIRenderer options', () => {
    const renderer = createOpenAIRenderer({ strict: true, api: 'responses' });
    expect(renderer.render(tool, SchemaLevel.FULL)).toEqual(toOpenAITool(tool, { strict: true, api: 'responses' }).schema);
  });
});

describe('getRenderer', () => {
  it('should return the renderer of a provider by name', () => {
    expect(getRenderer('gemini')).toBe(geminiRenderer);
  });

  it('should throw an UnknownProviderError listing the providers for an unknown name', () => {
    expect(() => getRenderer('openia')).toThrow(UnknownProviderError);
    expect(() => getRenderer('openia')).toThrow("Unknown provider 'openia'. Use one of: 'openai', 'anthropic', 'gemini', 'mcp'.");
    expect(() => getRenderer('toString')).toThrow(UnknownProviderError);
  });
});
