import { ToolRegistry, type ToolExecutionContext, type ToolRegistryOptions } from '@victor-tools/core';
import { recordingLogger, testTool } from '../registry/helpers';

function setup(options: ToolRegistryOptions = {}) {
  const registry = new ToolRegistry({ logger: recordingLogger(), ...options });
  const tool = testTool({ name: 'read', metadata: { progressParams: ['path'] } });
  registry.register(tool);
  registry.register(testTool({ name: 'plain' }));
  return { registry, tool };
}

async function callTimes(registry: ToolRegistry, times: number, name: string, args: object, ctx?: ToolExecutionContext) {
  const results = [];
  for (let i = 0; i < times; i++) results.push(await registry.execute(name, { ...args }, ctx));
  return results;
}

describe('ToolRegistry', () => {
  describe('execute and loop detection', () => {
    it('should report a call past the threshold (4 by default) in metadata.loopDetected', async () => {
      const { registry } = setup();
      const ctx = {};
      const results = await callTimes(registry, 6, 'read', { path: 'a.txt', offset: 1 }, ctx);
      expect(results.slice(0, 4).map((r) => r.metadata?.loopDetected)).toEqual([undefined, undefined, undefined, undefined]);
      expect(results[4].metadata?.loopDetected).toEqual({ count: 5, threshold: 4, values: { path: 'a.txt' } });
      expect(results[5].metadata?.loopDetected).toMatchObject({ count: 6 });
      expect(results.every((r) => r.success)).toBe(true);
    });

    it('should count different progress values apart, whatever the other arguments', async () => {
      const { registry } = setup();
      const ctx = {};
      await callTimes(registry, 4, 'read', { path: 'a.txt' }, ctx);
      const [other] = await callTimes(registry, 1, 'read', { path: 'b.txt' }, ctx);
      expect(other.metadata?.loopDetected).toBeUndefined();
      const [again] = await callTimes(registry, 1, 'read', { path: 'a.txt', offset: 99 }, ctx);
      expect(again.metadata?.loopDetected).toMatchObject({ count: 5 });
    });

    it("should report a progress parameter named '__proto__' as an own value, never as a prototype", async () => {
      const registry = new ToolRegistry({ logger: recordingLogger() });
      registry.register(testTool({ name: 'walk', metadata: { progressParams: ['__proto__'] } }));
      const ctx = {};
      const results = await callTimes(registry, 5, 'walk', JSON.parse('{"__proto__": {"step": 1}}'), ctx);
      const values = (results[4].metadata?.loopDetected as { values: object }).values;
      expect(Object.keys(values)).toEqual(['__proto__']);
      expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
    });

    it('should count per context object', async () => {
      const { registry } = setup();
      await callTimes(registry, 4, 'read', { path: 'a' }, {});
      const [fresh] = await callTimes(registry, 1, 'read', { path: 'a' }, {});
      expect(fresh.metadata?.loopDetected).toBeUndefined();
    });

    it('should count calls without a context together', async () => {
      const { registry } = setup();
      const results = await callTimes(registry, 5, 'read', { path: 'a' });
      expect(results[4].metadata?.loopDetected).toMatchObject({ count: 5 });
    });

    it('should honour the loopThreshold option', async () => {
      const { registry } = setup({ loopThreshold: 1 });
      const results = await callTimes(registry, 2, 'read', { path: 'a' });
      expect(results[1].metadata?.loopDetected).toMatchObject({ count: 2, threshold: 1 });
    });

    it('should refuse calls past the threshold when refuseLoops is set', async () => {
      const { registry, tool } = setup({ loopThreshold: 2, refuseLoops: true });
      const results = await callTimes(registry, 3, 'read', { path: 'a' });
      expect(results.map((r) => r.success)).toEqual([true, true, false]);
      expect(results[2].error).toMatch(/^Tool 'read' refused: it was called 3 times with the same path/);
      expect(tool.calls).toHaveLength(2);
    });

    it('should never flag a tool without progressParams', async () => {
      const { registry } = setup();
      const results = await callTimes(registry, 8, 'plain', {});
      expect(results.some((r) => r.metadata?.loopDetected)).toBe(false);
    });

    it('should start counting afresh after resetLoopDetection', async () => {
      const { registry } = setup();
      const ctx = {};
      await callTimes(registry, 4, 'read', { path: 'a' }, ctx);
      registry.resetLoopDetection(ctx);
      const [next] = await callTimes(registry, 1, 'read', { path: 'a' }, ctx);
      expect(next.metadata?.loopDetected).toBeUndefined();
    });
  });
});
