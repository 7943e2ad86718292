import {
  AccessMode,
  AgentMode,
  DangerLevel,
  ToolRegistry,
  trustFrameworkApproval,
  type ApprovalRequest,
  type ToolExecutionContext,
  type ToolMetadataInput,
} from '@victor-tools/core';
import {
  approvalRequirement,
  type ElicitRequest,
  type ElicitResult,
  type ToolClient,
  type ApprovalRule,
} from '@victor-tools/core/framework';

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

  it('should ask the fallback about any other call, and refuse it without one, saying how to approve', async () => {
    const fallback = jest.fn(() => true);
    const approved = await registryTrusting(fallback).registry.execute('tool', {}, { approvedBy: '' });
    expect(approved.success).toBe(true);
    expect(approved.metadata?.approval).toEqual({ asked: true, approved: true, reason: 'execute tools are confirmed on every call', by: 'fallback' });
    expect(fallback).toHaveBeenCalledWith(expect.objectContaining({ toolName: 'tool', reason: 'execute tools are confirmed on every call' }));
    const refused = await registryTrusting().registry.execute('tool', {}, { approvedBy: true } as unknown as ToolExecutionContext);
    expect(refused.error).toBe(
      "Tool 'tool' was not approved: it needs a person's approval (execute tools are confirmed on every call) and nobody could be asked on this call. " +
        "Approve it where a person is asked: through an adapter (the AI SDK's or OpenAI Agents' needsApproval, a LangGraph interrupt), " +
        'or an MCP client that supports elicitation; or give trustFrameworkApproval(fallback) a callback that decides the other calls',
    );
    expect(refused.metadata?.approval).toEqual({ asked: false, approved: false, reason: 'execute tools are confirmed on every call' });
  });

  it("should name the fallback when it refuses", async () => {
    const refused = await registryTrusting(() => false).registry.execute('tool', {});
    expect(refused.error).toBe(
      "Tool 'tool' was not approved: trustFrameworkApproval's fallback refused it (asked because execute tools are confirmed on every call)",
    );
  });

  it('should record who approved a call a door approved, and count it as a write tool\'s first use', async () => {
    const registry = new ToolRegistry({ logger: recordingLogger(), approve: trustFrameworkApproval() });
    registry.register(testTool({ name: 'save', metadata: { accessMode: 'write' } }));
    expect(registry.approvalGate('save')?.asks).toBe('person');
    const first = await registry.execute('save', {}, { approvedBy: 'ai-sdk' });
    expect(first.metadata?.approval).toEqual({ asked: true, approved: true, reason: 'write tools are confirmed on their first use', by: 'ai-sdk' });
    expect(registry.approvalGate('save')?.asks).toBe('nobody');
    expect((await registry.execute('save', {})).success).toBe(true);
  });

  it('should refuse a non-function fallback at once, saying what it got', () => {
    expect(() => trustFrameworkApproval('yes' as never)).toThrow(
      'trustFrameworkApproval(fallback): fallback must be a function (request) => boolean | Promise<boolean>, got a string.',
    );
    expect(() => trustFrameworkApproval(null as never)).toThrow('fallback must be a function (request) => boolean | Promise<boolean>, got null.');
  });
});

describe('approval through the MCP client (elicitation) under trustFrameworkApproval', () => {
  function clientAnswering(answer: ElicitResult | Error, canElicit = true) {
    const asked: ElicitRequest[] = [];
    const client: ToolClient = {
      canSample: false,
      canElicit,
      sample: () => Promise.reject(new Error('not used')),
      elicit: async (params) => {
        asked.push(params);
        if (answer instanceof Error) throw answer;
        return answer;
      },
    };
    return { client, asked };
  }
  function registryWith(fallback?: () => boolean) {
    const registry = new ToolRegistry({ logger: recordingLogger(), approve: trustFrameworkApproval(fallback) });
    const tool = testTool({ name: 'drop', metadata: { accessMode: 'execute' } });
    registry.register(tool);
    return { registry, tool };
  }

  it('should ask the person with a yes/no form naming the tool, the reason and the arguments, and run when they approve', async () => {
    const { registry, tool } = registryWith(() => false);
    const { client, asked } = clientAnswering({ action: 'accept', content: { approve: true } });
    const result = await registry.execute('drop', { table: 'logs' }, { client });
    expect(result.success).toBe(true);
    expect(result.metadata?.approval).toEqual({ asked: true, approved: true, reason: 'execute tools are confirmed on every call', by: 'mcp-elicitation' });
    expect(tool.calls).toHaveLength(1);
    expect(asked).toEqual([
      {
        message: "Approve the call of tool 'drop'? It asks because execute tools are confirmed on every call. Arguments: {\"table\":\"logs\"}",
        requestedSchema: {
          type: 'object',
          properties: { approve: { type: 'boolean', title: 'Approve', description: 'Run this tool call' } },
          required: ['approve'],
        },
      },
    ]);
  });

  it.each([
    ['declines', { action: 'decline' } as ElicitResult],
    ['cancels', { action: 'cancel' } as ElicitResult],
    ['accepts with approve: false', { action: 'accept', content: { approve: false } } as ElicitResult],
  ])('should refuse the call when the person %s', async (_, answer) => {
    const { registry, tool } = registryWith();
    const result = await registry.execute('drop', {}, { client: clientAnswering(answer).client });
    expect(result.error).toBe("Tool 'drop' was not approved: the person declined it in the MCP client (asked because execute tools are confirmed on every call)");
    expect(tool.calls).toEqual([]);
  });

  it('should refuse the call when asking the client fails', async () => {
    const { registry } = registryWith();
    const result = await registry.execute('drop', {}, { client: clientAnswering(new Error('Request timed out')).client });
    expect(result.error).toBe(
      "Tool 'drop' was not approved: asking the MCP client for approval failed: Request timed out (asked because execute tools are confirmed on every call)",
    );
  });

  it('should ask the fallback when the client cannot elicit', async () => {
    const fallback = jest.fn(() => true);
    const { registry } = registryWith(fallback);
    const { client, asked } = clientAnswering({ action: 'accept', content: { approve: true } }, false);
    expect((await registry.execute('drop', {}, { client })).metadata?.approval).toMatchObject({ by: 'fallback' });
    expect(asked).toEqual([]);
    expect(fallback).toHaveBeenCalledTimes(1);
  });

  it('should not ask the client under an ordinary approve callback: the callback decides', async () => {
    const registry = new ToolRegistry({ logger: recordingLogger(), approve: () => false });
    registry.register(testTool({ name: 'drop', metadata: { accessMode: 'execute' } }));
    const { client, asked } = clientAnswering({ action: 'accept', content: { approve: true } });
    expect((await registry.execute('drop', {}, { client, approvedBy: 'ai-sdk' })).error).toBe(
      "Tool 'drop' was not approved: the approval callback refused it (asked because execute tools are confirmed on every call)",
    );
    expect(asked).toEqual([]);
  });
});

describe('ToolRegistry.approvalGate: who decides a call', () => {
  const configs = [
    ['no approve', undefined, 'nobody'],
    ['an approve callback', () => true, 'callback'],
    ['trustFrameworkApproval()', trustFrameworkApproval(), 'person'],
    ['trustFrameworkApproval(fallback)', trustFrameworkApproval(() => true), 'person'],
  ] as const;
  it.each(configs)('should answer for a registry with %s', (_, approve, asks) => {
    const registry = new ToolRegistry({ logger: recordingLogger(), approve });
    registry.register(testTool({ name: 'read', metadata: { accessMode: 'readonly' } }));
    registry.register(testTool({ name: 'exec', metadata: { accessMode: 'execute' } }));
    expect(registry.approvalGate('exec')).toEqual({ ...approvalRequirement(registry.get('exec')!), asks });
    expect(registry.approvalGate('read')?.asks).toBe('nobody');
    expect(registry.approvalGate('exec', { mode: 'plan' })?.asks).toBe('nobody');
    expect(registry.approvalGate('missing')).toBeUndefined();
  });

  it('should treat a trustFrameworkApproval wrapped in a callback of your own as an ordinary callback', () => {
    const trust = trustFrameworkApproval();
    const registry = new ToolRegistry({ logger: recordingLogger(), approve: (request) => trust(request) });
    registry.register(testTool({ name: 'exec', metadata: { accessMode: 'execute' } }));
    expect(registry.approvalGate('exec')?.asks).toBe('callback');
  });
});
