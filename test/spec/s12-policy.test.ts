// SPEC section 12: agent-mode policy, approval, executeBatch and loop detection.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccessMode, AgentMode, DangerLevel, ExecutionCategory, ToolRegistry, ToolResult } from '@victor-tools/core';
import { TestTool } from './helpers';
import { quietLogger } from '../support/logger';
import { approvalRegistry, modeRegistry, modeTool } from '../support/policy-tools';

const logger = quietLogger;

describe('AgentMode policy in execute', () => {
  it('should allow only READONLY and NETWORK tools in PLAN', async () => {
    const r = modeRegistry();
    for (const mode of [AgentMode.PLAN, 'plan' as const]) {
      expect((await r.execute('ro', {}, { mode })).success).toBe(true);
      expect((await r.execute('net', {}, { mode })).success).toBe(true);
      for (const name of ['wr', 'ex', 'mix']) {
        const res = await r.execute(name, {}, { mode });
        expect(res).toBeInstanceOf(ToolResult);
        expect(res.success).toBe(false);
        expect(res.error).toContain(name);
      }
    }
  });

  it('should allow everything in BUILD and without a mode', async () => {
    const r = modeRegistry();
    for (const name of ['ro', 'net', 'wr', 'ex', 'mix', 'undeclared', 'pricey']) {
      expect((await r.execute(name, {}, { mode: AgentMode.BUILD })).success).toBe(true);
      expect((await r.execute(name, {})).success).toBe(true);
    }
  });

  it('should refuse an undeclared access mode in PLAN and EXPLORE, saying to declare it', async () => {
    const r = modeRegistry();
    for (const mode of ['plan', 'explore'] as const) {
      const res = await r.execute('undeclared', {}, { mode });
      expect(res.success).toBe(false);
      expect(res.error).toMatch(/declare/i);
    }
  });

  it('should refuse HIGH cost tools in EXPLORE', async () => {
    const r = modeRegistry();
    expect((await r.execute('pricey', {}, { mode: 'explore' })).success).toBe(false);
    expect((await r.execute('ro', {}, { mode: 'explore' })).success).toBe(true);
    expect((await r.execute('net', {}, { mode: 'explore' })).success).toBe(true);
  });

  it('should refuse WRITE and EXECUTE tools in EXPLORE without ctx.sandbox', async () => {
    const r = modeRegistry();
    expect((await r.execute('wr', { path: '/tmp/x' }, { mode: AgentMode.EXPLORE })).success).toBe(false);
    expect((await r.execute('ex', {}, { mode: AgentMode.EXPLORE })).success).toBe(false);
  });

  describe('EXPLORE sandbox', () => {
    let sandbox: string;
    let outside: string;
    beforeAll(() => {
      const root = mkdtempSync(join(tmpdir(), 'victor-spec-sandbox-'));
      sandbox = join(root, 'box');
      outside = join(root, 'outside');
      mkdirSync(sandbox);
      mkdirSync(outside);
      symlinkSync(outside, join(sandbox, 'escape'));
    });
    afterAll(() => rmSync(join(sandbox, '..'), { recursive: true, force: true }));

    const paramNames = ['path', 'target_file', 'outputDir', 'work_directory', 'cwd', 'where'];
    function sandboxTool(name: string, accessMode: AccessMode) {
      return new TestTool({
        name,
        metadata: { accessMode },
        parameters: {
          type: 'object',
          properties: {
            ...Object.fromEntries(paramNames.map((p) => [p, { type: 'string', ...(p === 'where' ? { format: 'path' } : {}) }])),
            note: { type: 'string' },
          },
        },
      });
    }

    it('should allow WRITE and EXECUTE tools whose path arguments stay inside ctx.sandbox', async () => {
      const r = new ToolRegistry({ logger: logger() });
      r.register(sandboxTool('w', AccessMode.WRITE));
      r.register(sandboxTool('e', AccessMode.EXECUTE));
      const ctx = { mode: 'explore' as const, sandbox };
      for (const name of ['w', 'e']) {
        for (const p of paramNames) {
          expect([name, p, (await r.execute(name, { [p]: join(sandbox, 'a.txt') }, ctx)).success]).toEqual([name, p, true]);
        }
      }
    });

    it('should refuse path arguments outside the sandbox, by name ending or format: path', async () => {
      const r = new ToolRegistry({ logger: logger() });
      r.register(sandboxTool('w', AccessMode.WRITE));
      const ctx = { mode: AgentMode.EXPLORE, sandbox };
      for (const p of paramNames) {
        const res = await r.execute('w', { [p]: join(outside, 'a.txt') }, ctx);
        expect([p, res.success]).toEqual([p, false]);
      }
      expect((await r.execute('w', { note: join(outside, 'a.txt') }, ctx)).success).toBe(true);
    });

    it('should resolve .. and symlinks before checking', async () => {
      const r = new ToolRegistry({ logger: logger() });
      r.register(sandboxTool('w', AccessMode.WRITE));
      const ctx = { mode: 'explore' as const, sandbox };
      expect((await r.execute('w', { path: join(sandbox, '..', 'outside', 'a.txt') }, ctx)).success).toBe(false);
      expect((await r.execute('w', { path: join(sandbox, 'escape', 'a.txt') }, ctx)).success).toBe(false);
      expect((await r.execute('w', { path: join(sandbox, 'sub', '..', 'a.txt') }, ctx)).success).toBe(true);
    });
  });
});

describe('approval', () => {
  it('should not ask for READONLY and NETWORK tools', async () => {
    const approve = jest.fn(() => false);
    const { r } = approvalRegistry(approve);
    expect((await r.execute('ro', {})).success).toBe(true);
    expect((await r.execute('net', {})).success).toBe(true);
    expect(approve).not.toHaveBeenCalled();
  });

  it('should ask on first use for WRITE and every time for EXECUTE and MIXED', async () => {
    const approve = jest.fn(() => true);
    const { r } = approvalRegistry(approve);
    await r.execute('wr', {});
    await r.execute('wr', {});
    expect(approve).toHaveBeenCalledTimes(1);
    await r.execute('ex', {});
    await r.execute('ex', {});
    expect(approve).toHaveBeenCalledTimes(3);
    await r.execute('mix', {});
    await r.execute('mix', {});
    expect(approve).toHaveBeenCalledTimes(5);
  });

  it('should name the tool, its arguments, access mode, danger level and why', async () => {
    const approve = jest.fn((_req: unknown) => true);
    const { r } = approvalRegistry(approve);
    await r.execute('ex', { path: 'p' });
    const req = approve.mock.calls[0][0] as Record<string, unknown>;
    expect(req.toolName).toBe('ex');
    expect(req.args).toEqual({ path: 'p' });
    expect(req.accessMode).toBe(AccessMode.EXECUTE);
    expect(req.dangerLevel).toBe(DangerLevel.HIGH);
    expect(typeof req.reason).toBe('string');
    expect((req.reason as string).length).toBeGreaterThan(0);
  });

  it('should turn a refusal, a throw and a rejection into failed results and not run the tool', async () => {
    for (const approve of [jest.fn(() => false), jest.fn(() => { throw new Error('boom'); }), jest.fn(() => Promise.reject(new Error('no'))), jest.fn(async () => false)]) {
      const { r, tools } = approvalRegistry(approve);
      const res = await r.execute('ex', {});
      expect(res).toBeInstanceOf(ToolResult);
      expect(res.success).toBe(false);
      expect(tools.ex.calls).toHaveLength(0);
    }
  });

  it('should go ahead without an approve callback', async () => {
    const r = new ToolRegistry({ logger: logger() });
    r.register(modeTool('ex', AccessMode.EXECUTE));
    expect((await r.execute('ex', {})).success).toBe(true);
  });
});

describe('executeBatch', () => {
  function tracked(name: string, category: ExecutionCategory, log: string[], state: { running: number; max: number }) {
    return new TestTool({
      name,
      metadata: { executionCategory: category, accessMode: AccessMode.READONLY },
      parameters: { type: 'object', properties: { i: { type: 'integer' } } },
      run: async (args) => {
        state.running++;
        state.max = Math.max(state.max, state.running);
        log.push(`start ${name}${args.i ?? ''}`);
        await new Promise((r) => setTimeout(r, 5));
        log.push(`end ${name}${args.i ?? ''}`);
        state.running--;
        return `${name}${args.i ?? ''}`;
      },
    });
  }

  it('should resolve to results in the calls order', async () => {
    const r = new ToolRegistry({ logger: logger() });
    const log: string[] = [];
    const state = { running: 0, max: 0 };
    r.register(tracked('read', ExecutionCategory.READ_ONLY, log, state));
    r.register(tracked('write', ExecutionCategory.WRITE, log, state));
    const results = await r.executeBatch([
      { name: 'write', args: { i: 1 } },
      { name: 'read', args: { i: 2 } },
      { name: 'ghost', args: {} },
      { name: 'read', args: { i: 3 } },
    ]);
    expect(results.map((x) => x.output ?? x.error)).toEqual(['write1', 'read2', "Tool 'ghost' not found", 'read3']);
  });

  it('should run non-conflicting calls in parallel', async () => {
    const r = new ToolRegistry({ logger: logger() });
    const state = { running: 0, max: 0 };
    r.register(tracked('read', ExecutionCategory.READ_ONLY, [], state));
    await r.executeBatch([1, 2, 3].map((i) => ({ name: 'read', args: { i } })));
    expect(state.max).toBe(3);
  });

  it('should run conflicting calls in order', async () => {
    const r = new ToolRegistry({ logger: logger() });
    const log: string[] = [];
    const state = { running: 0, max: 0 };
    r.register(tracked('write', ExecutionCategory.WRITE, log, state));
    await r.executeBatch([1, 2, 3].map((i) => ({ name: 'write', args: { i } })));
    expect(state.max).toBe(1);
    expect(log).toEqual(['start write1', 'end write1', 'start write2', 'end write2', 'start write3', 'end write3']);
  });

  it('should honour concurrency and pass ctx to every call', async () => {
    const r = new ToolRegistry({ logger: logger() });
    const state = { running: 0, max: 0 };
    r.register(tracked('read', ExecutionCategory.READ_ONLY, [], state));
    r.register(modeTool('w', AccessMode.WRITE));
    await r.executeBatch([1, 2, 3, 4].map((i) => ({ name: 'read', args: { i } })), { concurrency: 2 });
    expect(state.max).toBe(2);
    const [res] = await r.executeBatch([{ name: 'w', args: {} }], { ctx: { mode: 'plan' } });
    expect(res.success).toBe(false);
  });
});

describe('loop detection', () => {
  it('should report repeated calls with the same progressParams values in the result metadata', async () => {
    const r = new ToolRegistry({ logger: logger() });
    r.register(
      new TestTool({
        name: 'page',
        metadata: { progressParams: ['path'] },
        parameters: { type: 'object', properties: { path: { type: 'string' }, other: { type: 'integer' } } },
      }),
    );
    const ctx = {};
    const results: ToolResult[] = [];
    for (let i = 0; i < 8; i++) results.push(await r.execute('page', { path: 'same', other: i }, ctx));
    expect(results[0].metadata?.loopDetected).toBeUndefined();
    const flagged = results.filter((x) => x.metadata?.loopDetected !== undefined);
    expect(flagged.length).toBeGreaterThan(0);
    expect(results[7].metadata?.loopDetected).toMatchObject({ values: { path: 'same' } });
    const fresh = await r.execute('page', { path: 'different' }, ctx);
    expect(fresh.metadata?.loopDetected).toBeUndefined();
  });
});
