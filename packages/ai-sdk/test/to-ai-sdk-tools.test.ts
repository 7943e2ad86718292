import { generateText, stepCountIs, streamText, type ModelMessage } from 'ai';
import { MockLanguageModelV3, convertArrayToReadableStream } from 'ai/test';
import { AgentMode, SchemaLevel, ToolRegistry } from '@victor-tools/core';
import { toAISDKTools, trustFrameworkApproval } from '@victor-tools/ai-sdk';
import { callOptions, deleteFile, quietLogger, readFile, RecordingTool, runCommand, scriptedModel, toolAbortingItsCaller, toolResultsSentTo, writeFile } from './support';

function registryWith(...tools: RecordingTool[]) {
  const registry = new ToolRegistry({ logger: quietLogger() });
  for (const tool of tools) registry.register(tool);
  return registry;
}

/** The approval requests of a generateText result. */
function approvalRequests(content: ReadonlyArray<{ type: string }>) {
  return content.filter((part): part is { type: 'tool-approval-request'; approvalId: string; toolCall: { toolName: string } } & typeof part =>
    part.type === 'tool-approval-request',
  );
}

describe('toAISDKTools', () => {
  describe('the tool set', () => {
    it('should offer every enabled and available tool under its registered name', () => {
      const registry = registryWith(readFile(), writeFile());
      registry.register('shell', runCommand());
      registry.disableTool('write_file');
      expect(Object.keys(toAISDKTools(registry)).sort()).toEqual(['read_file', 'shell']);
    });

    it('should describe each tool with its victor schema through jsonSchema()', async () => {
      const tool = readFile();
      const set = toAISDKTools(registryWith(tool));
      expect(set.read_file!.description).toBe(tool.description);
      const schema = await (set.read_file!.inputSchema as { jsonSchema: unknown }).jsonSchema;
      expect(schema).toEqual(tool.parameters);
    });

    it('should take names, aliases and { name, level } choices, each tool once', () => {
      const registry = registryWith(readFile(), writeFile(), runCommand());
      const set = toAISDKTools(registry, { tools: ['cat', 'read_file', { name: 'run_command', level: SchemaLevel.STUB }] });
      expect(Object.keys(set)).toEqual(['read_file', 'run_command']);
    });

    it("should render tools at the levels of selectTools' answer", () => {
      const registry = registryWith(readFile());
      const set = toAISDKTools(registry, { tools: { tools: [{ name: 'read_file', level: SchemaLevel.STUB }] } });
      expect(set.read_file!.description).toBe('Read a UTF-8 text file and return its contents.');
    });

    it('should throw on a tool name the registry does not know', () => {
      expect(() => toAISDKTools(registryWith(readFile()), { tools: ['read_fil'] })).toThrow(
        "Tool 'read_fil' is not registered: pick tools by their registered name or an alias.",
      );
    });
  });

  describe('execute', () => {
    it('should let the model read a validation failure, correct its call and finish', async () => {
      const tool = readFile();
      const model = scriptedModel([
        { toolCalls: [{ id: 'c1', name: 'read_file', args: { limit: 'ten' } }] },
        { toolCalls: [{ id: 'c2', name: 'read_file', args: { path: 'notes.txt' } }] },
        { text: 'The notes say hello.' },
      ]);
      const result = await generateText({ model, tools: toAISDKTools(registryWith(tool)), prompt: 'Read notes.txt', stopWhen: stepCountIs(5) });

      expect(toolResultsSentTo(model, 1)).toEqual([
        {
          toolName: 'read_file',
          output: {
            type: 'error-text',
            value: "Invalid parameters for tool 'read_file': Required parameter 'path' is missing; Parameter 'limit' has wrong type: expected integer, got string",
          },
        },
      ]);
      expect(toolResultsSentTo(model, 2).at(-1)).toEqual({ toolName: 'read_file', output: { type: 'text', value: 'contents of notes.txt' } });
      expect(result.text).toBe('The notes say hello.');
      expect(result.steps).toHaveLength(3);
      expect(tool.calls.map((c) => c.args)).toEqual([{ path: 'notes.txt' }]);
      expect(result.steps[0]!.toolResults[0]!.output).toMatchObject({ success: false, metadata: { invalidParams: { path: 'required' } } });
    });

    it('should answer arguments that are not an object with a message the model reads', async () => {
      const tool = readFile();
      const model = scriptedModel([{ toolCalls: [{ id: 'c1', name: 'read_file', args: [1, 2] }] }, { text: 'ok' }]);
      const result = await generateText({ model, tools: toAISDKTools(registryWith(tool)), prompt: 'go', stopWhen: stepCountIs(3) });
      expect(toolResultsSentTo(model, 1)).toEqual([
        { toolName: 'read_file', output: { type: 'error-text', value: expect.stringMatching(/^Invalid parameters for tool 'read_file'/) } },
      ]);
      expect(tool.calls).toEqual([]);
      expect(result.text).toBe('ok');
    });

    it('should send an object output as JSON and keep the whole result for the program', async () => {
      const tool = new RecordingTool({ name: 'stats', run: () => ({ files: 3, lines: 120 }) });
      const model = scriptedModel([{ toolCalls: [{ id: 'c1', name: 'stats', args: {} }] }, { text: 'ok' }]);
      const result = await generateText({ model, tools: toAISDKTools(registryWith(tool)), prompt: 'stats', stopWhen: stepCountIs(3) });
      expect(toolResultsSentTo(model, 1)).toEqual([{ toolName: 'stats', output: { type: 'json', value: { files: 3, lines: 120 } } }]);
      expect(result.steps[0]!.toolResults[0]!.output).toEqual({ success: true, output: { files: 3, lines: 120 } });
    });

    it('should work the same in streamText', async () => {
      const tool = readFile();
      const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };
      const turns = [
        [{ type: 'tool-call' as const, toolCallId: 'c1', toolName: 'read_file', input: '{}' }],
        [
          { type: 'text-start' as const, id: 't' },
          { type: 'text-delta' as const, id: 't', delta: 'Which file?' },
          { type: 'text-end' as const, id: 't' },
        ],
      ];
      let next = 0;
      const model = new MockLanguageModelV3({
        doStream: async () => {
          const parts = turns[next++]!;
          const finishReason = { unified: parts[0]!.type === 'tool-call' ? ('tool-calls' as const) : ('stop' as const), raw: undefined };
          return { stream: convertArrayToReadableStream([{ type: 'stream-start' as const, warnings: [] }, ...parts, { type: 'finish' as const, finishReason, usage }]) };
        },
      });
      const result = streamText({ model, tools: toAISDKTools(registryWith(tool)), prompt: 'read', stopWhen: stepCountIs(3) });
      expect(await result.text).toBe('Which file?');
      const [first] = await result.steps;
      expect(first!.toolResults[0]!.output).toMatchObject({ success: false, error: "Invalid parameters for tool 'read_file': Required parameter 'path' is missing" });
      const sent = model.doStreamCalls[1]!.prompt.flatMap((m) => (m.role === 'tool' ? m.content : []));
      expect(sent).toEqual([expect.objectContaining({ output: { type: 'error-text', value: "Invalid parameters for tool 'read_file': Required parameter 'path' is missing" } })]);
    });

    it("should turn a tool's own exception into an error result the model reads", async () => {
      const tool = new RecordingTool({
        name: 'flaky',
        run: () => {
          throw new Error('disk on fire');
        },
      });
      const model = scriptedModel([{ toolCalls: [{ id: 'c1', name: 'flaky', args: {} }] }, { text: 'sorry' }]);
      await generateText({ model, tools: toAISDKTools(registryWith(tool)), prompt: 'go', stopWhen: stepCountIs(3) });
      expect(toolResultsSentTo(model, 1)).toEqual([{ toolName: 'flaky', output: { type: 'error-text', value: 'Tool execution failed: disk on fire' } }]);
    });

    it('should pass the context and the call id to the tool', async () => {
      const tool = new RecordingTool({ name: 'probe' });
      const model = scriptedModel([{ toolCalls: [{ id: 'call-7', name: 'probe', args: {} }] }, { text: 'ok' }]);
      await generateText({
        model,
        tools: toAISDKTools(registryWith(tool), { context: { workspace: '/repo', approvedBy: 'forged' } }),
        prompt: 'go',
        stopWhen: stepCountIs(3),
      });
      const { ctx } = tool.calls[0]!;
      expect(ctx.workspace).toBe('/repo');
      expect(ctx.toolCallId).toBe('call-7');
      expect(ctx.approvedBy).toBeUndefined(); // only the SDK's approval can vouch for a call
    });

    it("should cancel a running tool when the caller aborts generateText", async () => {
      const controller = new AbortController();
      const { tool, signal } = toolAbortingItsCaller(controller);
      const model = scriptedModel([{ toolCalls: [{ id: 'c1', name: 'slow', args: {} }] }, { text: 'never' }]);
      await expect(
        generateText({ model, tools: toAISDKTools(registryWith(tool)), prompt: 'go', abortSignal: controller.signal, stopWhen: stepCountIs(3) }),
      ).rejects.toThrow();
      expect(signal()?.aborted).toBe(true);
    });

    it('should let PLAN mode refuse a writing tool without asking for approval', async () => {
      const tool = writeFile();
      const model = scriptedModel([{ toolCalls: [{ id: 'c1', name: 'write_file', args: { path: 'a', text: 'b' } }] }, { text: 'I may not write in plan mode.' }]);
      const result = await generateText({
        model,
        tools: toAISDKTools(registryWith(tool), { context: { mode: AgentMode.PLAN } }),
        prompt: 'write',
        stopWhen: stepCountIs(3),
      });
      expect(approvalRequests(result.steps[0]!.content)).toEqual([]);
      const [sent] = toolResultsSentTo(model, 1);
      expect(sent!.output).toEqual({ type: 'error-text', value: "Tool 'write_file' refused in plan mode: plan mode allows only readonly and network tools, and this tool's access mode is 'write'" });
      expect(tool.calls).toEqual([]);
      expect(result.text).toBe('I may not write in plan mode.');
    });
  });

  describe('approval', () => {
    const prompt: ModelMessage[] = [{ role: 'user', content: 'delete a.txt' }];

    async function askToDelete(registry: ToolRegistry) {
      const tools = toAISDKTools(registry);
      const model = scriptedModel([{ toolCalls: [{ id: 'c1', name: 'delete_file', args: { path: 'a.txt' } }] }, { text: 'Deleted.' }]);
      const first = await generateText({ model, tools, messages: prompt, stopWhen: stepCountIs(3) });
      const [request] = approvalRequests(first.content);
      const answer = (approved: boolean) =>
        generateText({
          model,
          tools,
          stopWhen: stepCountIs(3),
          messages: [
            ...prompt,
            ...first.response.messages,
            { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: request!.approvalId, approved, reason: approved ? undefined : 'not today' }] },
          ],
        });
      return { first, request, answer, model };
    }

    it('should stop with an approval request and run the call once it is approved', async () => {
      const tool = deleteFile();
      const { first, request, answer, model } = await askToDelete(registryWith(tool));
      expect(request?.toolCall.toolName).toBe('delete_file');
      expect(tool.calls).toEqual([]);
      expect(first.finishReason).toBe('tool-calls');

      const second = await answer(true);
      expect(tool.calls).toHaveLength(1);
      expect(tool.calls[0]!.ctx.approvedBy).toBe('ai-sdk');
      expect(toolResultsSentTo(model, 1)).toEqual([{ toolName: 'delete_file', output: { type: 'text', value: 'delete_file done' } }]);
      expect(second.text).toBe('Deleted.');
    });

    it('should never run a call whose approval is denied', async () => {
      const tool = deleteFile();
      const { answer, model } = await askToDelete(registryWith(tool));
      await answer(false);
      expect(tool.calls).toEqual([]);
      expect(toolResultsSentTo(model, 1)).toEqual([{ toolName: 'delete_file', output: { type: 'execution-denied', reason: 'not today' } }]);
    });

    it("should not ask the registry's approve callback again for a call the SDK approved", async () => {
      const askPerson = jest.fn(() => true);
      const registry = new ToolRegistry({ logger: quietLogger(), approve: trustFrameworkApproval(askPerson) });
      const tool = deleteFile();
      registry.register(tool);
      const { answer } = await askToDelete(registry);
      await answer(true);
      expect(tool.calls).toHaveLength(1);
      expect(askPerson).not.toHaveBeenCalled();

      // A call from elsewhere (no framework approval) is asked about.
      await registry.execute('delete_file', { path: 'b.txt' });
      expect(askPerson).toHaveBeenCalledTimes(1);
      expect(tool.calls).toHaveLength(2);
    });

    it('should ask about EXECUTE tools on every call and WRITE tools on their first use', async () => {
      const tools = toAISDKTools(registryWith(runCommand(), writeFile(), readFile()));
      const ask = (name: string) => {
        const needsApproval = tools[name]!.needsApproval;
        return typeof needsApproval === 'function' ? needsApproval({}, callOptions('x')) : needsApproval;
      };
      expect(tools.read_file!.needsApproval).toBeUndefined();
      expect(ask('run_command')).toBe(true);
      expect(ask('write_file')).toBe(true);
      await tools.write_file!.execute!({ path: 'a', text: 'b' }, callOptions('w1'));
      expect(ask('write_file')).toBe(false);
      await tools.run_command!.execute!({ command: 'ls' }, callOptions('r1'));
      expect(ask('run_command')).toBe(true);
    });

    it("should leave approval to the registry's callback with approval: 'registry'", async () => {
      const approve = jest.fn(() => false);
      const registry = new ToolRegistry({ logger: quietLogger(), approve });
      const tool = runCommand();
      registry.register(tool);
      const tools = toAISDKTools(registry, { approval: 'registry' });
      expect(tools.run_command!.needsApproval).toBeUndefined();
      const model = scriptedModel([{ toolCalls: [{ id: 'c1', name: 'run_command', args: { command: 'ls' } }] }, { text: 'refused' }]);
      await generateText({ model, tools, prompt: 'ls', stopWhen: stepCountIs(3) });
      expect(approve).toHaveBeenCalledTimes(1);
      expect(tool.calls).toEqual([]);
      expect(toolResultsSentTo(model, 1)[0]!.output).toEqual({
        type: 'error-text',
        value: "Tool 'run_command' was not approved: the approval callback refused it (asked because execute tools are confirmed on every call)",
      });
    });
  });
});
