// One execute pipeline. The invoker seam (`new ToolRegistry({ invoker })`,
// `inProcessInvoker`), the order of the steps as a caller can observe it, and the
// one result rule for whatever a tool or an invoker answers.
import {
  AccessMode,
  ToolRegistry,
  ToolResult,
  type JsonSchema,
} from '@victor-tools/core';
import { inProcessInvoker } from '@victor-tools/core/framework';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import * as coreEntry from '@victor-tools/core';
import * as frameworkEntry from '@victor-tools/core/framework';
import * as internalEntry from '@victor-tools/core/internal';
import { TestTool, silentLogger } from './helpers';
import { RawTool, recordingInvoker } from '../../packages/core/test/support/pipeline';

const SCHEMA: JsonSchema = {
  type: 'object',
  properties: { path: { type: 'string' }, limit: { type: 'integer', default: 10 } },
  required: ['path'],
  additionalProperties: false,
};

describe('the invoker seam', () => {
  it('should hand the invoker the registered name, the tool, the validated frozen args, the context and the timeout', async () => {
    const { invoker, calls } = recordingInvoker();
    const registry = new ToolRegistry({ invoker, defaultTimeoutMs: 5_000 });
    const tool = new TestTool({ name: 'read_file', parameters: SCHEMA, aliases: ['cat'] });
    registry.register(tool);
    const ctx = { user: 'ann', mode: 'build' as const };
    const before = Date.now();
    const result = await registry.execute('cat', { path: 'a.txt' }, ctx);

    expect(result.success).toBe(true);
    expect(calls).toHaveLength(1);
    const call = calls[0];
    expect(call.name).toBe('read_file');
    expect(call.tool).toBe(tool);
    expect(call.args).toEqual({ path: 'a.txt', limit: 10 });
    expect(Object.isFrozen(call.args)).toBe(true);
    expect(call.ctx).toMatchObject({ user: 'ann', mode: 'build', toolName: 'read_file' });
    expect(call.ctx.signal).toBeInstanceOf(AbortSignal);
    expect(typeof call.ctx.reportProgress).toBe('function');
    expect(typeof call.ctx.log).toBe('function');
    expect(call.timeoutMs).toBe(5_000);
    expect(call.deadline).toBeGreaterThanOrEqual(before + 5_000);
    expect(call.deadline).toBeLessThanOrEqual(Date.now() + 5_000);
    // The tool ran through the default invoker, with the same args and context.
    expect(tool.calls[0].args).toBe(call.args);
    expect(tool.calls[0].ctx).toBe(call.ctx);
  });

  it('should run the tool in process by default, through inProcessInvoker', async () => {
    const tool = new TestTool({ name: 't', run: () => 'ran' });
    const registry = new ToolRegistry();
    registry.register(tool);
    expect((await registry.execute('t', {})).output).toBe('ran');
    expect(tool.calls).toHaveLength(1);
  });

  it('should replace the step that runs the tool: the tool itself never runs', async () => {
    const tool = new TestTool({ name: 't', run: () => 'local' });
    const { invoker } = recordingInvoker(async (call) => ToolResult.ok(`remote ${call.name} ${String(call.args.path)}`));
    const registry = new ToolRegistry({ invoker });
    registry.register(tool);
    const result = await registry.execute('t', { path: 'x' });
    expect(result.output).toBe('remote t x');
    expect(tool.calls).toHaveLength(0);
  });

  it.each([
    ['a plain value', () => 42, { success: true, output: 42 }],
    ['a promise of a plain value', () => Promise.resolve('later'), { success: true, output: 'later' }],
    ['a failure-shaped object', () => ({ success: false, error: 'boom' }), { success: false, error: 'boom' }],
    ['a result-shaped object', () => ({ success: true, output: 'x', metadata: { n: 1 } }), { success: true, output: 'x', metadata: { n: 1 } }],
  ])('should normalize what the invoker answers, here %s', async (_what, answer, expected) => {
    const registry = new ToolRegistry({ invoker: { invoke: answer as never } });
    registry.register(new TestTool({ name: 't' }));
    const result = await registry.execute('t', {});
    expect(result).toBeInstanceOf(ToolResult);
    expect(result).toMatchObject(expected);
  });

  it('should enforce the timeout around the invoker and abort the signal it was given', async () => {
    let signal: AbortSignal | undefined;
    const registry = new ToolRegistry({
      invoker: {
        invoke(call) {
          signal = call.ctx.signal;
          return new Promise<ToolResult>(() => undefined);
        },
      },
    });
    registry.register(new TestTool({ name: 't', timeoutMs: 30 }));
    const result = await registry.execute('t', {});
    expect(result.error).toBe("Tool 't' timed out after 30 ms");
    expect(signal?.aborted).toBe(true);
  });

  it('should not reach the invoker for a call stopped before the tool', async () => {
    const { invoker, calls } = recordingInvoker();
    const registry = new ToolRegistry({ invoker, logger: silentLogger });
    registry.register(new TestTool({ name: 'off' }), { enabled: false });
    registry.register(new TestTool({ name: 'wr', parameters: SCHEMA, metadata: { accessMode: AccessMode.WRITE } }));
    registry.registerBeforeHook((name) => {
      if (name === 'wr') throw new Error('no');
    }, { critical: true, name: 'gate' });
    expect((await registry.execute('nope', {})).success).toBe(false);
    expect((await registry.execute('off', {})).success).toBe(false);
    expect((await registry.execute('wr', { path: 1 })).success).toBe(false);
    expect((await registry.execute('wr', { path: 'a' }, { mode: 'plan' })).success).toBe(false);
    expect((await registry.execute('wr', { path: 'a' })).error).toBe("Critical hook 'gate' failed for tool 'wr': no");
    expect(calls).toHaveLength(0);
  });

  it('should refuse an invoker without an invoke method at construction', () => {
    expect(() => new ToolRegistry({ invoker: {} as never })).toThrow(TypeError);
    expect(() => new ToolRegistry({ invoker: 42 as never })).toThrow("new ToolRegistry: option 'invoker' must be an object with an invoke(call) method, got a number.");
  });
});

describe('the order of the steps', () => {
  function orderedRegistry(order: string[]) {
    const registry = new ToolRegistry({
      logger: silentLogger,
      approve: () => {
        order.push('approve');
        return true;
      },
      invoker: {
        invoke(call) {
          order.push('invoke');
          return inProcessInvoker.invoke(call);
        },
      },
    });
    registry.register(new TestTool({ name: 'ex', parameters: SCHEMA, metadata: { accessMode: AccessMode.EXECUTE } }));
    registry.registerBeforeHook(() => {
      order.push('before');
    });
    registry.registerAfterHook(() => {
      order.push('after');
    });
    return registry;
  }

  it('should ask approval, then run the before-hooks, the invoker and the after-hooks', async () => {
    const order: string[] = [];
    const result = await orderedRegistry(order).execute('ex', { path: 'a' });
    expect(result.success).toBe(true);
    expect(order).toEqual(['approve', 'before', 'invoke', 'after']);
  });

  it('should check the mode before validating, and validate before asking approval', async () => {
    const order: string[] = [];
    const registry = orderedRegistry(order);
    const refused = await registry.execute('ex', { path: 42 }, { mode: 'plan' });
    expect(refused.error).toMatch(/^Tool 'ex' refused in plan mode/);
    const invalid = await registry.execute('ex', { path: 42 });
    expect(invalid.error).toBe("Invalid parameters for tool 'ex': Parameter 'path' has wrong type: expected string, got number");
    expect(order).toEqual([]);
  });

  it('should validate arguments a before-hook returns again', async () => {
    const registry = new ToolRegistry();
    registry.register(new TestTool({ name: 't', parameters: SCHEMA }));
    registry.registerBeforeHook(() => ({ path: 7 }), { name: 'rewrite' });
    const result = await registry.execute('t', { path: 'a' });
    expect(result.error).toBe("Invalid parameters for tool 't': Parameter 'path' has wrong type: expected string, got number");
    expect(result.metadata).toMatchObject({ hook: 'rewrite' });
  });
});

describe('the one result rule', () => {
  async function run(answer: (args: Record<string, unknown>) => unknown): Promise<ToolResult> {
    const registry = new ToolRegistry();
    registry.register(new RawTool(answer));
    return registry.execute('raw', {});
  }

  it("should make a BaseTool's { success: false, error: 'boom' } a failure", async () => {
    for (const answer of [() => ({ success: false, error: 'boom' }), async () => ({ success: false, error: 'boom' })]) {
      const result = await run(answer);
      expect(result).toBeInstanceOf(ToolResult);
      expect(result.success).toBe(false);
      expect(result.error).toBe('boom');
      expect(result.output).toBeNull();
    }
  });

  it('should pass a ToolResult through as it is, failed ones too', async () => {
    const failed = ToolResult.fail('disk full', { code: 28 });
    expect(await run(() => failed)).toBe(failed);
    const ok = ToolResult.ok('fine');
    expect(await run(async () => ok)).toBe(ok);
  });

  it.each([
    ['an object with keys of its own besides success', { success: false, items: [] }],
    ['an object whose success is not a boolean', { success: 'no', error: 'x' }],
    ['an object whose error is not a string', { success: false, error: { code: 1 } }],
    ['an array', [{ success: false }]],
    ['a string', 'text'],
    ['null', null],
  ])('should wrap %s in ToolResult.ok', async (_what, value) => {
    const result = await run(() => value);
    expect(result.success).toBe(true);
    expect(result.output).toEqual(value);
  });
});

describe('the public API, the framework entry and the internal entry', () => {
  const PLUMBING = ['TOOL_PROTOCOL', 'BASE_TOOL_BRAND', 'isToolProvider', 'normalizeMetadata', 'SmartEnum', 'registerSchemaRenderer', 'getSchemaRenderer', 'schemaRendererNames', 'renderSchema', 'truncateDescription', 'splitSentences'];

  it('should keep protocol plumbing out of @victor-tools/core and serve it from @victor-tools/core/internal', () => {
    const core = coreEntry as Record<string, unknown>;
    const internal = internalEntry as Record<string, unknown>;
    for (const name of PLUMBING) {
      expect([name, name in core]).toEqual([name, false]);
      expect([name, internal[name] !== undefined]).toEqual([name, true]);
    }
    for (const name of ['ToolRegistry', 'ToolRegistrationError', 'Hook', 'BaseTool', 'ToolResult', 'ToolValidationResult', 'estimateTokens', 'trustFrameworkApproval', 'AgentMode']) {
      expect([name, core[name] !== undefined]).toEqual([name, true]);
    }
  });

  it('should serve what integrations build on from @victor-tools/core/framework, not from the root', () => {
    const core = coreEntry as Record<string, unknown>;
    const framework = frameworkEntry as Record<string, unknown>;
    for (const name of ['validateArguments', 'compileSchema', 'dropNullOptionals', 'inProcessInvoker', 'toToolResult', 'checkModePolicy', 'approvalRequirement', 'resolveTool', 'isBaseTool', 'contentText']) {
      expect([name, name in core, framework[name] !== undefined]).toEqual([name, false, true]);
    }
  });

  it('should load the built framework and internal entries with require and with import, sharing one copy with the root entry', () => {
    // As test/packaging.test.ts: the built dist/ (`pnpm test` builds first), from the repository root.
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        [
          "import { createRequire } from 'node:module';",
          "import { TOOL_PROTOCOL } from '@victor-tools/core/internal';",
          "import { BaseTool } from '@victor-tools/core';",
          "const require = createRequire(import.meta.url);",
          "import { resolveTool } from '@victor-tools/core/framework';",
          "const internal = require('@victor-tools/core/internal');",
          "const framework = require('@victor-tools/core/framework');",
          "console.log(TOOL_PROTOCOL === internal.TOOL_PROTOCOL && TOOL_PROTOCOL === Symbol.for('victor-tools.tool') && BaseTool.prototype[internal.BASE_TOOL_BRAND] === true && resolveTool === framework.resolveTool);",
        ].join('\n'),
      ],
      { cwd: join(__dirname, '..', '..'), encoding: 'utf8' },
    );
    expect(out.trim()).toBe('true');
  });
});
