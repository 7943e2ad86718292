// Hooks in depth: an option misspelt, the positional form's non-critical
// hook, a critical after-hook. The contract is in test/spec/s06-registry.test.ts.
import { Hook, ToolRegistry } from '@victor-tools/core';
import { TestTool } from '../../../../test/support/tools';
import { quietLogger } from '../../../../test/support/logger';

function quietRegistry(extra: Record<string, unknown> = {}) {
  return new ToolRegistry({ logger: quietLogger(), ...extra });
}

describe('Hook', () => {
  it('should refuse an unknown option rather than drop it', () => {
    expect(() => new Hook(() => undefined, { name: 'x', crtical: true } as never)).toThrow(TypeError);
  });
});

describe("ToolRegistry hooks in the reference's positional form", () => {
  it("should make registerBeforeHook(fn, 'name') a non-critical hook of that name", async () => {
    const logger = quietLogger();
    const r = new ToolRegistry({ logger });
    r.register(new TestTool({ name: 'git' }));
    r.registerBeforeHook(() => {
      throw new Error('down');
    }, 'audit');
    expect((await r.execute('git', {})).success).toBe(true);
    expect(String(logger.warn.mock.calls[0]![0])).toContain("'audit'");
  });
});

describe('ToolRegistry hooks', () => {
  it('should fail the call on a failing critical after-hook', async () => {
    const r = quietRegistry();
    r.register(new TestTool({ name: 'git' }));
    r.registerAfterHook(() => { throw new Error('leak'); }, { critical: true, name: 'security_validation' });
    const res = await r.execute('git', {});
    expect(res.success).toBe(false);
    expect(res.error).toBe("Critical hook 'security_validation' failed for tool 'git': leak");
  });
});
