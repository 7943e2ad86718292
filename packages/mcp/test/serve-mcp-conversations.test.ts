import { ToolRegistry } from '@victor-tools/core';
import { connectInMemory } from './support/in-memory';
import { ContextSpyTool } from './support/tools';

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

// Loop detection counts a connection's calls under its conversation (its
// session id, else an id of its own): a closed connection must not leave
// its counts behind, or a client that opens and closes connections fills the
// registry's bounds (1,000 conversations of 1,000 keys each).
describe('serveMcp conversations', () => {
  function loopRegistry(): { registry: ToolRegistry; spy: ContextSpyTool } {
    const spy = new ContextSpyTool();
    const registry = new ToolRegistry({ logger: silent, refuseLoops: true });
    registry.register(spy);
    return { registry, spy };
  }

  async function callFourTimes(connection: Awaited<ReturnType<typeof connectInMemory>>): Promise<void> {
    for (let i = 0; i < 4; i++) expect((await connection.client.callTool({ name: 'spy', arguments: { step: 'same' } })).isError).toBeFalsy();
  }

  it("should forget the loop counts of a connection's own conversation when it closes", async () => {
    const { registry, spy } = loopRegistry();
    const connection = await connectInMemory(registry);
    await callFourTimes(connection);
    const conversationId = spy.contexts[0].conversationId!;
    expect(typeof conversationId).toBe('string');
    await connection.close();
    // Four calls counted, then forgotten: a fifth in that conversation is a first.
    const after = await registry.execute('spy', { step: 'same' }, { conversationId });
    expect(after.success).toBe(true);
    expect(after.metadata?.loopDetected).toBeUndefined();
  });

  it('should still count the calls of an open connection together, and refuse the fifth', async () => {
    const { registry } = loopRegistry();
    const connection = await connectInMemory(registry);
    try {
      await callFourTimes(connection);
      const fifth = await connection.client.callTool({ name: 'spy', arguments: { step: 'same' } });
      expect(fifth.isError).toBe(true);
    } finally {
      await connection.close();
    }
  });

  it('should leave alone a conversation given in options.context: it is the caller\'s', async () => {
    const { registry } = loopRegistry();
    const connection = await connectInMemory(registry, { context: { conversationId: 'mine' } });
    await callFourTimes(connection);
    await connection.close();
    const fifth = await registry.execute('spy', { step: 'same' }, { conversationId: 'mine' });
    expect(fifth.success).toBe(false);
    expect(fifth.metadata?.loopDetected).toMatchObject({ count: 5 });
  });

  it('should serve a registry without resetLoopDetection, and close', async () => {
    const { registry } = loopRegistry();
    const view = { listTools: () => registry.listTools(), execute: registry.execute.bind(registry), onChange: registry.onChange.bind(registry) };
    const connection = await connectInMemory(view);
    await callFourTimes(connection);
    await expect(connection.close()).resolves.toBeUndefined();
  });
});
