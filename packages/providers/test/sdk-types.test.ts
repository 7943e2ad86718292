// Type-checked against the real SDK types (devDependencies only, no network):
// if an export stops fitting what the SDKs accept, `pnpm typecheck` fails here.
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import type { FunctionTool } from 'openai/resources/responses/responses';
import { toAnthropicTools, toOpenAITool, toOpenAITools } from '@victor-tools/providers';
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
});
