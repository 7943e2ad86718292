import { ToolRegistry, ToolResult, inProcessInvoker, type ToolInvocation } from '@victor-tools/core';
import { testTool } from '../registry/helpers';

describe('inProcessInvoker', () => {
  it("should run the invocation's tool with its context and arguments, and return what it returns", async () => {
    const tool = testTool({ name: 't', run: (args) => ToolResult.ok(args.n) });
    const ctx = { toolName: 't' } as ToolInvocation['ctx'];
    const answer = await inProcessInvoker.invoke({ name: 't', tool, args: { n: 1 }, ctx, timeoutMs: undefined, deadline: undefined });
    expect(answer).toEqual(ToolResult.ok(1));
    expect(tool.calls[0]).toEqual({ args: { n: 1 }, ctx });
  });

  it('should be frozen: a registry cannot be changed by changing the default', () => {
    expect(Object.isFrozen(inProcessInvoker)).toBe(true);
  });
});

describe('the step that runs the tool', () => {
  function registryAnswering(answer: () => unknown): ToolRegistry {
    const registry = new ToolRegistry({ invoker: { invoke: answer as never } });
    registry.register(testTool({ name: 't' }));
    return registry;
  }

  it('should fail readably, never reject, when the answer is a thenable whose then throws', async () => {
    const result = await registryAnswering(() => ({
      then() {
        throw new Error('broken then');
      },
    })).execute('t', {});
    expect(result.error).toBe('Tool execution failed: broken then');
  });

  it('should take a thenable that answers at once, and ignore any second answer', async () => {
    const result = await registryAnswering(() => ({
      then(resolve: (value: unknown) => void) {
        resolve('first');
        resolve('second');
      },
    })).execute('t', {});
    expect(result.output).toBe('first');
  });

  it('should take a thenable that rejects as a thrown error', async () => {
    const result = await registryAnswering(() => ({
      then(_resolve: unknown, reject: (error: unknown) => void) {
        reject(new TypeError('nope'));
      },
    })).execute('t', {});
    expect(result).toMatchObject({ success: false, error: 'Tool execution failed: nope', metadata: { exception: 'TypeError' } });
  });

  it('should hand an invoker the deadline counted from the call start, restarted when approved', async () => {
    const invocations: ToolInvocation[] = [];
    const registry = new ToolRegistry({
      approve: () => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 60)),
      invoker: {
        invoke(call) {
          invocations.push(call);
          return ToolResult.ok(null);
        },
      },
    });
    registry.register(testTool({ name: 'ex', timeoutMs: 1_000, metadata: { accessMode: 'execute' } }));
    const started = Date.now();
    await registry.execute('ex', {});
    const { deadline } = invocations[0];
    expect(deadline).toBeGreaterThanOrEqual(started + 1_000 + 50);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 1_000);
  });
});
