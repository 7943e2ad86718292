import { Agent, RunState } from '@openai/agents';
import { ToolRegistry } from '@victor-tools/core';
import { ToolMetadataRegistry } from '@victor-tools/metadata';
import { trustFrameworkApproval, victorToolSelection } from '@victor-tools/openai-agents';
import { outputsSentTo, quietLogger, readFile, RecordingTool, runCommand, scriptedRun, selectionRegistry } from './support';

afterEach(() => ToolMetadataRegistry.resetInstance());

/** The names of the function tools the model was offered in its `call`-th request (0-based). */
function offered(model: ReturnType<typeof scriptedRun>['model'], call: number): string[] {
  return (model.calls[call]?.request.tools ?? []).map((tool) => tool.name).sort();
}

describe('victorToolSelection', () => {
  it('should enable only the tools each turn needs, keeping the tools the run called', async () => {
    const selection = victorToolSelection(selectionRegistry(), { maxTools: 3 });
    const agent = selection.attach(new Agent({ name: 'assistant', instructions: 'Help.', tools: selection.tools }));
    const { model, runner } = scriptedRun([
      { calls: [{ id: 'c1', name: 'get_weather', args: { city: 'Lisbon' } }] },
      { calls: [{ id: 'c2', name: 'send_email', args: { to: 'ana@example.com' } }] },
      { text: 'Sent.' },
    ]);
    const result = await runner.run(agent, 'What is the weather forecast in Lisbon? Then send an email to Ana.');

    expect(result.finalOutput).toBe('Sent.');
    expect(offered(model, 0)).toEqual(['ask_user', 'get_weather', 'send_email']);
    expect(offered(model, 1)).toEqual(expect.arrayContaining(['ask_user', 'get_weather', 'send_email']));
    for (let call = 0; call < 3; call++) expect(offered(model, call)).not.toContain('run_command');
    expect(outputsSentTo(model, 1).map((o) => o.callId)).toEqual(['c1']);
  });

  it('should rank by the latest user message of the input', async () => {
    const selection = victorToolSelection(selectionRegistry(), { maxTools: 1 });
    const agent = selection.attach(new Agent({ name: 'assistant', tools: selection.tools }));
    const { model, runner } = scriptedRun([{ text: 'ok' }]);
    await runner.run(agent, [
      { role: 'user', content: 'Read the file notes.txt' },
      { role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'It says hello.' }] },
      { role: 'user', content: [{ type: 'input_text', text: 'Now run the command make test' }] },
    ]);
    expect(offered(model, 0)).toEqual(['ask_user', 'run_command']);
  });

  it('should let a run stopped for approval be saved, read back (RunState.fromString) and resumed', async () => {
    const command = runCommand();
    const registry = new ToolRegistry({ logger: quietLogger(), approve: trustFrameworkApproval() }).register(readFile()).register(command);
    const selection = victorToolSelection(registry, { maxTools: 1 });
    const agent = selection.attach(new Agent({ name: 'assistant', tools: selection.tools }));
    const { model, runner } = scriptedRun([{ calls: [{ id: 'c1', name: 'run_command', args: { command: 'make test' } }] }, { text: 'Tests pass.' }]);
    const first = await runner.run(agent, 'Run the command make test');
    expect(first.interruptions.map((i) => i.name)).toEqual(['run_command']);

    const state = await RunState.fromString(agent, first.state.toString());
    state.approve(state.getInterruptions()[0]!);
    const second = await runner.run(agent, state);
    expect(command.calls.map((c) => c.args)).toEqual([{ command: 'make test' }]);
    expect(second.finalOutput).toBe('Tests pass.');
    // The saved run's input is not seen here: without a request, the tool it called comes first (within maxTools).
    expect(offered(model, 1)).toEqual(['run_command']);
  });

  it('should say what to do when the agent was not attached', async () => {
    const selection = victorToolSelection(selectionRegistry());
    const agent = new Agent({ name: 'assistant', tools: selection.tools });
    const { runner } = scriptedRun([{ text: 'ok' }]);
    await expect(runner.run(agent, 'hello')).rejects.toThrow(
      'victorToolSelection: the run started before its input was seen; call selection.attach(agent) on every agent that has these tools, before running it',
    );
  });

  it('should enable WRITE and EXECUTE tools in EXPLORE mode only with a sandbox', async () => {
    const offeredFor = async (options: { mode?: 'explore'; sandbox?: string; context?: { mode: 'explore' | 'plan'; sandbox?: string } }) => {
      const selection = victorToolSelection(selectionRegistry(), options);
      const agent = selection.attach(new Agent({ name: 'assistant', tools: selection.tools }));
      const { model, runner } = scriptedRun([{ text: 'ok' }]);
      await runner.run(agent, 'Now run the command make test');
      return offered(model, 0);
    };
    expect(await offeredFor({ mode: 'explore', sandbox: __dirname })).toContain('run_command');
    expect(await offeredFor({ mode: 'explore' })).not.toContain('run_command');
    // The context's mode and sandbox choose when the options name none.
    expect(await offeredFor({ context: { mode: 'explore', sandbox: __dirname } })).toContain('run_command');
    expect(await offeredFor({ context: { mode: 'plan' } })).not.toContain('run_command');
  });

  it('should refuse an unknown option when it is made, naming it and the close known one', () => {
    expect(() => victorToolSelection(selectionRegistry(), { maxTool: 3 } as never)).toThrow(
      /^victorToolSelection: unknown option 'maxTool' \(did you mean 'maxTools'\?\); it takes maxTools, .*, context, strict, approval\.$/,
    );
    expect(() => victorToolSelection(selectionRegistry(), { mode: 'explore', sandbx: __dirname } as never)).toThrow(/unknown option 'sandbx' \(did you mean 'sandbox'\?\)/);
  });
});

describe('victorToolSelection: checked when it is made, choosing among its tools', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['maxTools NaN', { maxTools: NaN }, 'victorToolSelection: maxTools must be a whole number of at least 0'],
    ['tokenBudget "100"', { tokenBudget: '100' }, 'victorToolSelection: tokenBudget must be a number, got a string.'],
    ['userTurns NaN', { userTurns: NaN }, 'victorToolSelection: userTurns must be a whole number of at least 1, got NaN.'],
    ['keepCalled "no"', { keepCalled: 'no' }, 'victorToolSelection: keepCalled must be true or false'],
    ['maxCostTier "bogus"', { maxCostTier: 'bogus' }, "victorToolSelection: maxCostTier: Invalid CostTier value 'bogus'"],
    ['metadataRegistry {}', { metadataRegistry: {} }, 'victorToolSelection: metadataRegistry must be a ToolMetadataRegistry'],
    ['context 5', { context: 5 }, 'victorToolSelection: context must be an object'],
    ['context.mode "bogus"', { context: { mode: 'bogus' } }, "victorToolSelection: context: mode: Invalid AgentMode value 'bogus'"],
    ['strict "yes"', { strict: 'yes' }, "victorToolSelection: strict must be 'auto', true or false, got 'yes'."],
  ])('should refuse %s when it is made, naming itself and the option', (_label, options, message) => {
    expect(() => victorToolSelection(selectionRegistry(), options as never)).toThrow(message);
  });

  it('should not enable a tool registered after its tools were made (the agent does not have it)', async () => {
    const registry = selectionRegistry();
    const selection = victorToolSelection(registry, { maxTools: 2 });
    const agent = selection.attach(new Agent({ name: 'assistant', tools: selection.tools }));
    registry.register(new RecordingTool({ name: 'weather_alerts', description: 'Weather forecast alerts and warnings for a city.' }));
    const { model, runner } = scriptedRun([{ text: 'ok' }]);
    await runner.run(agent, 'weather forecast alerts in Lisbon');
    expect(offered(model, 0)).toEqual(['ask_user', 'get_weather']);
  });
});
