import { ToolRegistry, type ToolCallContext, type ToolExecutionContext } from '@victor-tools/core';
import { recordingLogger, testTool } from '../registry/helpers';

// The shared resources these tests pass, declared as a project declares its own (declaration merging).
declare module '@victor-tools/core' {
  interface ToolExecutionContext {
    user?: string;
    shared?: unknown;
    counted?: number;
  }
}

async function contextOf(callerCtx?: ToolExecutionContext, registry = new ToolRegistry()): Promise<ToolCallContext> {
  const tool = testTool({ name: 't', metadata: { accessMode: 'readonly' } });
  registry.register(tool);
  await registry.execute('t', {}, callerCtx);
  return tool.calls[0].ctx;
}

describe('the context a tool receives', () => {
  it("should be a copy of the caller's own properties, each read once, that writes never leave", async () => {
    let reads = 0;
    const shared = { files: ['a'] };
    const callerCtx = {
      shared,
      mode: 'build' as const,
      get counted() {
        reads++;
        return reads;
      },
    };
    const ctx = await contextOf(callerCtx);
    expect(ctx).not.toBe(callerCtx);
    expect(ctx.shared).toBe(shared);
    expect(ctx.mode).toBe('build');
    expect(ctx.counted).toBe(1);
    expect(ctx.counted).toBe(1);
    expect(reads).toBe(1);
    (ctx as { mode?: unknown }).mode = 'plan';
    expect(callerCtx.mode).toBe('build');
  });

  it("should read the policy's members of a context of a class, where they are inherited getters", async () => {
    class SessionContext {
      get mode() {
        return 'plan' as const;
      }
      get sandbox() {
        return '/srv/box';
      }
    }
    const callerCtx = new SessionContext() as unknown as ToolExecutionContext;
    const ctx = await contextOf(callerCtx);
    expect([ctx.mode, ctx.sandbox]).toEqual(['plan', '/srv/box']);
    const registry = new ToolRegistry();
    registry.register(testTool({ name: 'writer', metadata: { accessMode: 'write' } }));
    expect((await registry.execute('writer', {}, callerCtx)).error).toMatch(/^Tool 'writer' refused in plan mode/);
  });

  it('should keep a __proto__ key as an own property, never as the prototype', async () => {
    const callerCtx = JSON.parse('{"__proto__": {"polluted": true}, "user": "ann"}') as ToolExecutionContext;
    const ctx = await contextOf(callerCtx);
    expect(Object.prototype.hasOwnProperty.call(ctx, '__proto__')).toBe(true);
    expect((ctx as unknown as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("should provide toolName, signal, reportProgress and log, not as own keys, the caller's values not copied", async () => {
    // A JavaScript caller can send anything: the registry's own members are not taken from it.
    const ctx = await contextOf({ toolName: 'spoofed', user: 'ann' } as ToolExecutionContext);
    expect(ctx.toolName).toBe('t');
    expect(ctx.signal).toBeInstanceOf(AbortSignal);
    expect(typeof ctx.reportProgress).toBe('function');
    expect(typeof ctx.log).toBe('function');
    expect(Object.keys(ctx)).toEqual(['user']);
  });

  it('should name the registered tool in toolName when the call used an alias', async () => {
    const registry = new ToolRegistry();
    const tool = testTool({ name: 'read_file', aliases: ['cat'] });
    registry.register(tool);
    await registry.execute('cat', {});
    expect(tool.calls[0].ctx.toolName).toBe('read_file');
  });
});

describe('ctx.reportProgress', () => {
  it("should forward to the caller's reporter while the tool runs, and be ignored once it answered", async () => {
    const reports: unknown[][] = [];
    const registry = new ToolRegistry();
    let late: (() => void) | undefined;
    registry.register(
      testTool({
        name: 'work',
        run: (_args, ctx) => {
          ctx.reportProgress(1, 2, 'half');
          late = () => ctx.reportProgress(2, 2, 'too late');
          return 'done';
        },
      }),
    );
    await registry.execute('work', {}, { reportProgress: (...report: unknown[]) => reports.push(report) });
    late!();
    expect(reports).toEqual([[1, 2, 'half']]);
  });

  it('should be a no-op without a listener, and never throw into the tool', async () => {
    const registry = new ToolRegistry({ logger: recordingLogger() });
    registry.register(
      testTool({
        name: 'work',
        run: (_args, ctx) => {
          ctx.reportProgress(1);
          return 'done';
        },
      }),
    );
    expect((await registry.execute('work', {})).output).toBe('done');
    const throwing = await registry.execute('work', {}, {
      reportProgress: () => {
        throw new Error('client gone');
      },
    });
    expect(throwing.output).toBe('done');
  });
});

describe('ctx.log', () => {
  it("should go to the caller's ctx.log when given, with the tool's level", async () => {
    const lines: unknown[][] = [];
    const registry = new ToolRegistry();
    registry.register(testTool({ name: 'work', run: (_args, ctx) => ctx.log('warning', 'careful', { n: 1 }) }));
    await registry.execute('work', {}, { log: (...line: unknown[]) => lines.push(line) });
    expect(lines).toEqual([['warning', 'careful', { n: 1 }]]);
  });

  it("should pass on the name of the logger the tool gives, to the caller's ctx.log and in the registry's logger's line", async () => {
    const lines: unknown[][] = [];
    const logger = recordingLogger();
    const registry = new ToolRegistry({ logger });
    registry.register(testTool({ name: 'work', run: (_args, ctx) => ctx.log('info', 'connected', { k: 1 }, 'db') }));
    await registry.execute('work', {}, { log: (...line: unknown[]) => lines.push(line) });
    await registry.execute('work', {});
    expect(lines).toEqual([['info', 'connected', { k: 1 }, 'db']]);
    expect(logger.entries).toEqual([{ level: 'info', message: "Tool 'work' (db): connected" }]);
  });

  it("should go to the registry's logger otherwise, by the matching method", async () => {
    const logger = recordingLogger();
    const registry = new ToolRegistry({ logger });
    registry.register(
      testTool({
        name: 'work',
        run: (_args, ctx) => {
          ctx.log('debug', 'a');
          ctx.log('notice', 'b');
          ctx.log('warning', 'c');
          ctx.log('critical', 'd');
          ctx.log('nonsense' as never, 'e');
        },
      }),
    );
    await registry.execute('work', {});
    expect(logger.entries).toEqual([
      { level: 'debug', message: "Tool 'work': a" },
      { level: 'info', message: "Tool 'work': b" },
      { level: 'warn', message: "Tool 'work': c" },
      { level: 'error', message: "Tool 'work': d" },
      { level: 'info', message: "Tool 'work': e" },
    ]);
  });
});
