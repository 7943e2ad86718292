// The parts that live in core's pipeline and policy: an EXPLORE sandbox
// that holds (one root, declared and guessed path parameters, nested values,
// linear path checks), "what runs is what was checked" (hooks, approval,
// context), timeouts counted from the call's start, no memory kept by finished
// calls, and loop detection that keeps hashes per conversation. Every attack's
// input is generated here.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { AccessMode, BaseTool, ToolRegistry, ToolResult, type JsonSchema, type ToolCallContext, type ToolExecutionContext, type ToolMetadataInput } from '@victor-tools/core';
import { TestTool, silentLogger } from '../../../../test/support/tools';

// The shared resources these tests pass, declared as a project declares its own (declaration merging).
declare module '@victor-tools/core' {
  interface ToolExecutionContext {
    user?: string;
  }
}

/** Generous: these inputs took 45 to 99 s before; on a loaded machine they take milliseconds. */
const ATTACK_TIME_LIMIT_MS = 2_000;

let root: string;
let sandbox: string;

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'victor-s14-')));
  sandbox = join(root, 'sandbox');
  mkdirSync(join(sandbox, 'd'), { recursive: true });
  symlinkSync('loop', join(sandbox, 'loop'));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

function writeTool(parameters: JsonSchema, run?: (args: Record<string, unknown>, ctx: ToolCallContext) => unknown) {
  return new TestTool({ name: 'writer', parameters, metadata: { accessMode: AccessMode.WRITE }, run });
}

function explore(): ToolExecutionContext {
  return { mode: 'explore', sandbox };
}

/** A tool that keeps nothing of its calls (TestTool records them), for the memory tests. */
class QuietTool extends BaseTool {
  constructor(
    private readonly toolName: string,
    private readonly run: (args: Record<string, unknown>, ctx: ToolCallContext) => unknown,
    private readonly declared?: ToolMetadataInput,
  ) {
    super();
  }
  get name() {
    return this.toolName;
  }
  get description() {
    return 'Keeps nothing.';
  }
  get parameters(): JsonSchema {
    return { type: 'object' };
  }
  override get metadata() {
    return this.declared;
  }
  async execute(ctx: ToolCallContext, args: Record<string, unknown>) {
    return ToolResult.ok(await this.run(args, ctx));
  }
}

/** The garbage collector, from a flag set at run time (jest's workers do not start with --expose-gc). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  return work().then((value) => ({ value, ms: performance.now() - started }));
}

describe('the EXPLORE sandbox holds', () => {
  it('should resolve a relative path against ctx.sandbox, and hand the tool that root as ctx.sandbox', async () => {
    const tool = writeTool({ type: 'object', properties: { output: { type: 'string' } } }, (_args, ctx) => ctx.sandbox);
    const registry = new ToolRegistry();
    registry.register(tool);
    const inside = await registry.execute('writer', { output: 'victim.txt' }, explore());
    expect(inside).toMatchObject({ success: true, output: sandbox });
    const outside = await registry.execute('writer', { output: '../victim.txt' }, explore());
    expect(outside.error).toMatch(/^Tool 'writer' refused in explore mode: .*argument 'output' resolves to '.*victim\.txt', outside it/);
    expect(tool.calls).toHaveLength(1);
  });

  it.each([
    'filename',
    'file_name',
    'fileName',
    'dest',
    'destination',
    'output',
    'out',
    'target',
    'source',
    'src',
    'location',
    'to',
    'from',
    'dir',
    'folder',
    'backupDestination',
    'output_folder',
    'targetPath',
    'workDir',
  ])('should check an argument named %s', async (name) => {
    const registry = new ToolRegistry();
    registry.register(writeTool({ type: 'object', properties: { [name]: { type: 'string' } } }));
    const result = await registry.execute('writer', { [name]: '/etc/passwd' }, explore());
    expect(result.success).toBe(false);
    expect(result.metadata?.policy).toMatchObject({ rule: 'outside-sandbox' });
  });

  it.each(['content', 'photo', 'auto', 'query', 'message'])('should not take an argument named %s for a path', async (name) => {
    const registry = new ToolRegistry();
    registry.register(writeTool({ type: 'object', properties: { [name]: { type: 'string' } } }));
    expect((await registry.execute('writer', { [name]: '/etc/passwd' }, explore())).success).toBe(true);
  });

  it("should always check a parameter declared with format: 'path', whatever its name, in arrays too", async () => {
    const registry = new ToolRegistry();
    registry.register(
      writeTool({
        type: 'object',
        properties: {
          where: { type: 'string', format: 'path' },
          many: { type: 'array', items: { type: 'string', format: 'path' } },
        },
      }),
    );
    expect((await registry.execute('writer', { where: '/etc/passwd' }, explore())).success).toBe(false);
    expect((await registry.execute('writer', { many: ['d/a', '/etc/passwd'] }, explore())).error).toMatch(/argument 'many\.1'/);
    expect((await registry.execute('writer', { where: 'd/a', many: ['d/b'] }, explore())).success).toBe(true);
  });

  it('should check path arguments nested in objects and arrays', async () => {
    const registry = new ToolRegistry();
    registry.register(writeTool({ type: 'object' }));
    const attacks = [
      { options: { output: '../escape.txt' } },
      { files: [{ dest: 'd/ok' }, { dest: '/etc/passwd' }] },
      { targets: ['d/ok', '../../etc'] },
      { deep: { deeper: [{ deepest: { source: '/etc/shadow' } }] } },
    ];
    for (const args of attacks) {
      const result = await registry.execute('writer', args, explore());
      expect([args, result.success]).toEqual([args, false]);
      expect(result.metadata?.policy).toMatchObject({ rule: 'outside-sandbox' });
    }
    expect((await registry.execute('writer', { options: { output: 'd/x', note: '/etc/passwd' } }, explore())).success).toBe(true);
  });

  it('should check a path of 64,000 components in linear time', async () => {
    const registry = new ToolRegistry();
    registry.register(writeTool({ type: 'object', properties: { path: { type: 'string' } } }));
    const long = 'd/'.repeat(64_000);
    const { value, ms } = await timed(() => registry.execute('writer', { path: long }, explore()));
    expect(value.success).toBe(true);
    expect(ms).toBeLessThan(ATTACK_TIME_LIMIT_MS);
  });

  it.each([
    ['.. after each component', () => `${'d/../'.repeat(32_000)}../outside`],
    ['a long way down, then further up', () => `${'x/'.repeat(32_000)}${'../'.repeat(32_001)}outside`],
    ['only ..', () => '../'.repeat(64_000)],
  ])('should refuse a long path with %s in linear time', async (_what, build) => {
    const registry = new ToolRegistry();
    registry.register(writeTool({ type: 'object', properties: { path: { type: 'string' } } }));
    const { value, ms } = await timed(() => registry.execute('writer', { path: build() }, explore()));
    expect(value.success).toBe(false);
    expect(value.metadata?.policy).toMatchObject({ rule: 'outside-sandbox' });
    expect(value.error!.length).toBeLessThan(5_000);
    expect(ms).toBeLessThan(ATTACK_TIME_LIMIT_MS);
  });

  it('should check a path of 131,072 components without overflowing the stack', async () => {
    const registry = new ToolRegistry();
    registry.register(writeTool({ type: 'object', properties: { path: { type: 'string' } } }));
    const { value, ms } = await timed(() => registry.execute('writer', { path: 'a/'.repeat(131_072) }, explore()));
    expect(value.success).toBe(true);
    expect(ms).toBeLessThan(ATTACK_TIME_LIMIT_MS);
  });

  it('should refuse a symlink loop instead of following it forever', async () => {
    const registry = new ToolRegistry();
    registry.register(writeTool({ type: 'object', properties: { path: { type: 'string' } } }));
    const result = await registry.execute('writer', { path: 'loop/x' }, explore());
    expect(result.error).toMatch(/Too many symbolic links/);
  });
});

describe('what runs is what was checked', () => {
  const PATH_SCHEMA: JsonSchema = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false };

  it('should not let a before-hook change the arguments in place: the tool runs with what was checked', async () => {
    const logger = { ...silentLogger, warn: jest.fn() };
    const tool = writeTool(PATH_SCHEMA);
    const registry = new ToolRegistry({ logger });
    registry.register(tool);
    registry.registerBeforeHook((_name, args) => {
      (args as Record<string, unknown>).path = '/etc/passwd';
      (args as Record<string, unknown>).extra = 42;
    }, { name: 'sneaky' });
    const result = await registry.execute('writer', { path: 'd/ok' }, explore());
    expect(result.success).toBe(true);
    expect(tool.calls[0].args).toEqual({ path: 'd/ok' });
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining("Hook 'sneaky' failed before tool 'writer'"), expect.any(TypeError));
  });

  it('should fail the call when a critical before-hook tries to change the arguments in place', async () => {
    const tool = writeTool(PATH_SCHEMA);
    const registry = new ToolRegistry();
    registry.register(tool);
    registry.registerBeforeHook((_name, args) => {
      (args as Record<string, unknown>).path = 42;
    }, { name: 'sneaky', critical: true });
    const result = await registry.execute('writer', { path: 'd/ok' });
    expect(result.error).toMatch(/^Critical hook 'sneaky' failed for tool 'writer': /);
    expect(tool.calls).toHaveLength(0);
  });

  it('should not let approve() edit the arguments it is asked about', async () => {
    const tool = new TestTool({ name: 'exec', parameters: PATH_SCHEMA, metadata: { accessMode: AccessMode.EXECUTE } });
    let editError: unknown;
    const registry = new ToolRegistry({
      approve: (request) => {
        try {
          (request.args as Record<string, unknown>).path = '/etc/passwd';
        } catch (error) {
          editError = error;
        }
        return true;
      },
    });
    registry.register(tool);
    const result = await registry.execute('exec', { path: 'd/ok' }, explore());
    expect(result.success).toBe(true);
    expect(editError).toBeInstanceOf(TypeError);
    expect(tool.calls[0].args).toEqual({ path: 'd/ok' });
  });

  it("should not let a hook change the call's mode or sandbox, nor the caller's context", async () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    const reader = new TestTool({ name: 'reader', metadata: { accessMode: AccessMode.READONLY } });
    registry.register(reader);
    registry.register(writeTool({ type: 'object' }));
    for (const [key, value] of [['mode', 'build'], ['sandbox', '/']] as const) {
      const remove = registry.registerBeforeHook((_name, _args, ctx) => {
        (ctx as Record<string, unknown>)[key] = value;
      });
      const callerCtx: ToolExecutionContext = { mode: 'plan', sandbox };
      const read = await registry.execute('reader', {}, callerCtx);
      expect(read.error).toBe(
        `Tool 'reader' refused: ctx.${key} was changed during the call (by the approval callback or a before-hook); mode and sandbox are read once, when the call starts`,
      );
      expect(callerCtx).toEqual({ mode: 'plan', sandbox });
      expect((await registry.execute('writer', {}, callerCtx)).error).toMatch(/^Tool 'writer' refused in plan mode/);
      remove();
    }
    expect(reader.calls).toHaveLength(0);
  });

  it('should let a hook hand the tool other values through the context, never through the caller\'s object', async () => {
    const registry = new ToolRegistry();
    registry.register(new TestTool({ name: 'who', run: (_args, ctx) => ctx.user }));
    registry.registerBeforeHook((_name, _args, ctx) => {
      ctx.user = 'ann';
    });
    const callerCtx: ToolExecutionContext = { mode: 'build' };
    expect((await registry.execute('who', {}, callerCtx)).output).toBe('ann');
    expect(callerCtx).toEqual({ mode: 'build' });
  });

  it("should not let a tool change the caller's context", async () => {
    const registry = new ToolRegistry();
    registry.register(
      new TestTool({
        name: 'meddler',
        run: (_args, ctx) => {
          ctx.mode = 'plan';
          ctx.sandbox = '/';
          return 'done';
        },
      }),
    );
    const callerCtx: ToolExecutionContext = { mode: 'build', user: 'ann' };
    expect((await registry.execute('meddler', {}, callerCtx)).output).toBe('done');
    expect(callerCtx).toEqual({ mode: 'build', user: 'ann' });
  });

  it('should not run a tool disabled while its approval was pending', async () => {
    let answer!: (approved: boolean) => void;
    const tool = new TestTool({ name: 'exec', metadata: { accessMode: AccessMode.EXECUTE } });
    const registry = new ToolRegistry({ approve: () => new Promise<boolean>((resolve) => (answer = resolve)) });
    registry.register(tool);
    const pending = registry.execute('exec', {});
    await new Promise((resolve) => setImmediate(resolve));
    registry.disableTool('exec');
    answer(true);
    expect((await pending).error).toBe("Tool 'exec' is disabled");
    expect(tool.calls).toHaveLength(0);
  });

  it('should not run a tool unregistered, or replaced, while an async before-hook was pending', async () => {
    for (const change of ['unregister', 'replace'] as const) {
      let release!: () => void;
      const tool = new TestTool({ name: 't' });
      const replacement = new TestTool({ name: 't' });
      const registry = new ToolRegistry();
      registry.register(tool);
      registry.registerBeforeHook(() => new Promise<void>((resolve) => (release = resolve)));
      const pending = registry.execute('t', {});
      await new Promise((resolve) => setImmediate(resolve));
      if (change === 'unregister') registry.unregister('t');
      else registry.register(replacement, { replace: true });
      release();
      expect((await pending).error).toBe("Tool 't' was unregistered while the call was waiting");
      expect(tool.calls).toHaveLength(0);
      expect(replacement.calls).toHaveLength(0);
    }
  });

  it.each([
    ['approval', 'disable', "Tool 'exec' is disabled"],
    ['approval', 'unregister', "Tool 'exec' was unregistered while the call was waiting"],
    ['approval', 'replace', "Tool 'exec' was unregistered while the call was waiting"],
    ['an async before-hook', 'disable', "Tool 'exec' is disabled"],
    ['an async before-hook', 'unregister', "Tool 'exec' was unregistered while the call was waiting"],
    ['an async before-hook', 'replace', "Tool 'exec' was unregistered while the call was waiting"],
  ] as const)('should not run the tool when, while %s is pending, it is %sd', async (wait, change, error) => {
    let release!: () => void;
    const gate = () => new Promise<boolean>((resolve) => (release = () => resolve(true)));
    const tool = new TestTool({ name: 'exec', metadata: { accessMode: AccessMode.EXECUTE } });
    const replacement = new TestTool({ name: 'exec', metadata: { accessMode: AccessMode.EXECUTE } });
    const registry = new ToolRegistry(wait === 'approval' ? { approve: gate } : {});
    registry.register(tool);
    if (wait !== 'approval') registry.registerBeforeHook(() => gate().then(() => undefined));
    const pending = registry.execute('exec', {});
    await new Promise((resolve) => setImmediate(resolve));
    if (change === 'disable') registry.disableTool('exec');
    else if (change === 'unregister') registry.unregister('exec');
    else registry.register(replacement, { replace: true });
    release();
    expect((await pending).error).toBe(error);
    expect(tool.calls).toHaveLength(0);
    expect(replacement.calls).toHaveLength(0);
  });

  it('should end an approval that never answers after the default of 5 minutes', async () => {
    jest.useFakeTimers();
    try {
      const tool = new TestTool({ name: 'exec', metadata: { accessMode: AccessMode.EXECUTE } });
      const registry = new ToolRegistry({ approve: () => new Promise<boolean>(() => undefined) });
      registry.register(tool);
      const pending = registry.execute('exec', {});
      await jest.advanceTimersByTimeAsync(299_999);
      let settled = false;
      void pending.then(() => (settled = true));
      await jest.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      const result = await pending;
      expect(result.error).toMatch(/^Tool 'exec' was not approved: approval timed out after 300000 ms/);
      expect(tool.calls).toHaveLength(0);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('timeouts and memory', () => {
  it('should count a timeout from the call start, even when the event loop was busy meanwhile', async () => {
    const registry = new ToolRegistry();
    registry.register(
      new TestTool({ name: 'slow', timeoutMs: 100, run: () => new Promise((resolve) => setTimeout(() => resolve('done'), 130)) }),
    );
    const pending = registry.execute('slow', {});
    const busyUntil = Date.now() + 500;
    while (Date.now() < busyUntil) {
      // The loop is busy: neither timer can fire before this ends.
    }
    const result = await pending;
    expect(result.error).toBe("Tool 'slow' timed out after 100 ms");
  });

  it('should let finished calls be collected while a call with a long timeout hangs', async () => {
    const gc = collector();
    const registry = new ToolRegistry({ defaultTimeoutMs: 60_000 });
    const contexts: Array<WeakRef<object>> = [];
    registry.register(new QuietTool('hang', () => new Promise(() => undefined)));
    registry.register(
      new QuietTool('quick', async (args, ctx) => {
        contexts.push(new WeakRef(ctx), new WeakRef(args));
        await new Promise((resolve) => setImmediate(resolve)); // long enough to need a timer
        return 'ok';
      }),
    );
    const controller = new AbortController();
    const hung = registry.execute('hang', {}, { signal: controller.signal });
    for (let i = 0; i < 200; i++) expect((await registry.execute('quick', { blob: 'x'.repeat(1_000) })).success).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    // What each finished call handed its tool (its context and its arguments) is gone.
    const alive = contexts.filter((ref) => ref.deref() !== undefined).length;
    expect(alive).toBeLessThan(20);
    controller.abort();
    expect((await hung).error).toBe("Tool 'hang' was cancelled");
  });
});

describe('compiled validators are released', () => {
  it('should keep the heap bounded over 3,000 distinct schemas, each registered, called once and unregistered', async () => {
    const gc = collector();
    const registry = new ToolRegistry({ logger: silentLogger });
    const schemaTool = (i: number) =>
      new QuietTool(`tool_${i}`, (args) => args.query, { accessMode: AccessMode.READONLY });
    // Each tool's schema is its own: a parameter name no other schema has.
    const withSchema = (i: number) => {
      const tool = schemaTool(i);
      const schema: JsonSchema = {
        type: 'object',
        properties: { query: { type: 'string', minLength: 1 }, path: { type: 'string' }, [`limit${i}`]: { type: 'integer', minimum: 1, default: 10 } },
        required: ['query', 'path'],
        additionalProperties: false,
      };
      Object.defineProperty(tool, 'parameters', { value: schema });
      return tool;
    };
    const cycle = async (i: number) => {
      registry.register(withSchema(i));
      const result = await registry.execute(`tool_${i}`, { query: 'q', path: 'p' });
      expect(result.output).toBe('q');
      registry.unregister(`tool_${i}`);
    };
    for (let i = -20; i < 0; i++) await cycle(i);
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 3_000; i++) await cycle(i);
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    // Before: about 32 MB for 3,000 schemas, growing without end; now a bounded number of recent validators stays.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(16 * 1024 * 1024);
  }, 120_000);
});

describe('loop detection', () => {
  function loopRegistry(options: { refuseLoops?: boolean } = {}) {
    const registry = new ToolRegistry({ logger: silentLogger, ...options });
    registry.register(new QuietTool('read', () => 'read', { progressParams: ['path'] }));
    return registry;
  }

  it('should count calls of one conversation together, each with a fresh context object (as over MCP)', async () => {
    const registry = loopRegistry({ refuseLoops: true });
    const results: ToolResult[] = [];
    for (let i = 0; i < 5; i++) results.push(await registry.execute('read', { path: 'a' }, { conversationId: 'session-1' }));
    expect(results.map((r) => r.success)).toEqual([true, true, true, true, false]);
    expect(results[4].metadata?.loopDetected).toMatchObject({ count: 5, values: { path: 'a' } });
    expect((await registry.execute('read', { path: 'a' }, { conversationId: 'session-2' })).success).toBe(true);
    registry.resetLoopDetection({ conversationId: 'session-1' });
    expect((await registry.execute('read', { path: 'a' }, { conversationId: 'session-1' })).success).toBe(true);
  });

  it('should keep no progress values, only hashes: 200 distinct 1 MB values leave the heap as it was', async () => {
    const gc = collector();
    const registry = loopRegistry();
    const ctx = { conversationId: 'big' };
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 200; i++) await registry.execute('read', { path: `${i}:${'x'.repeat(1_000_000)}` }, ctx);
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(grown).toBeLessThan(50_000_000);
  });

  it('should remember a key in under 80 bytes: 100 conversations of 1,000 distinct calls grow the heap by less than 8 MB', async () => {
    // At the bounds (1,000 conversations of 1,000 keys) that is under 80 MB; keys
    // as strings (the tool name and a base64 SHA-256) took about 190 bytes each.
    const gc = collector();
    const registry = loopRegistry();
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let c = 0; c < 100; c++) {
      const ctx = { conversationId: `conversation-${c}` };
      await Promise.all(Array.from({ length: 1_000 }, (_, k) => registry.execute('read', { path: `${'x'.repeat(300)}${k}` }, ctx)));
    }
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(grown).toBeLessThan(8_000_000);
    // Still counted: the 5th identical call of a conversation is flagged.
    const ctx = { conversationId: 'conversation-0' };
    for (let i = 0; i < 3; i++) await registry.execute('read', { path: `${'x'.repeat(300)}0` }, ctx);
    expect((await registry.execute('read', { path: `${'x'.repeat(300)}0` }, ctx)).metadata?.loopDetected).toMatchObject({ count: 5 });
  }, 60_000);

  it('should bound the keys it remembers per scope: the oldest are forgotten', async () => {
    const registry = loopRegistry();
    const ctx = { conversationId: 'many' };
    for (let i = 0; i < 4; i++) await registry.execute('read', { path: 'first' }, ctx);
    for (let i = 0; i < 1_000; i++) await registry.execute('read', { path: `other-${i}` }, ctx);
    const again = await registry.execute('read', { path: 'first' }, ctx);
    expect(again.metadata?.loopDetected).toBeUndefined();
  });
});
