// The README tour's section 4 ("Hand the tools to an agent framework"), run as
// it is written there: if this file changes, change the README with it (and
// the other way round). The model is the AI SDK's MockLanguageModelV3,
// scripted to make the calls the README's comments describe.
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { BaseTool, ToolRegistry, ToolResult, type ToolCallContext } from '@victor-tools/core';
import { Param, Tool } from '@victor-tools/decorators';
import { toAISDKTools } from '@victor-tools/ai-sdk';

// The read_file and grep tools of the README's section 1.
class ReadFile extends BaseTool<{ path: string }> {
  get name() { return 'read_file'; }
  get description() { return 'Read a UTF-8 text file and return its contents.'; }
  get parameters() {
    return { type: 'object', properties: { path: { type: 'string', description: 'File to read' } }, required: ['path'] };
  }
  async execute(_ctx: ToolCallContext, args: { path: string }) {
    return ToolResult.ok(`contents of ${args.path}`);
  }
}

class GrepParams {
  @Param({ type: 'string', description: 'Regular expression to look for' }) pattern!: string;
  @Param({ type: 'integer', minimum: 1, description: 'Most matches to return' }) limit = 20;
}

@Tool({ name: 'grep', description: 'Search file contents for a pattern.', params: GrepParams, accessMode: 'readonly' })
class Grep {
  execute(args: GrepParams) {
    return [`${args.pattern} x${args.limit}`];
  }
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};
const toolCall = (toolCallId: string, input: unknown) => ({
  content: [{ type: 'tool-call' as const, toolCallId, toolName: 'grep', input: JSON.stringify(input) }],
  finishReason: { unified: 'tool-calls' as const, raw: undefined },
  usage,
  warnings: [],
});
const model = new MockLanguageModelV3({
  doGenerate: [
    toolCall('c1', { limit: 'ten' }),
    toolCall('c2', { pattern: 'TODO' }),
    { content: [{ type: 'text', text: 'There are 20 TODOs.' }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] },
  ],
});

async function section4(registry: ToolRegistry) {
  // --- README: 4. Hand the tools to an agent framework
  const result = await generateText({
    model, // any AI SDK model: openai('gpt-4.1'), anthropic('claude-sonnet-5-5'), ...
    tools: toAISDKTools(registry, { context: { mode: 'plan' } }),
    stopWhen: stepCountIs(5),
    prompt: 'How many TODOs are there?',
  });
  return result;
}

describe('README tour, section 4', () => {
  it('should behave as the README says', async () => {
    const registry = new ToolRegistry();
    registry.register(new Grep());
    const result = await section4(registry);

    const [first, second, third] = result.steps;
    expect(first!.toolResults[0]!.output).toMatchObject({
      success: false,
      error: "Invalid parameters for tool 'grep': Required parameter 'pattern' is missing; Parameter 'limit' has wrong type: expected integer, got string",
    });
    expect(second!.toolResults[0]!.output).toEqual({ success: true, output: ['TODO x20'] });
    expect(third!.text).toBe('There are 20 TODOs.');
    expect(result.text).toBe('There are 20 TODOs.');
    // What the model read after step 1: the registry's message as an error result.
    const sent = model.doGenerateCalls[1]!.prompt.flatMap((m) => (m.role === 'tool' ? m.content : []));
    expect(sent).toEqual([expect.objectContaining({ type: 'tool-result', toolName: 'grep', output: { type: 'error-text', value: expect.stringMatching(/^Invalid parameters for tool 'grep'/) } })]);
  });

  it('should refuse read_file, which declares no access mode, in plan mode the same way', async () => {
    const registry = new ToolRegistry();
    registry.register(new ReadFile());
    const tools = toAISDKTools(registry, { context: { mode: 'plan' } });
    const output = await tools.read_file!.execute!({ path: 'notes.txt' }, { toolCallId: 'c1', messages: [] });
    expect(output).toMatchObject({
      success: false,
      error: expect.stringMatching(/^Tool 'read_file' refused in plan mode: the tool does not declare its access mode/),
    });
  });
});
