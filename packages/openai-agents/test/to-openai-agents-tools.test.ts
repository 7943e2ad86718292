import { Agent, RunContext, RunState } from '@openai/agents';
import { AgentMode, SchemaLevel, ToolRegistry } from '@victor-tools/core';
import { toOpenAIAgentsTools, trustFrameworkApproval } from '@victor-tools/openai-agents';
import { deleteFile, outputsSentTo, quietLogger, readFile, RecordingTool, runCommand, scriptedRun, toolAbortingItsCaller, writeFile, registryWith } from './support';
import { HOSTILE_KINDS, HOSTILE_TOOL_NAMES, hostileRegistry, hugeTool, unsendableMessage } from '../../../test/support/hostile-outputs';
import { expectCut } from '../../../test/support/cut-text';

// The shared resources these tests pass, declared as a project declares its own (declaration merging).
declare module '@victor-tools/core' {
  interface ToolExecutionContext {
    workspace?: string;
  }
}

const text = (value: string) => ({ type: 'text', text: value });

describe('toOpenAIAgentsTools', () => {
  describe('the tools', () => {
    it('should offer every enabled and available tool, strict where strict mode keeps the schema', () => {
      const registry = registryWith(readFile(), writeFile());
      registry.disableTool('write_file');
      const [tool, ...rest] = toOpenAIAgentsTools(registry);
      expect(rest).toEqual([]);
      expect(tool).toMatchObject({ type: 'function', name: 'read_file', strict: true });
      expect(tool!.parameters).toEqual({
        type: 'object',
        properties: { path: { type: 'string', description: 'File to read' }, limit: { type: ['integer', 'null'], minimum: 1 } },
        required: ['path', 'limit'],
        additionalProperties: false,
      });
    });

    it('should keep a tool non-strict when strict mode would drop a constraint, unless strict: true', () => {
      const tool = new RecordingTool({
        name: 'rename',
        parameters: { type: 'object', properties: { name: { type: 'string', minLength: 1 }, tags: { type: 'object', additionalProperties: { type: 'string' } } } },
      });
      const [auto] = toOpenAIAgentsTools(registryWith(tool));
      expect(auto!.strict).toBe(false);
      expect(auto!.parameters).toEqual(tool.parameters);
      const [forced] = toOpenAIAgentsTools(registryWith(tool), { strict: true });
      expect(forced!.strict).toBe(true);
      const [never] = toOpenAIAgentsTools(registryWith(readFile()), { strict: false });
      expect(never!.strict).toBe(false);
      expect(never!.parameters).toEqual(readFile().parameters);
    });

    it("should keep a tool non-strict when the SDK's own strict check refuses its schema", () => {
      // victor's strict conversion keeps this schema as it is; the SDK refuses a $ref with a sibling constraint.
      const tool = new RecordingTool({
        name: 'tag',
        parameters: { type: 'object', properties: { a: { $ref: '#/$defs/word', pattern: '^a' } }, required: ['a'], $defs: { word: { type: 'string' } } },
      });
      const [auto] = toOpenAIAgentsTools(registryWith(tool));
      expect(auto!.strict).toBe(false);
      expect(auto!.parameters).toEqual(tool.parameters);
      expect(() => toOpenAIAgentsTools(registryWith(tool), { strict: true })).toThrow(/combining `\$ref` with sibling keyword `pattern`/);
    });

    it("should keep a tool over OpenAI's strict-mode limits non-strict, unless strict: true", () => {
      const values = Array.from({ length: 1_200 }, (_, i) => `v${i}`);
      const tool = new RecordingTool({ name: 'pick', parameters: { type: 'object', properties: { v: { type: 'string', enum: values } }, required: ['v'] } });
      const [auto] = toOpenAIAgentsTools(registryWith(tool));
      expect(auto!.strict).toBe(false);
      expect(auto!.parameters).toEqual(tool.parameters);
      expect(() => toOpenAIAgentsTools(registryWith(tool), { strict: true })).toThrow(RangeError);
    });

    it('should keep a tool non-strict when strict mode cannot export it: a required name without a property, or a schema without a type', () => {
      const undeclared = new RecordingTool({ name: 'undeclared', parameters: { type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'zz'] } });
      const [auto] = toOpenAIAgentsTools(registryWith(undeclared));
      expect(auto!.strict).toBe(false);
      expect(auto!.parameters).toEqual(undeclared.parameters);
      expect(() => toOpenAIAgentsTools(registryWith(undeclared), { strict: true })).toThrow(/requires 'zz'/);
      const untyped = new RecordingTool({ name: 'untyped', parameters: { type: 'object', properties: { v: { description: 'Any value.' } }, required: ['v'] } });
      expect(toOpenAIAgentsTools(registryWith(untyped))[0]!.strict).toBe(false);
    });

    it("should take names, aliases and selectTools' answer with its levels", () => {
      const registry = registryWith(readFile(), writeFile());
      expect(toOpenAIAgentsTools(registry, { tools: ['cat', 'write_file', 'read_file'] }).map((t) => t.name)).toEqual(['read_file', 'write_file']);
      const [stub] = toOpenAIAgentsTools(registry, { tools: { tools: [{ name: 'read_file', level: SchemaLevel.STUB }] } });
      expect(stub!.description).toBe('Read a UTF-8 text file and return its contents.');
      expect(() => toOpenAIAgentsTools(registry, { tools: ['nope'] })).toThrow("Tool 'nope' is not registered");
    });

    it('should never meet a tool name OpenAI rejects: the registry refuses it at registration, naming a valid one', () => {
      const registry = new ToolRegistry({ logger: quietLogger() });
      expect(() => registry.register('read file', readFile())).toThrow(TypeError);
      expect(() => registry.register('read file', readFile())).toThrow("Register it as 'read_file', or under another name.");
      expect(toOpenAIAgentsTools(registry)).toEqual([]);
    });
  });

  describe('runs', () => {
    it('should let the model read a validation failure, correct its call and finish', async () => {
      const tool = readFile();
      const { model, runner } = scriptedRun([
        { calls: [{ id: 'c1', name: 'read_file', args: { limit: 'ten' } }] },
        // A strict model sends null for the optional limit: it is taken as absent.
        { calls: [{ id: 'c2', name: 'read_file', args: { path: 'notes.txt', limit: null } }] },
        { text: 'The notes say hello.' },
      ]);
      const result = await runner.run(new Agent({ name: 'reader', tools: toOpenAIAgentsTools(registryWith(tool)) }), 'Read notes.txt');

      expect(outputsSentTo(model, 1)).toEqual([
        {
          callId: 'c1',
          output: text("Invalid parameters for tool 'read_file': Required parameter 'path' is missing; Parameter 'limit' has wrong type: expected integer, got string"),
        },
      ]);
      expect(outputsSentTo(model, 2).at(-1)).toEqual({ callId: 'c2', output: text('contents of notes.txt') });
      expect(result.finalOutput).toBe('The notes say hello.');
      expect(tool.calls.map((c) => c.args)).toEqual([{ path: 'notes.txt' }]);
    });

    it("should answer a tool's exception and an object output as text the model reads", async () => {
      const flaky = new RecordingTool({
        name: 'flaky',
        run: () => {
          throw new Error('disk on fire');
        },
      });
      const stats = new RecordingTool({ name: 'stats', run: () => ({ files: 3 }) });
      const { model, runner } = scriptedRun([
        { calls: [{ id: 'c1', name: 'flaky', args: {} }, { id: 'c2', name: 'stats', args: {} }] },
        { text: 'ok' },
      ]);
      await runner.run(new Agent({ name: 'a', tools: toOpenAIAgentsTools(registryWith(flaky, stats)) }), 'go');
      expect(outputsSentTo(model, 1)).toEqual([
        { callId: 'c1', output: text('Tool execution failed: disk on fire') },
        { callId: 'c2', output: text('{"files":3}') },
      ]);
    });

    it('should answer arguments that are not an object, or not JSON, with a message the model reads', async () => {
      const tool = readFile();
      const { model, runner } = scriptedRun([
        { calls: [{ id: 'c1', name: 'read_file', args: [1, 2] as never }, { id: 'c2', name: 'read_file', args: '{"path": ' as never }] },
        { text: 'ok' },
      ]);
      const result = await runner.run(new Agent({ name: 'a', tools: toOpenAIAgentsTools(registryWith(tool)) }), 'go');
      expect(result.interruptions).toEqual([]);
      const [notObject, notJson] = outputsSentTo(model, 1);
      expect(notObject!.output).toEqual(text(expect.stringMatching(/^Invalid parameters for tool 'read_file'/) as never));
      expect(notJson!.output).toEqual(text(expect.stringMatching(/valid JSON/) as never));
      expect(tool.calls).toEqual([]);
      expect(result.finalOutput).toBe('ok');
    });

    it('should answer arguments that are not JSON, given to invoke() directly, with a message naming the problem', async () => {
      const tool = readFile();
      const [agentTool] = toOpenAIAgentsTools(registryWith(tool));
      for (const raw of ['NaN', '{"path": ', '']) {
        await expect(agentTool!.invoke(new RunContext(), raw)).resolves.toMatch(/^Invalid parameters for tool 'read_file': the arguments are not valid JSON/);
      }
      expect(tool.calls).toEqual([]);
    });

    it.each(HOSTILE_KINDS)('should answer %s as a failed result saying why, as the MCP server does, in each tool form', async (kind) => {
      const tools = toOpenAIAgentsTools(hostileRegistry());
      for (const agentTool of tools) {
        await expect(agentTool.invoke(new RunContext(), JSON.stringify({ kind }))).resolves.toMatch(unsendableMessage(agentTool.name, kind));
      }
      const { model, runner } = scriptedRun([{ calls: HOSTILE_TOOL_NAMES.map((name, i) => ({ id: `c${i}`, name, args: { kind } })) }, { text: 'ok' }]);
      const result = await runner.run(new Agent({ name: 'a', tools }), 'go');
      expect(result.finalOutput).toBe('ok');
      expect(outputsSentTo(model, 1)).toEqual(HOSTILE_TOOL_NAMES.map((name, i) => ({ callId: `c${i}`, output: text(expect.stringMatching(unsendableMessage(name, kind)) as never) })));
    });

    it('should cut an output over 1,000,000 characters as the MCP server does', async () => {
      const [agentTool] = toOpenAIAgentsTools(registryWith(hugeTool(1_500_000)));
      expectCut((await agentTool!.invoke(new RunContext(), '{}')) as string, 'x'.repeat(1_500_000), 1_000_000);
    });

    it('should pass the context and the call id to the tool', async () => {
      const tool = new RecordingTool({ name: 'probe' });
      const { runner } = scriptedRun([{ calls: [{ id: 'call-7', name: 'probe', args: {} }] }, { text: 'ok' }]);
      const tools = toOpenAIAgentsTools(registryWith(tool), { context: { workspace: '/repo', approvedBy: 'forged' } });
      await runner.run(new Agent({ name: 'a', tools }), 'go');
      expect(tool.calls[0]!.ctx).toMatchObject({ workspace: '/repo', toolCallId: 'call-7' });
      expect(tool.calls[0]!.ctx.approvedBy).toBeUndefined();
    });

    it('should cancel a running tool when the run is aborted', async () => {
      const controller = new AbortController();
      const { tool, signal } = toolAbortingItsCaller(controller);
      const { runner } = scriptedRun([{ calls: [{ id: 'c1', name: 'slow', args: {} }] }, { text: 'never' }]);
      await runner.run(new Agent({ name: 'a', tools: toOpenAIAgentsTools(registryWith(tool)) }), 'go', { signal: controller.signal }).catch(() => undefined);
      expect(signal()?.aborted).toBe(true);
    });

    it('should let PLAN mode refuse a writing tool without an approval interruption', async () => {
      const tool = writeFile();
      const { model, runner } = scriptedRun([{ calls: [{ id: 'c1', name: 'write_file', args: { path: 'a', text: 'b' } }] }, { text: 'Plan mode: no writing.' }]);
      const tools = toOpenAIAgentsTools(registryWith(tool), { context: { mode: AgentMode.PLAN } });
      const result = await runner.run(new Agent({ name: 'a', tools }), 'write');
      expect(result.interruptions).toEqual([]);
      expect(outputsSentTo(model, 1)).toEqual([
        { callId: 'c1', output: text("Tool 'write_file' refused in plan mode: plan mode allows only readonly and network tools, and this tool's access mode is 'write'") },
      ]);
      expect(tool.calls).toEqual([]);
      expect(result.finalOutput).toBe('Plan mode: no writing.');
    });
  });

  describe('approval: the registry decides', () => {
    function personRegistry(fallback?: () => boolean, ...tools: RecordingTool[]) {
      const registry = new ToolRegistry({ logger: quietLogger(), approve: trustFrameworkApproval(fallback) });
      for (const tool of tools) registry.register(tool);
      return registry;
    }

    async function askToDelete(registry: ToolRegistry) {
      const { model, runner } = scriptedRun([{ calls: [{ id: 'c1', name: 'delete_file', args: { path: 'a.txt' } }] }, { text: 'Done.' }]);
      const agent = new Agent({ name: 'a', tools: toOpenAIAgentsTools(registry) });
      const first = await runner.run(agent, 'delete a.txt');
      return { first, model, resume: () => runner.run(agent, first.state) };
    }

    it('should interrupt the run for approval under trustFrameworkApproval and run the call once approved', async () => {
      const tool = deleteFile();
      const askPerson = jest.fn(() => true);
      const { first, model, resume } = await askToDelete(personRegistry(askPerson, tool));
      expect(first.interruptions.map((i) => i.name)).toEqual(['delete_file']);
      expect(tool.calls).toEqual([]);

      first.state.approve(first.interruptions[0]!);
      const second = await resume();
      expect(tool.calls).toHaveLength(1);
      expect(tool.calls[0]!.ctx.approvedBy).toBe('openai-agents');
      expect(askPerson).not.toHaveBeenCalled(); // the person answered through the run
      expect(outputsSentTo(model, 1)).toEqual([{ callId: 'c1', output: text('delete_file done') }]);
      expect(second.finalOutput).toBe('Done.');
    });

    it('should never run a call whose approval is rejected', async () => {
      const tool = deleteFile();
      const { first, model, resume } = await askToDelete(personRegistry(undefined, tool));
      first.state.reject(first.interruptions[0]!);
      await resume();
      expect(tool.calls).toEqual([]);
      const [sent] = outputsSentTo(model, 1);
      expect(sent!.callId).toBe('c1');
      expect(sent!.output).not.toEqual(text('delete_file done'));
    });

    it('should not run an approved call whose arguments were changed in the saved run state', async () => {
      const tool = deleteFile();
      const { runner } = scriptedRun([{ calls: [{ id: 'c1', name: 'delete_file', args: { path: 'a.txt' } }] }, { text: 'Done.' }]);
      const agent = new Agent({ name: 'a', tools: toOpenAIAgentsTools(personRegistry(undefined, tool)) });
      const first = await runner.run(agent, 'delete a.txt');
      const saved = first.state.toString();
      expect(saved).toContain('a.txt');

      const state = await RunState.fromString(agent, saved.replaceAll('a.txt', 'important.db'));
      state.approve(state.getInterruptions()[0]!);
      await runner.run(agent, state);
      expect(tool.calls).toEqual([]);
    });

    it('should run an approved call read back from an unchanged saved run state, once', async () => {
      const tool = deleteFile();
      const { runner } = scriptedRun([{ calls: [{ id: 'c1', name: 'delete_file', args: { path: 'a.txt' } }] }, { text: 'Done.' }, { text: 'Done again.' }]);
      const agent = new Agent({ name: 'a', tools: toOpenAIAgentsTools(personRegistry(undefined, tool)) });
      const first = await runner.run(agent, 'delete a.txt');
      const saved = first.state.toString();
      const state = await RunState.fromString(agent, saved);
      state.approve(state.getInterruptions()[0]!);
      await runner.run(agent, state);
      expect(tool.calls.map((c) => c.args)).toEqual([{ path: 'a.txt' }]);

      // The same approval replayed from the saved state: its request was used up.
      const replay = await RunState.fromString(agent, saved);
      replay.approve(replay.getInterruptions()[0]!);
      await runner.run(agent, replay);
      expect(tool.calls).toHaveLength(1);
    });

    it('should refuse a call of a tool that asks a person when invoke() is called outside a run', async () => {
      const tool = deleteFile();
      const [agentTool] = toOpenAIAgentsTools(personRegistry(() => true, tool));
      const output = await agentTool!.invoke(new RunContext(), JSON.stringify({ path: 'a.txt' }), { toolCall: { type: 'function_call', callId: 'c9', name: 'delete_file', arguments: '{"path":"a.txt"}' } } as never);
      expect(output).toMatch(/^Tool 'delete_file' was not approved: the run's approval answers no approval request this server issued/);
      expect(tool.calls).toEqual([]);
    });

    it('should run calls without an interruption when the registry has no approve callback, as registry.execute does', async () => {
      const tool = deleteFile();
      const { first } = await askToDelete(registryWith(tool));
      expect(first.interruptions).toEqual([]);
      expect(tool.calls).toHaveLength(1);
      expect(tool.calls[0]!.ctx.approvedBy).toBeUndefined();
    });

    it('should ask about EXECUTE tools on every call and WRITE tools until one was approved, as the registry does', async () => {
      const registry = personRegistry(undefined, runCommand(), writeFile(), readFile());
      const tools = toOpenAIAgentsTools(registry);
      const byName = (name: string) => tools.find((t) => t.name === name)!;
      const asks = (name: string) => byName(name).needsApproval({} as never, {} as never, 'x');
      await expect(asks('read_file')).resolves.toBe(false);
      await expect(asks('run_command')).resolves.toBe(true);
      await expect(asks('write_file')).resolves.toBe(true);
      const { runner } = scriptedRun([
        { calls: [{ id: 'w1', name: 'write_file', args: { path: 'a', text: 'b' } }] },
        { text: 'ok' },
      ]);
      const agent = new Agent({ name: 'a', tools });
      const first = await runner.run(agent, 'write');
      first.state.approve(first.interruptions[0]!);
      await runner.run(agent, first.state);
      await expect(asks('write_file')).resolves.toBe(false);
      await expect(asks('run_command')).resolves.toBe(true);
    });

    it('should let an ordinary approve callback decide inside the call, without an interruption', async () => {
      const approve = jest.fn(() => false);
      const registry = new ToolRegistry({ logger: quietLogger(), approve });
      const tool = runCommand();
      registry.register(tool);
      const { model, runner } = scriptedRun([{ calls: [{ id: 'c1', name: 'run_command', args: { command: 'ls' } }] }, { text: 'refused' }]);
      const result = await runner.run(new Agent({ name: 'a', tools: toOpenAIAgentsTools(registry) }), 'ls');
      expect(result.interruptions).toEqual([]);
      expect(approve).toHaveBeenCalledTimes(1);
      expect(tool.calls).toEqual([]);
      expect(outputsSentTo(model, 1)).toEqual([
        { callId: 'c1', output: text("Tool 'run_command' was not approved: the approval callback refused it (asked because execute tools are confirmed on every call)") },
      ]);
    });

    it('should refuse an option it does not take, such as a misspelt context, rather than run outside its mode', () => {
      expect(() => toOpenAIAgentsTools(registryWith(readFile()), { ctx: { mode: 'plan' } } as never)).toThrow(
        new TypeError("toOpenAIAgentsTools: unknown option 'ctx'; it takes tools, context, level, strict."),
      );
      // An option given as undefined (a spread of optional settings) is no option at all.
      expect(toOpenAIAgentsTools(registryWith(readFile()), { context: undefined, level: undefined }).map((t) => t.name)).toEqual(['read_file']);
    });

    it.each([['yes'], [0], [null], ['false']])('should refuse strict: %p rather than take it as strict', (strict) => {
      expect(() => toOpenAIAgentsTools(registryWith(readFile()), { strict: strict as never })).toThrow(TypeError);
      expect(() => toOpenAIAgentsTools(registryWith(readFile()), { strict: strict as never })).toThrow(/^toOpenAIAgentsTools: strict must be 'auto', true or false, got /);
    });

    it("should refuse the old approval option with a message naming the registry's approve", () => {
      expect(() => toOpenAIAgentsTools(registryWith(readFile()), { approval: 'registry' } as never)).toThrow(
        "toOpenAIAgentsTools: the 'approval' option was removed: the registry's approve option decides approval at every door. " +
          "new ToolRegistry({ approve: trustFrameworkApproval() }) asks the person through the Agents SDK's needsApproval (approval: 'sdk'); " +
          "any other approve callback decides inside the call (approval: 'registry').",
      );
    });
  });
});
