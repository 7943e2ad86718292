// The invoker seam (`new ToolRegistry({ invoker })`) in depth: a call
// without a timeout, an invoker that throws, a caller's abort while the
// invoker runs. The contract itself is in test/spec/s15-pipeline.test.ts.
import { ToolRegistry, ToolResult } from '@victor-tools/core';
import { TestTool } from '../../../../test/support/tools';
import { recordingInvoker } from '../support/pipeline';

describe('the invoker seam', () => {
  it('should give a call without a timeout no deadline', async () => {
    const { invoker, calls } = recordingInvoker();
    const registry = new ToolRegistry({ invoker, defaultTimeoutMs: 0 });
    registry.register(new TestTool({ name: 't' }));
    await registry.execute('t', {});
    expect(calls[0].timeoutMs).toBeUndefined();
    expect(calls[0].deadline).toBeUndefined();
  });

  it('should turn an invoker that throws or rejects into a failed result', async () => {
    for (const invoke of [
      () => {
        throw new Error('worker gone');
      },
      () => Promise.reject(new Error('worker gone')),
    ]) {
      const registry = new ToolRegistry({ invoker: { invoke } });
      registry.register(new TestTool({ name: 't' }));
      const result = await registry.execute('t', {});
      expect(result.error).toBe('Tool execution failed: worker gone');
      expect(result.metadata?.exception).toBe('Error');
    }
  });

  it("should enforce the caller's abort around the invoker", async () => {
    const controller = new AbortController();
    const registry = new ToolRegistry({
      invoker: {
        invoke() {
          setTimeout(() => controller.abort('stop'), 5);
          return new Promise<ToolResult>(() => undefined);
        },
      },
    });
    registry.register(new TestTool({ name: 't' }));
    const result = await registry.execute('t', {}, { signal: controller.signal });
    expect(result.error).toBe("Tool 't' was cancelled");
  });
});
