// Type-checked against the real SDK types (devDependencies only, no network):
// if an export stops fitting what the SDKs accept, `pnpm typecheck` fails here.
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import type { FunctionTool } from 'openai/resources/responses/responses';
import { anthropicToolSearchTool, toAnthropicTools, toOpenAITool, toOpenAITools } from '@victor-tools/providers';
import { exampleTools, ReadFileTool } from './fixtures/example-tools';

describe('exports typed against the provider SDKs', () => {
  it('should build ChatCompletionTool[] for openai.chat.completions.create({ tools })', () => {
    const tools: ChatCompletionTool[] = toOpenAITools(exampleTools(), { strict: true }).schemas;
    expect(tools.map((t) => t.type)).toEqual(['function', 'function', 'function', 'function']);
  });

  it('should build FunctionTool[] for openai.responses.create({ tools })', () => {
    const tools: FunctionTool[] = toOpenAITools(exampleTools(), { api: 'responses', strict: true }).schemas;
    const single: FunctionTool = toOpenAITool(new ReadFileTool(), { api: 'responses' }).schema;
    expect(tools.every((t) => t.strict === true)).toBe(true);
    expect(single.strict).toBe(false);
  });

  it('should build Anthropic.Tool[] for anthropic.messages.create({ tools })', () => {
    const tools: Anthropic.Tool[] = toAnthropicTools(exampleTools()).schemas;
    expect(tools.map((t) => t.input_schema.type)).toEqual(['object', 'object', 'object', 'object']);
  });

  it("should build deferred tools and the tool search tool as the SDK's ToolUnion[] takes them", () => {
    const [first] = exampleTools();
    const deferred: Anthropic.Tool[] = toAnthropicTools(exampleTools(), { loaded: [first.name] }).schemas;
    const tools: Anthropic.ToolUnion[] = [anthropicToolSearchTool(), anthropicToolSearchTool('regex'), ...deferred];
    const bm25: Anthropic.ToolSearchToolBm25_20251119 = anthropicToolSearchTool('bm25') as Anthropic.ToolSearchToolBm25_20251119;
    expect(bm25.name).toBe('tool_search_tool_bm25');
    expect(tools.filter((t) => 'defer_loading' in t && t.defer_loading === true)).toHaveLength(3);
  });
});
