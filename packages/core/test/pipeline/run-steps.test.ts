import { ToolResult } from '@victor-tools/core';
import { runSteps, STEPS } from '../../src/pipeline/steps';
import { ToolCall, type PipelineHost, type Step } from '../../src/pipeline/tool-call';
import { LoopDetector } from '../../src/policy/loop-detector';
import type { ToolEntry } from '../../src/registry/tool-entry';
import { recordingLogger } from '../registry/helpers';

/** A call of a registered, enabled tool, as the resolve step would leave it. */
function callOf(options: { enabled?: boolean; registered?: boolean } = {}): ToolCall {
  const entry = { name: 't', enabled: options.enabled ?? true } as ToolEntry;
  const host: PipelineHost = {
    lookup: (name) => (name === 't' && options.registered !== false ? entry : undefined),
    knownNames: () => ['t'],
    beforeHooks: [],
    afterHooks: [],
    logger: recordingLogger(),
    validationOptions: {},
    defaultTimeoutMs: undefined,
    approval: { asks: undefined, callback: undefined, fallback: undefined },
    approvalTimeoutMs: undefined,
    loops: new LoopDetector(4),
    refuseLoops: false,
    invoker: { invoke: () => ToolResult.ok(null) },
  };
  const call = new ToolCall(host, 't', {}, undefined);
  call.entry = entry;
  return call;
}

describe('runSteps', () => {
  it('should run plain steps in order, and stop at the first answer', async () => {
    const ran: string[] = [];
    const stop = ToolResult.fail('stop');
    const steps: Step[] = [() => void ran.push('a'), () => void ran.push('b'), () => stop, () => void ran.push('never')];
    expect(await runSteps(callOf(), steps)).toBe(stop);
    expect(ran).toEqual(['a', 'b']);
  });

  it('should let the call through (answer undefined) when no step answers', async () => {
    expect(await runSteps(callOf(), [() => undefined, () => undefined])).toBeUndefined();
  });

  it('should wait only for a step that answers a promise, then run the rest', async () => {
    const ran: string[] = [];
    const steps: Step[] = [() => void ran.push('sync'), () => Promise.resolve(undefined).then(() => void ran.push('async')), () => void ran.push('after')];
    const outcome = runSteps(callOf(), steps);
    expect(outcome).toBeInstanceOf(Promise);
    expect(ran).toEqual(['sync']);
    expect(await outcome).toBeUndefined();
    expect(ran).toEqual(['sync', 'async', 'after']);
  });

  it('should end with the answer a waited step resolves to', async () => {
    const answer = ToolResult.fail('later');
    const ran: string[] = [];
    expect(await runSteps(callOf(), [async () => answer, () => void ran.push('never')])).toBe(answer);
    expect(ran).toEqual([]);
  });

  it('should turn a step that throws, or whose promise rejects, into the internal failure, never a throw', async () => {
    const thrown = await runSteps(callOf(), [
      () => {
        throw new Error('broken logger');
      },
    ]);
    expect(thrown).toMatchObject({ success: false, error: "Tool 't' failed before it could run: broken logger" });
    expect(await runSteps(callOf(), [() => Promise.reject(new Error('gone'))])).toMatchObject({ error: "Tool 't' failed before it could run: gone" });
  });

  it('should check the call again after every wait: a tool disabled or unregistered meanwhile stops it', async () => {
    const ran: string[] = [];
    const steps: Step[] = [async () => undefined, () => void ran.push('tool')];
    expect(await runSteps(callOf({ enabled: false }), steps)).toMatchObject({ error: "Tool 't' is disabled" });
    expect(await runSteps(callOf({ registered: false }), steps)).toMatchObject({ error: "Tool 't' was unregistered while the call was waiting" });
    expect(ran).toEqual([]);
  });

  it('should not hang when a step runs steps of its own through runSteps and one of them waits', async () => {
    const call = callOf();
    const nested: Step = (c) => runSteps(c, [async () => undefined]);
    const next = ToolResult.ok('next');
    expect(await runSteps(call, [nested, () => next])).toBe(next);
  });
});

describe('STEPS', () => {
  it('should list the steps of a call once, in order', () => {
    expect(STEPS.map((step) => step.name)).toEqual([
      'findTool',
      'checkEnabled',
      'checkAvailable',
      'checkMode',
      'validate',
      'validateStandard',
      'checkSandbox',
      'detectLoop',
      'approve',
      'runBeforeHooks',
      'checkPolicyContext',
      'invokeTool',
      'checkOutput',
      'addCallMetadata',
      'runAfterHooks',
      'answerResult',
    ]);
  });
});
