// The AI SDK adapter from the installed tarballs, with whichever `ai` npm put
// next to it (the major is checked against argv[2]): a tool loop in
// generateText in which the model corrects a refused call, the same tool in
// streamText, and a WRITE tool that stops the loop for approval and runs once
// approved. Run by scripts/consumer-smoke.mjs in the consumer project (ai 7,
// which npm picks for the peer range) and in one with ai 6.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { BaseTool, ToolRegistry, ToolResult } from '@victor-tools/core';
import { toAISDKTools, trustFrameworkApproval } from '@victor-tools/ai-sdk';
import { generateText, stepCountIs, streamText } from 'ai';
import { MockLanguageModelV3, convertArrayToReadableStream } from 'ai/test';

const expectedMajor = Number(process.argv[2]);
const { version } = createRequire(import.meta.url)('ai/package.json');
assert.equal(Number(version.split('.')[0]), expectedMajor, `expected ai ${expectedMajor}, npm installed ${version}`);

class Note extends BaseTool {
  constructor(name, accessMode, run) {
    super();
    Object.assign(this, { toolName: name, accessMode, run, calls: [] });
  }
  get name() { return this.toolName; }
  get description() { return `The ${this.toolName} tool.`; }
  get parameters() { return { type: 'object', properties: { text: { type: 'string', minLength: 1 } }, required: ['text'], additionalProperties: false }; }
  get metadata() { return { accessMode: this.accessMode }; }
  async execute(_ctx, args) {
    this.calls.push(args);
    return ToolResult.ok(this.run(args.text));
  }
}
const search = new Note('search', 'readonly', (text) => `3 hits for ${text}`);
const save = new Note('save', 'write', (text) => `saved ${text}`);
// A person approves through the SDK: the registry trusts the approvals the adapter reports.
const registry = new ToolRegistry({ logger: { debug() {}, info() {}, warn() {}, error() {} }, approve: trustFrameworkApproval() });
registry.register(search);
registry.register(save);

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };
const call = (id, toolName, input) => ({ type: 'tool-call', toolCallId: id, toolName, input: JSON.stringify(input) });
function scripted(turns) {
  let next = 0;
  return new MockLanguageModelV3({
    doGenerate: async () => {
      const turn = turns[next++];
      if (typeof turn === 'string') return { content: [{ type: 'text', text: turn }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
      return { content: [turn], finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage, warnings: [] };
    },
  });
}

// generateText: a refused call the model reads, the corrected one, the answer.
{
  const model = scripted([call('c1', 'search', {}), call('c2', 'search', { text: 'adapters' }), 'Found 3.']);
  const result = await generateText({ model, tools: toAISDKTools(registry), stopWhen: stepCountIs(5), prompt: 'search' });
  const outputs = result.steps.flatMap((step) => step.toolResults.map((r) => r.output));
  assert.equal(outputs[0].error, "Invalid parameters for tool 'search': Required parameter 'text' is missing");
  assert.equal(outputs[1].output, '3 hits for adapters');
  assert.equal(result.text, 'Found 3.');
}

// streamText: the same tool, its result in the stream.
{
  let turn = 0;
  const model = new MockLanguageModelV3({
    doStream: async () => ({
      stream: convertArrayToReadableStream(
        turn++ === 0
          ? [{ type: 'tool-call', toolCallId: 's1', toolName: 'search', input: '{"text":"streams"}' }, { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage }]
          : [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Done.' }, { type: 'text-end', id: 't' }, { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }],
      ),
    }),
  });
  const result = streamText({ model, tools: toAISDKTools(registry), stopWhen: stepCountIs(3), prompt: 'search' });
  assert.equal(await result.text, 'Done.');
  const steps = await result.steps;
  assert.equal(steps[0].toolResults[0].output.output, '3 hits for streams');
}

// Approval: a WRITE tool stops the loop with an approval request; approved, it runs once.
{
  const tools = toAISDKTools(registry);
  const prompt = [{ role: 'user', content: 'save it' }];
  const first = await generateText({ model: scripted([call('w1', 'save', { text: 'draft' })]), tools, messages: prompt, stopWhen: stepCountIs(3) });
  const request = first.content.find((part) => part.type === 'tool-approval-request');
  assert.ok(request, 'a WRITE tool asks for approval first');
  assert.equal(save.calls.length, 0, 'nothing runs before approval');
  const approval = { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: request.approvalId, approved: true }] };
  const second = await generateText({ model: scripted(['Saved.']), tools, messages: [...prompt, ...first.response.messages, approval], stopWhen: stepCountIs(3) });
  assert.deepEqual(save.calls, [{ text: 'draft' }]);
  assert.equal(second.text, 'Saved.');
}
console.log(`ai-sdk: ai ${version}: a tool loop in generateText and streamText, and an approved WRITE call, from the tarballs`);
