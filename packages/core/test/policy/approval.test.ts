import {
  AccessMode,
  AgentMode,
  DangerLevel,
  ToolRegistry,
  approvalRequirement,
  trustFrameworkApproval,
  type ApprovalRequest,
  type ApprovalRule,
  type ToolExecutionContext,
  type ToolMetadataInput,
} from '@victor-tools/core';

// The shared resources these tests pass, declared as a project declares its own (declaration merging).
declare module '@victor-tools/core' {
  interface ToolExecutionContext {
    user?: string;
  }
}
import { deferred, recordingLogger, testTool } from '../registry/helpers';

function setup(metadata: ToolMetadataInput, approve?: (request: ApprovalRequest) => boolean | Promise<boolean>, extra = {}) {
  const logger = recordingLogger();
  const requests: ApprovalRequest[] = [];
  const registry = new ToolRegistry({
    logger,
    approve: approve
      ? (request) => {
          requests.push(request);
          return approve(request);
        }
      : undefined,
    ...extra,
  });
  const tool = testTool({ name: 'tool', metadata });
  registry.register(tool);
  return { registry, tool, requests, logger };
}

describe('ToolRegistry', () => {
  describe('execute with an approve callback', () => {
    it('should never ask for a readonly tool', async () => {
      const { registry, requests } = setup({ accessMode: 'readonly' }, () => false);
      expect((await registry.execute('tool', {})).success).toBe(true);
      expect(requests).toHaveLength(0);
    });

    it('should only log a network tool (level 1)', async () => {
      const { registry, requests, logger } = setup({ accessMode: 'network' }, () => false);
      expect((await registry.execute('tool', {})).success).toBe(true);
      expect(requests).toHaveLength(0);
      expect(logger.entries).toEqual([{ level: 'info', message: expect.stringContaining("Tool 'tool'") }]);
    });

    it('should ask for a write tool on its first use only (level 2)', async () => {
      const { registry, requests } = setup({ accessMode: 'write' }, () => true);
      const first = await registry.execute('tool', { a: 1 });
      const second = await registry.execute('tool', { a: 2 });
      expect(first.success && second.success).toBe(true);
      expect(requests).toHaveLength(1);
      expect(first.metadata?.approval).toMatchObject({ asked: true, approved: true });
      expect(second.metadata?.approval).toBeUndefined();
    });

    it('should ask again for a write tool after a refusal', async () => {
      let answer = false;
      const { registry, requests } = setup({ accessMode: 'write' }, () => answer);
      expect((await registry.execute('tool', {})).success).toBe(false);
      answer = true;
      expect((await registry.execute('tool', {})).success).toBe(true);
      expect((await registry.execute('tool', {})).success).toBe(true);
      expect(requests).toHaveLength(2);
    });

    it.each(['execute', 'mixed'] as const)('should ask for a %s tool every time (level 3)', async (accessMode) => {
      const { registry, requests } = setup({ accessMode }, async () => true);
      await registry.execute('tool', {});
      await registry.execute('tool', {});
      expect(requests).toHaveLength(2);
    });

    it('should ask every time for a danger level that requires confirmation', async () => {
      const { registry, requests } = setup({ accessMode: 'readonly', dangerLevel: DangerLevel.HIGH }, () => true);
      await registry.execute('tool', {});
      await registry.execute('tool', {});
      expect(requests).toHaveLength(2);
      expect(requests[0].reason).toContain("danger level 'high'");
    });

    it('should not ask for a low danger level', async () => {
      const { registry, requests } = setup({ accessMode: 'readonly', dangerLevel: 'low' }, () => false);
      expect((await registry.execute('tool', {})).success).toBe(true);
      expect(requests).toHaveLength(0);
    });

    it('should name the tool, args, access mode, danger level and reason in the request', async () => {
      const { registry, requests } = setup({ accessMode: 'execute', dangerLevel: 'medium' }, () => true);
      const ctx = { user: 'ann' };
      await registry.execute('tool', { cmd: 'ls' }, ctx);
      expect(requests[0]).toMatchObject({
        toolName: 'tool',
        args: { cmd: 'ls' },
        accessMode: AccessMode.EXECUTE,
        dangerLevel: DangerLevel.MEDIUM,
        ctx,
      });
      expect(typeof requests[0].reason).toBe('string');
    });

    it('should fail a refused call without running the tool, recording the decision', async () => {
      const { registry, tool } = setup({ accessMode: 'execute' }, () => false);
      const result = await registry.execute('tool', {});
      expect(result.success).toBe(false);
      expect(result.error).toMatch(/^Tool 'tool' was not approved/);
      expect(result.metadata?.approval).toMatchObject({ asked: true, approved: false });
      expect(tool.calls).toHaveLength(0);
    });

    it('should take only true as approval', async () => {
      const { registry, tool } = setup({ accessMode: 'execute' }, () => 'yes' as never);
      expect((await registry.execute('tool', {})).success).toBe(false);
      expect(tool.calls).toHaveLength(0);
    });

    it.each([
      [
        'throws',
        () => {
          throw new Error('ui crashed');
        },
        'ui crashed',
      ],
      ['rejects', () => Promise.reject(new Error('dialog closed')), 'dialog closed'],
      [
        'throws a string',
        () => {
          throw 'nope';
        },
        'nope',
      ],
    ])('should fail the call when the callback %s', async (_what, approve, message) => {
      const { registry, tool } = setup({ accessMode: 'execute' }, approve as never);
      const result = await registry.execute('tool', {});
      expect(result.success).toBe(false);
      expect(result.error).toContain(message);
      expect(result.metadata?.approval).toMatchObject({ asked: true, approved: false, error: expect.stringContaining(message) });
      expect(tool.calls).toHaveLength(0);
    });

    it('should fail the call when the callback does not answer within approvalTimeoutMs', async () => {
      const { registry, tool } = setup({ accessMode: 'execute' }, () => new Promise<boolean>(() => undefined), { approvalTimeoutMs: 10 });
      const result = await registry.execute('tool', {});
      expect(result.error).toContain('approval timed out after 10 ms');
      expect(tool.calls).toHaveLength(0);
    });

    it('should fail the call when it is cancelled while waiting for approval', async () => {
      const asked = deferred();
      const { registry, tool } = setup({ accessMode: 'execute' }, () => {
        asked.resolve();
        return new Promise<boolean>(() => undefined);
      });
      const controller = new AbortController();
      const pending = registry.execute('tool', {}, { signal: controller.signal });
      await asked.promise;
      controller.abort();
      const result = await pending;
      expect(result.success).toBe(false);
      expect(result.metadata?.approval).toMatchObject({ approved: false, error: expect.stringContaining('cancelled') });
      expect(tool.calls).toHaveLength(0);
    });

    it('should not ask for calls stopped earlier (validation, policy)', async () => {
      const { registry, requests } = setup({ accessMode: 'execute' }, () => true);
      await registry.execute('tool', {}, { mode: 'plan' });
      expect(requests).toHaveLength(0);
    });

    it('should ask before the before-hooks run', async () => {
      const order: string[] = [];
      const { registry } = setup({ accessMode: 'execute' }, () => {
        order.push('approve');
        return true;
      });
      registry.registerBeforeHook(() => {
        order.push('hook');
      });
      await registry.execute('tool', {});
      expect(order).toEqual(['approve', 'hook']);
    });
  });

  describe('execute without an approve callback', () => {
    it('should let every call go ahead', async () => {
      const { registry, tool } = setup({ accessMode: 'execute', dangerLevel: 'critical' });
      expect((await registry.execute('tool', {})).success).toBe(true);
      expect(tool.calls).toHaveLength(1);
    });
  });
});

describe('approvalRequirement', () => {
  it.each([
    [{ accessMode: 'readonly' }, 'never', 'readonly tools are not confirmed'],
    [{ accessMode: 'network' }, 'never', 'network tools are not confirmed; their calls are logged'],
    [{ accessMode: 'write' }, 'first-use', 'write tools are confirmed on their first use'],
    [{ accessMode: 'execute' }, 'every-call', 'execute tools are confirmed on every call'],
    [{ accessMode: 'mixed' }, 'every-call', 'mixed tools are confirmed on every call'],
    [{}, 'never', 'readonly tools are not confirmed'],
    [{ accessMode: 'write', dangerLevel: 'low' }, 'first-use', 'write tools are confirmed on their first use'],
    [{ accessMode: 'readonly', dangerLevel: 'medium' }, 'every-call', `danger level 'medium' requires confirmation: ${DangerLevel.MEDIUM.warningMessage}`],
  ] as Array<[ToolMetadataInput, ApprovalRule, string]>)('should answer %j with %s', (metadata, rule, reason) => {
    const requirement = approvalRequirement(testTool({ name: 'tool', metadata }));
    expect(requirement).toEqual({
      rule,
      reason,
      accessMode: AccessMode.from(metadata.accessMode ?? 'readonly'),
      dangerLevel: DangerLevel.from(metadata.dangerLevel ?? 'safe'),
    });
  });

  it('should answer never, saying why, for a call the agent mode refuses', () => {
    const tool = testTool({ name: 'tool', metadata: { accessMode: 'execute', dangerLevel: 'critical' } });
    expect(approvalRequirement(tool, { mode: AgentMode.PLAN })).toEqual({
      rule: 'never',
      reason: "the call is refused in plan mode before approval: plan mode allows only readonly and network tools, and this tool's access mode is 'execute'",
      accessMode: AccessMode.EXECUTE,
      dangerLevel: DangerLevel.CRITICAL,
    });
    expect(approvalRequirement(tool, { mode: 'explore' }).rule).toBe('never'); // no sandbox
    expect(approvalRequirement(tool, { mode: 'explore', sandbox: '/tmp' }).rule).toBe('every-call');
    expect(approvalRequirement(tool, { mode: 'sideways' as never }).reason).toMatch(/^the call is refused before approval: Invalid AgentMode value/);
  });

  // The registry and approvalRequirement share one rule: for every access mode, danger level and agent mode,
  // the registry asks on the first and second call exactly when the requirement says so.
  const contexts: ToolExecutionContext[] = [{}, { mode: 'plan' }, { mode: 'explore', sandbox: process.cwd() }, { mode: 'explore' }];
  const cases = AccessMode.values().flatMap((accessMode) =>
    DangerLevel.values().flatMap((dangerLevel) => contexts.map((ctx) => [accessMode.value, dangerLevel.value, ctx] as const)),
  );
  it.each(cases)('should say what the registry does for a %s tool of danger %s called with %j', async (accessMode, dangerLevel, ctx) => {
    const { registry, tool, requests } = setup({ accessMode, dangerLevel }, () => true);
    const { rule, reason } = approvalRequirement(registry.get('tool')!, ctx);
    await registry.execute('tool', {}, { ...ctx });
    await registry.execute('tool', {}, { ...ctx });
    const expected = { never: 0, 'first-use': 1, 'every-call': 2 }[rule];
    expect(requests).toHaveLength(expected);
    for (const request of requests) expect(request.reason).toBe(reason);
    if (rule === 'never' && tool.calls.length === 0) expect(reason).toMatch(/^the call is refused/);
  });
});

describe('trustFrameworkApproval', () => {
  function registryTrusting(fallback?: (request: ApprovalRequest) => boolean) {
    const registry = new ToolRegistry({ logger: recordingLogger(), approve: trustFrameworkApproval(fallback) });
    const tool = testTool({ name: 'tool', metadata: { accessMode: 'execute' } });
    registry.register(tool);
    return { registry, tool };
  }

  it('should approve a call whose context names who approved it, without asking the fallback', async () => {
    const fallback = jest.fn(() => false);
    const { registry, tool } = registryTrusting(fallback);
    expect((await registry.execute('tool', {}, { approvedBy: 'ai-sdk' })).success).toBe(true);
    expect(fallback).not.toHaveBeenCalled();
    expect(tool.calls).toHaveLength(1);
  });

  it('should ask the fallback about any other call, and refuse it without one', async () => {
    const fallback = jest.fn(() => true);
    expect((await registryTrusting(fallback).registry.execute('tool', {}, { approvedBy: '' })).success).toBe(true);
    expect(fallback).toHaveBeenCalledWith(expect.objectContaining({ toolName: 'tool', reason: 'execute tools are confirmed on every call' }));
    const refused = await registryTrusting().registry.execute('tool', {}, { approvedBy: true } as unknown as ToolExecutionContext);
    expect(refused.error).toBe(
      "Tool 'tool' was not approved: the approval callback refused it (asked because execute tools are confirmed on every call)",
    );
  });
});
