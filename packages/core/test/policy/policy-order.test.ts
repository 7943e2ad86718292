// Where the mode policy and approval stand among the execute steps: the mode
// is checked before the arguments, approval asked only for valid ones.
import { approvalRegistry, modeRegistry } from '../../../../test/support/policy-tools';

describe('AgentMode policy in execute', () => {
  it('should check the mode before validation', async () => {
    const r = modeRegistry();
    const res = await r.execute('wr', { n: 'not a number' }, { mode: 'plan' });
    expect(res.success).toBe(false);
    expect(res.error).not.toMatch(/^Invalid parameters/);
  });
});

describe('approval', () => {
  it('should ask after validation', async () => {
    const approve = jest.fn(() => true);
    const { r } = approvalRegistry(approve);
    const res = await r.execute('ex', { n: 'x' });
    expect(res.error).toMatch(/^Invalid parameters for tool 'ex'/);
    expect(approve).not.toHaveBeenCalled();
  });
});
