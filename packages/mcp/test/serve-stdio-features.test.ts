// Over stdio (serveMcpStdio and its guarded transport) with
// the official client: progress notifications, and notifications/cancelled
// aborting the tool's signal within a second.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ToolRegistry } from '@victor-tools/core';
import { serveMcpStdio } from '@victor-tools/mcp';
import { SlowTool, progressTool } from './support/feature-tools';
import { PipeClientTransport } from './support/stdio-pair';
import { silentLogger } from '../../../test/support/logger';

jest.setTimeout(30_000);

async function serveOverPipes() {
  const slow = new SlowTool();
  const registry = new ToolRegistry({ logger: silentLogger });
  registry.register(slow);
  registry.register(progressTool());
  const transport = new PipeClientTransport();
  const handle = await serveMcpStdio(registry, { stdin: transport.serverStdin, stdout: transport.serverStdout, logger: silentLogger });
  const client = new Client({ name: 'stdio-features', version: '1.0.0' });
  await client.connect(transport);
  return { slow, client, close: async () => (await client.close(), await handle.close()) };
}

describe('serveMcpStdio with the official client', () => {
  it('should deliver the progress notifications of a tool that reports progress', async () => {
    const { client, close } = await serveOverPipes();
    try {
      const received: Array<{ progress: number; total?: number; message?: string }> = [];
      await client.callTool({ name: 'three_steps', arguments: {} }, undefined, { onprogress: (p) => received.push(p) });
      expect(received).toEqual([
        { progress: 0, total: 100, message: 'at 0' },
        { progress: 50, total: 100, message: 'at 50' },
        { progress: 100, total: 100, message: 'at 100' },
      ]);
    } finally {
      await close();
    }
  });

  it("should abort the tool's ctx.signal within a second of the client's notifications/cancelled", async () => {
    const { slow, client, close } = await serveOverPipes();
    try {
      const controller = new AbortController();
      const call = client.callTool({ name: 'slow', arguments: {} }, undefined, { signal: controller.signal });
      await slow.started;
      const cancelledAt = Date.now();
      controller.abort('stop');
      await expect(call).rejects.toThrow();
      for (let i = 0; i < 100 && slow.abortedAt === undefined; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(slow.abortedAt! - cancelledAt).toBeLessThan(1000);
    } finally {
      await close();
    }
  });
});
