// Where the mode policy and approval stand among the execute steps: the mode
// is checked before the arguments, approval asked only for valid ones.
import { AccessMode, CostTier, DangerLevel, ToolRegistry } from '@victor-tools/core';
import { TestTool } from '../../../../test/support/tools';
import { quietLogger } from '../../../../test/support/logger';

const logger = quietLogger;

function tool(name: string, accessMode: AccessMode | undefined, extra: Partial<ConstructorParameters<typeof TestTool>[0]> = {}) {
  return new TestTool({
    name,
    metadata: accessMode ? { accessMode } : undefined,
    parameters: {
      type: 'object',
      properties: { path: { type: 'string' }, n: { type: 'integer' } },
    },
    ...extra,
  });
}

describe('AgentMode policy in execute', () => {
  function registry() {
    const r = new ToolRegistry({ logger: logger() });
    r.register(tool('ro', AccessMode.READONLY));
    r.register(tool('net', AccessMode.NETWORK));
    r.register(tool('wr', AccessMode.WRITE));
    r.register(tool('ex', AccessMode.EXECUTE));
    r.register(tool('mix', AccessMode.MIXED));
    r.register(tool('undeclared', undefined));
    r.register(tool('pricey', AccessMode.READONLY, { costTier: CostTier.HIGH }));
    return r;
  }

  it('should check the mode before validation', async () => {
    const r = registry();
    const res = await r.execute('wr', { n: 'not a number' }, { mode: 'plan' });
    expect(res.success).toBe(false);
    expect(res.error).not.toMatch(/^Invalid parameters/);
  });
});

describe('approval', () => {
  function setup(approve: jest.Mock) {
    const r = new ToolRegistry({ logger: logger(), approve });
    const tools = {
      ro: tool('ro', AccessMode.READONLY),
      net: tool('net', AccessMode.NETWORK),
      wr: tool('wr', AccessMode.WRITE),
      ex: tool('ex', AccessMode.EXECUTE, { metadata: { accessMode: AccessMode.EXECUTE, dangerLevel: DangerLevel.HIGH } }),
      mix: tool('mix', AccessMode.MIXED),
    };
    for (const t of Object.values(tools)) r.register(t);
    return { r, tools };
  }

  it('should ask after validation', async () => {
    const approve = jest.fn(() => true);
    const { r } = setup(approve);
    const res = await r.execute('ex', { n: 'x' });
    expect(res.error).toMatch(/^Invalid parameters for tool 'ex'/);
    expect(approve).not.toHaveBeenCalled();
  });
});
