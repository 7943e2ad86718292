import { ToolRegistry, ToolResult } from '@victor-tools/core';
import { inProcessInvoker, type ToolInvocation } from '@victor-tools/core/framework';
import { standardSchemaOf } from '@victor-tools/core/internal';
import { z } from 'zod';
import { testTool } from '../registry/helpers';

describe('inProcessInvoker', () => {
  it("should run the invocation's tool with its context and arguments, and return what it returns", async () => {
    const tool = testTool({ name: 't', run: (args) => ToolResult.ok(args.n) });
    const ctx = { toolName: 't' } as ToolInvocation['ctx'];
    const answer = await inProcessInvoker.invoke({ name: 't', tool, args: { n: 1 }, input: { n: 1 }, ctx, timeoutMs: undefined, deadline: undefined });
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

describe("the invocation's input", () => {
  function recording(): { registry: ToolRegistry; invocations: ToolInvocation[] } {
    const invocations: ToolInvocation[] = [];
    const registry = new ToolRegistry({
      invoker: {
        invoke(call) {
          invocations.push(call);
          return inProcessInvoker.invoke(call);
        },
      },
    });
    return { registry, invocations };
  }

  it('should be the arguments as ajv passed them, before a zod transform, while args is the library output', async () => {
    const { registry, invocations } = recording();
    const parameters = z.object({ s: z.string().transform((s) => s.length), n: z.number().default(7) });
    const tool = testTool({ name: 'z', parameters: parameters as never, run: (args) => ToolResult.ok(args) });
    registry.register(tool);
    const result = await registry.execute('z', { s: 'abcd' });
    expect(result.output).toEqual({ s: 4, n: 7 });
    const [call] = invocations;
    expect(call.args).toEqual({ s: 4, n: 7 });
    expect(call.input).toEqual({ s: 'abcd', n: 7 });
    expect(Object.isFrozen(call.input)).toBe(true);
    expect(standardSchemaOf(registry.get('z')!)).toBe(parameters);
  });

  it('should follow a before-hook that replaces the arguments, still before the transform', async () => {
    const { registry, invocations } = recording();
    registry.register(testTool({ name: 'z', parameters: z.object({ s: z.string().transform((s) => s.length) }) as never }));
    registry.registerBeforeHook(() => ({ s: 'replaced' }));
    await registry.execute('z', { s: 'abcd' });
    expect(invocations[0].input).toEqual({ s: 'replaced' });
    expect(invocations[0].args).toEqual({ s: 8 });
  });

  it('should be the very object of args for a JSON Schema tool', async () => {
    const { registry, invocations } = recording();
    const tool = testTool({ name: 'j', parameters: { type: 'object', properties: { n: { type: 'integer', default: 1 } } } });
    registry.register(tool);
    await registry.execute('j', {});
    expect(invocations[0].args).toEqual({ n: 1 });
    expect(invocations[0].input).toBe(invocations[0].args);
    expect(standardSchemaOf(registry.get('j')!)).toBeUndefined();
  });
});
