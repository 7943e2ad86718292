import { AIMessage, ToolMessage } from '@langchain/core/messages';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { Command, MemorySaver } from '@langchain/langgraph';
import { ToolNode, createReactAgent } from '@langchain/langgraph/prebuilt';
import { AgentMode, SchemaLevel, ToolRegistry } from '@victor-tools/core';
import { toLangChainTools, trustFrameworkApproval, type ToolApprovalInterrupt } from '@victor-tools/langchain';
import { deleteFile, quietLogger, readFile, RecordingTool, ScriptedChatModel, toolMessagesSentTo, writeFile, runCommand, registryWith } from './support';
import { HOSTILE_KINDS, HOSTILE_TOOL_NAMES, hostileRegistry, hugeTool, unsendableMessage } from '../../../test/support/hostile-outputs';
import { expectCut } from '../../../test/support/cut-text';

// The shared resources these tests pass, declared as a project declares its own (declaration merging).
declare module '@victor-tools/core' {
  interface ToolExecutionContext {
    workspace?: string;
  }
}

const ask = (content: string) => ({ messages: [{ role: 'user', content }] });

describe('toLangChainTools', () => {
  describe('the tools', () => {
    it('should offer every enabled and available tool with its victor schema', () => {
      const tool = readFile();
      const registry = registryWith(tool, writeFile());
      registry.disableTool('write_file');
      const tools = toLangChainTools(registry);
      expect(tools.map((t) => t.name)).toEqual(['read_file']);
      expect(convertToOpenAITool(tools[0]!)).toEqual({
        type: 'function',
        function: { name: 'read_file', description: tool.description, parameters: tool.parameters },
      });
    });

    it("should take names, aliases and selectTools' answer with its levels", () => {
      const registry = registryWith(readFile(), writeFile());
      expect(toLangChainTools(registry, { tools: ['cat', 'write_file', 'read_file'] }).map((t) => t.name)).toEqual(['read_file', 'write_file']);
      const [stub] = toLangChainTools(registry, { tools: { tools: [{ name: 'read_file', level: SchemaLevel.STUB }] } });
      expect(stub!.description).toBe('Read a UTF-8 text file and return its contents.');
      expect(() => toLangChainTools(registry, { tools: ['nope'] })).toThrow("Tool 'nope' is not registered");
    });

    it('should give the model the tools through bindTools in createReactAgent', async () => {
      const model = new ScriptedChatModel([{ text: 'hi' }]);
      await createReactAgent({ llm: model, tools: toLangChainTools(registryWith(readFile())) }).invoke(ask('hello'));
      expect(model.bound.map((t) => t.name)).toEqual(['read_file']);
    });
  });

  describe('calls', () => {
    it('should let the model read a validation failure, correct its call and finish (createReactAgent)', async () => {
      const tool = readFile();
      const model = new ScriptedChatModel([
        { toolCalls: [{ id: 'c1', name: 'read_file', args: { limit: 'ten' } }] },
        { toolCalls: [{ id: 'c2', name: 'read_file', args: { path: 'notes.txt' } }] },
        { text: 'The notes say hello.' },
      ]);
      const agent = createReactAgent({ llm: model, tools: toLangChainTools(registryWith(tool)) });
      const state = await agent.invoke(ask('Read notes.txt'));

      expect(toolMessagesSentTo(model, 1)).toEqual([
        {
          name: 'read_file',
          status: 'error',
          content: "Invalid parameters for tool 'read_file': Required parameter 'path' is missing; Parameter 'limit' has wrong type: expected integer, got string",
        },
      ]);
      expect(toolMessagesSentTo(model, 2).at(-1)).toEqual({ name: 'read_file', status: 'success', content: 'contents of notes.txt' });
      expect(state.messages.at(-1)!.content).toBe('The notes say hello.');
      expect(tool.calls.map((c) => c.args)).toEqual([{ path: 'notes.txt' }]);
    });

    it('should run what the registry accepts although LangChain\'s own schema check refuses it', async () => {
      const tool = readFile();
      const [lcTool] = toLangChainTools(registryWith(tool));
      // A strict-mode model sends null for an optional parameter: the registry takes it as absent.
      const message = await lcTool!.invoke({ type: 'tool_call', id: 'c1', name: 'read_file', args: { path: 'a.txt', limit: null } });
      expect(message).toBeInstanceOf(ToolMessage);
      expect((message as ToolMessage).content).toBe('contents of a.txt');
      expect(tool.calls.map((c) => c.args)).toEqual([{ path: 'a.txt' }]);
    });

    it('should answer text when invoked with plain arguments, failures included', async () => {
      const [lcTool] = toLangChainTools(registryWith(readFile()));
      await expect(lcTool!.invoke({ path: 'x' })).resolves.toBe('contents of x');
      await expect(lcTool!.invoke({})).resolves.toBe("Invalid parameters for tool 'read_file': Required parameter 'path' is missing");
    });

    it('should take undefined arguments as {}, as the registry does, not throw', async () => {
      const [lcTool] = toLangChainTools(registryWith(readFile()));
      await expect(lcTool!.invoke(undefined as never)).resolves.toBe("Invalid parameters for tool 'read_file': Required parameter 'path' is missing");
      const [probe] = toLangChainTools(registryWith(new RecordingTool({ name: 'probe' })));
      await expect(probe!.invoke(undefined as never)).resolves.toBe('probe done');
      await expect(probe!.invoke({ type: 'tool_call', id: 'c1', name: 'probe' } as never)).resolves.toMatchObject({ content: 'probe done', status: 'success' });
    });

    it("should answer arguments LangChain's schema validator cannot read (a BigInt, a function) with the registry's message, not throw", async () => {
      const [lcTool] = toLangChainTools(registryWith(readFile()));
      await expect(lcTool!.invoke({ path: 'x', n: 10n } as never)).resolves.toBe(
        "Invalid parameters for tool 'read_file': Parameters must be JSON-serializable: a bigint is not a JSON value at 'n'",
      );
      await expect(lcTool!.invoke((() => 1) as never)).resolves.toBe("Invalid parameters for tool 'read_file': Parameters must be an object, got function");
    });

    it("should answer deeply nested arguments with the registry's message, where LangChain's own handling overflows the stack", async () => {
      const tool = new RecordingTool({
        name: 'read_file',
        parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false },
      });
      const [lcTool] = toLangChainTools(registryWith(tool));
      const deep: Record<string, unknown> = {};
      let node = deep;
      for (let i = 0; i < 10_000; i++) node = node.a = {};
      const answer = await lcTool!.invoke({ path: 'a.txt', extra: deep });
      expect(answer).toMatch(/^Invalid parameters for tool 'read_file': Parameters must be JSON-serializable: nesting deeper than 100 levels/);
      expect(tool.calls).toEqual([]);
    });

    it.each(HOSTILE_KINDS)('should answer %s as a failed result saying why, as the MCP server does, in each tool form', async (kind) => {
      const tools = toLangChainTools(hostileRegistry());
      for (const lcTool of tools) await expect(lcTool.invoke({ kind })).resolves.toMatch(unsendableMessage(lcTool.name, kind));
      const { messages } = await new ToolNode(tools).invoke({
        messages: [new AIMessage({ content: '', tool_calls: HOSTILE_TOOL_NAMES.map((name, i) => ({ id: `c${i}`, name, args: { kind }, type: 'tool_call' as const })) })],
      });
      expect(messages).toEqual(
        HOSTILE_TOOL_NAMES.map((name, i) => expect.objectContaining({ status: 'error', tool_call_id: `c${i}`, content: expect.stringMatching(unsendableMessage(name, kind)) })),
      );
    });

    it('should cut an output over 1,000,000 characters as the MCP server does', async () => {
      const [lcTool] = toLangChainTools(registryWith(hugeTool(1_500_000)));
      expectCut((await lcTool!.invoke({})) as string, 'x'.repeat(1_500_000), 1_000_000);
    });

    it("should answer a tool's exception as an error message in a ToolNode, not ToolNode's generic text", async () => {
      const tool = new RecordingTool({
        name: 'flaky',
        run: () => {
          throw new Error('disk on fire');
        },
      });
      const node = new ToolNode(toLangChainTools(registryWith(tool)));
      const { messages } = await node.invoke({
        messages: [new AIMessage({ content: '', tool_calls: [{ id: 'c1', name: 'flaky', args: {}, type: 'tool_call' }] })],
      });
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({ status: 'error', content: 'Tool execution failed: disk on fire', tool_call_id: 'c1' });
    });

    it('should pass the context, the tool call id and the run signal to the tool', async () => {
      const controller = new AbortController();
      let aborted: () => boolean = () => false;
      const tool = new RecordingTool({
        name: 'probe',
        run: (_args, ctx) => {
          aborted = () => ctx.signal.aborted;
          controller.abort();
          return `aborted while running: ${ctx.signal.aborted}`;
        },
      });
      const [lcTool] = toLangChainTools(registryWith(tool), { context: { workspace: '/repo', approvedBy: 'forged' } });
      await lcTool!.invoke({ type: 'tool_call', id: 'call-7', name: 'probe', args: {} }, { signal: controller.signal });
      const { ctx } = tool.calls[0]!;
      expect(ctx.workspace).toBe('/repo');
      expect(ctx.toolCallId).toBe('call-7');
      expect(ctx.approvedBy).toBeUndefined();
      expect(aborted()).toBe(true);
    });

    it('should let PLAN mode refuse a writing tool, as a message the model reads', async () => {
      const tool = writeFile();
      const approve = jest.fn(() => true);
      const registry = new ToolRegistry({ logger: quietLogger(), approve });
      registry.register(tool);
      const model = new ScriptedChatModel([{ toolCalls: [{ id: 'c1', name: 'write_file', args: { path: 'a', text: 'b' } }] }, { text: 'Plan mode: no writing.' }]);
      const agent = createReactAgent({ llm: model, tools: toLangChainTools(registry, { context: { mode: AgentMode.PLAN } }) });
      const state = await agent.invoke(ask('write'));
      expect(toolMessagesSentTo(model, 1)).toEqual([
        {
          name: 'write_file',
          status: 'error',
          content: "Tool 'write_file' refused in plan mode: plan mode allows only readonly and network tools, and this tool's access mode is 'write'",
        },
      ]);
      expect(approve).not.toHaveBeenCalled();
      expect(tool.calls).toEqual([]);
      expect(state.messages.at(-1)!.content).toBe('Plan mode: no writing.');
    });
  });

  describe('approval: the registry decides', () => {
    function personRegistry(fallback?: () => boolean, ...tools: RecordingTool[]) {
      const registry = new ToolRegistry({ logger: quietLogger(), approve: trustFrameworkApproval(fallback) });
      for (const tool of tools) registry.register(tool);
      return registry;
    }

    it("should pause the graph with LangGraph's interrupt() under trustFrameworkApproval and run the call once resumed with true", async () => {
      const tool = deleteFile();
      const askPerson = jest.fn(() => true);
      const registry = personRegistry(askPerson, tool);
      const model = new ScriptedChatModel([{ toolCalls: [{ id: 'c1', name: 'delete_file', args: { path: 'a.txt' } }] }, { text: 'Deleted.' }]);
      const agent = createReactAgent({ llm: model, tools: toLangChainTools(registry), checkpointer: new MemorySaver() });
      const config = { configurable: { thread_id: 'approval-1' } };

      const paused = (await agent.invoke(ask('delete a.txt'), config)) as { __interrupt__?: Array<{ value: ToolApprovalInterrupt }> };
      expect(paused.__interrupt__?.[0]?.value).toEqual({
        type: 'tool-approval',
        toolName: 'delete_file',
        toolCallId: 'c1',
        args: { path: 'a.txt' },
        accessMode: 'write',
        dangerLevel: 'high',
        reason: expect.stringMatching(/^danger level 'high' requires confirmation/),
      });
      expect(tool.calls).toEqual([]);

      const done = await agent.invoke(new Command({ resume: true }), config);
      expect(tool.calls).toHaveLength(1);
      expect(tool.calls[0]!.ctx.approvedBy).toBe('langchain');
      expect(askPerson).not.toHaveBeenCalled(); // the person answered through the graph
      expect(done.messages.at(-1)!.content).toBe('Deleted.');
    });

    it('should refuse the call when the graph is resumed with anything but an approval, saying why', async () => {
      const tool = runCommand();
      const model = new ScriptedChatModel([{ toolCalls: [{ id: 'c1', name: 'run_command', args: { command: 'rm -rf /' } }] }, { text: 'Not run.' }]);
      const agent = createReactAgent({ llm: model, tools: toLangChainTools(personRegistry(undefined, tool)), checkpointer: new MemorySaver() });
      const config = { configurable: { thread_id: 'approval-2' } };
      await agent.invoke(ask('clean up'), config);
      await agent.invoke(new Command({ resume: { approved: false, reason: 'too broad' } }), config);
      expect(tool.calls).toEqual([]);
      expect(toolMessagesSentTo(model, 1)).toEqual([
        {
          name: 'run_command',
          status: 'error',
          content: "Tool 'run_command' was not approved: the person refused it: too broad (asked because execute tools are confirmed on every call)",
        },
      ]);
    });

    it("should cut a person's long reason after 1000 characters, saying how much was cut, never in the middle of an emoji", async () => {
      const model = new ScriptedChatModel([{ toolCalls: [{ id: 'c1', name: 'run_command', args: { command: 'ls' } }] }, { text: 'Not run.' }]);
      const agent = createReactAgent({ llm: model, tools: toLangChainTools(personRegistry(undefined, runCommand())), checkpointer: new MemorySaver() });
      const config = { configurable: { thread_id: 'approval-long-reason' } };
      await agent.invoke(ask('list'), config);
      await agent.invoke(new Command({ resume: { approved: false, reason: `${'r'.repeat(999)}😀 and more` } }), config);
      expect(toolMessagesSentTo(model, 1)[0]?.content).toBe(
        `Tool 'run_command' was not approved: the person refused it: ${'r'.repeat(999)}... (11 more characters) (asked because execute tools are confirmed on every call)`,
      );
    });

    it('should leave a call outside a graph to the registry: its fallback, or a refusal saying how to approve', async () => {
      const [asked] = toLangChainTools(personRegistry(() => true, runCommand()));
      await expect(asked!.invoke({ command: 'ls' })).resolves.toBe('run_command done');
      const [refused] = toLangChainTools(personRegistry(undefined, runCommand()));
      await expect(refused!.invoke({ command: 'ls' })).resolves.toMatch(
        /^Tool 'run_command' was not approved: it needs a person's approval \(execute tools are confirmed on every call\) and nobody could be asked on this call\. Approve it where a person is asked/,
      );
    });

    it('should ask about EXECUTE tools on every call and WRITE tools until one was approved, as the registry does', async () => {
      const write = writeFile();
      const run = runCommand();
      const registry = personRegistry(undefined, run, write, readFile());
      const model = new ScriptedChatModel([
        { toolCalls: [{ id: 'r', name: 'read_file', args: { path: 'a' } }] },
        { toolCalls: [{ id: 'w1', name: 'write_file', args: { path: 'a', text: 'b' } }] },
        { toolCalls: [{ id: 'w2', name: 'write_file', args: { path: 'a', text: 'c' } }] },
        { toolCalls: [{ id: 'x1', name: 'run_command', args: { command: 'ls' } }] },
        { text: 'done' },
      ]);
      const agent = createReactAgent({ llm: model, tools: toLangChainTools(registry), checkpointer: new MemorySaver() });
      const config = { configurable: { thread_id: 'approval-3' } };
      const interrupts: string[] = [];
      let state = (await agent.invoke(ask('go'), config)) as { __interrupt__?: Array<{ value: ToolApprovalInterrupt }> };
      while (state.__interrupt__?.length) {
        interrupts.push(state.__interrupt__[0]!.value.toolName);
        state = (await agent.invoke(new Command({ resume: true }), config)) as typeof state;
      }
      expect(interrupts).toEqual(['write_file', 'run_command']);
      expect(write.calls.map((c) => c.ctx.approvedBy)).toEqual(['langchain', undefined]);
      expect(run.calls).toHaveLength(1);
    });

    it('should run calls without asking when the registry has no approve callback, as registry.execute does', async () => {
      const tool = deleteFile();
      const [lcTool] = toLangChainTools(registryWith(tool));
      await expect(lcTool!.invoke({ path: 'a.txt' })).resolves.toBe('delete_file done');
      expect(tool.calls[0]!.ctx.approvedBy).toBeUndefined();
    });

    it("should let an ordinary approve callback decide inside execute, without an interrupt", async () => {
      const approve = jest.fn(() => false);
      const registry = new ToolRegistry({ logger: quietLogger(), approve });
      registry.register(runCommand());
      const [lcTool] = toLangChainTools(registry);
      await expect(lcTool!.invoke({ command: 'ls' })).resolves.toBe(
        "Tool 'run_command' was not approved: the approval callback refused it (asked because execute tools are confirmed on every call)",
      );
      expect(approve).toHaveBeenCalledTimes(1);
    });

    it('should refuse an option it does not take, such as a misspelt context, rather than run outside its mode', () => {
      expect(() => toLangChainTools(registryWith(readFile()), { ctx: { mode: 'plan' } } as never)).toThrow(
        new TypeError("toLangChainTools: unknown option 'ctx'; it takes tools, context, level."),
      );
      // An option given as undefined (a spread of optional settings) is no option at all.
      expect(toLangChainTools(registryWith(readFile()), { context: undefined, level: undefined }).map((t) => t.name)).toEqual(['read_file']);
    });

    it("should refuse the old approve option with a message naming the registry's approve", () => {
      expect(() => toLangChainTools(registryWith(readFile()), { approve: () => true } as never)).toThrow(
        "toLangChainTools: the 'approve' option was removed: the registry's approve option decides approval at every door. " +
          "new ToolRegistry({ approve: trustFrameworkApproval() }) pauses the graph with LangGraph's interrupt() for a call that needs a person; " +
          'any other approve callback decides inside execute.',
      );
    });
  });
});
