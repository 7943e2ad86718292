// Over Streamable HTTP with the official client:
// progress, cancellation (stateful: notifications/cancelled; stateless: a
// closed response stream), output schemas, sampling and logging.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema, LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { ToolRegistry } from '@victor-tools/core';
import { serveMcpHttp, type McpHttpServerHandle } from '@victor-tools/mcp';
import { FeatureTool, SlowTool, countWordsTool, progressTool } from './support/feature-tools';
import { MCP_POST_HEADERS } from '../../../test/support/mcp-http';
import { textOf } from '../../../test/support/mcp-results';
import { silentLogger } from '../../../test/support/logger';

jest.setTimeout(30_000);

async function waitFor(condition: () => boolean, ms = 2000): Promise<void> {
  for (const until = Date.now() + ms; !condition() && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe.each([
  ['stateless', true],
  ['stateful', false],
])('serveMcpHttp (%s) with the official client', (_label, stateless) => {
  let slow: SlowTool;
  let handle: McpHttpServerHandle;
  let client: Client;

  beforeEach(async () => {
    slow = new SlowTool();
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register(slow);
    registry.register(progressTool());
    registry.register(countWordsTool());
    registry.register(
      new FeatureTool({
        name: 'chatty',
        run: (ctx) => {
          ctx.log('info', 'one');
          ctx.log('warning', 'two', { n: 2 });
          return 'logged';
        },
      }),
    );
    handle = await serveMcpHttp(registry, { stateless });
    client = new Client({ name: 'http-features', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(handle.url)));
  });

  afterEach(async () => {
    await client.close().catch(() => undefined);
    await handle.close();
  });

  it('should deliver the progress notifications of a tool that reports progress', async () => {
    const received: number[] = [];
    const result = await client.callTool({ name: 'three_steps', arguments: {} }, undefined, { onprogress: (p) => received.push(p.progress) });
    expect(textOf(result)).toBe('three steps done');
    expect(received).toEqual([0, 50, 100]);
  });

  it('should keep a long call alive with resetTimeoutOnProgress past the request timeout', async () => {
    const received: number[] = [];
    // Progress at most four a second leaves gaps under a second: a 1.5 s timeout, reset by each, outlives a 3.5 s call.
    const result = await client.callTool({ name: 'slow', arguments: { ms: 3500 } }, undefined, {
      timeout: 1500,
      resetTimeoutOnProgress: true,
      onprogress: (p) => received.push(p.progress),
    });
    expect(textOf(result)).toBe('finished');
    expect(received.length).toBeGreaterThanOrEqual(12);
  });

  it('should advertise the output schema and return structured content', async () => {
    const listed = (await client.listTools()).tools.find((t) => t.name === 'count_words');
    expect(listed?.outputSchema).toMatchObject({ type: 'object', required: ['count'] });
    expect(await client.callTool({ name: 'count_words', arguments: { text: 'a b' } })).toEqual({
      content: [{ type: 'text', text: '{"count":2}' }],
      structuredContent: { count: 2 },
    });
  });

  it("should send ctx.log to the client on the call's stream", async () => {
    const messages: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void messages.push(n.params));
    expect(textOf(await client.callTool({ name: 'chatty', arguments: {} }))).toBe('logged');
    await waitFor(() => messages.length === 2);
    expect(messages).toEqual([
      { level: 'info', logger: 'chatty', data: 'one' },
      { level: 'warning', logger: 'chatty', data: { message: 'two', data: { n: 2 } } },
    ]);
  });

  if (stateless) {
    it('should cancel a call whose response stream the client closed, within a second', async () => {
      const call = client.callTool({ name: 'slow', arguments: {} }).catch((error: unknown) => error);
      await slow.started;
      const closedAt = Date.now();
      await client.close(); // aborts the transport's fetches: the POST's stream closes
      await call;
      await waitFor(() => slow.abortedAt !== undefined);
      expect(slow.abortedAt! - closedAt).toBeLessThan(1000);
    });

    it('should cancel a call whose raw fetch was aborted, within a second', async () => {
      const controller = new AbortController();
      const body = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'slow', arguments: {} } });
      const response = await fetch(handle.url, { method: 'POST', headers: MCP_POST_HEADERS, body, signal: controller.signal });
      expect(response.status).toBe(200);
      await slow.started;
      const abortedAt = Date.now();
      controller.abort();
      await waitFor(() => slow.abortedAt !== undefined);
      expect(slow.abortedAt! - abortedAt).toBeLessThan(1000);
    });

    it('should offer no ctx.client: a stateless server never sees the client’s initialize', async () => {
      const registry = new ToolRegistry({ logger: silentLogger });
      registry.register(new FeatureTool({ name: 'has_client', run: (ctx) => String(ctx.client !== undefined) }));
      const other = await serveMcpHttp(registry);
      const sampling = new Client({ name: 'sampler', version: '1.0.0' }, { capabilities: { sampling: {} } });
      try {
        await sampling.connect(new StreamableHTTPClientTransport(new URL(other.url)));
        expect(textOf(await sampling.callTool({ name: 'has_client', arguments: {} }))).toBe('false');
      } finally {
        await sampling.close();
        await other.close();
      }
    });
  } else {
    it("should abort the tool's ctx.signal within a second of the client's notifications/cancelled", async () => {
      const controller = new AbortController();
      const call = client.callTool({ name: 'slow', arguments: {} }, undefined, { signal: controller.signal });
      await slow.started;
      const cancelledAt = Date.now();
      controller.abort('stop');
      await expect(call).rejects.toThrow();
      await waitFor(() => slow.abortedAt !== undefined);
      expect(slow.abortedAt! - cancelledAt).toBeLessThan(1000);
    });

    it("should let a tool sample the client's model over the session", async () => {
      const registry = new ToolRegistry({ logger: silentLogger });
      registry.register(
        new FeatureTool({
          name: 'colour',
          run: async (ctx) => {
            const answer = await ctx.client!.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'A colour?' } }], maxTokens: 5 });
            return `LLM response: ${(answer.content as { text: string }).text}`;
          },
        }),
      );
      const other = await serveMcpHttp(registry, { stateless: false });
      const sampling = new Client({ name: 'sampler', version: '1.0.0' }, { capabilities: { sampling: {} } });
      sampling.setRequestHandler(CreateMessageRequestSchema, () => ({ role: 'assistant', content: { type: 'text', text: 'teal' }, model: 'm' }));
      try {
        await sampling.connect(new StreamableHTTPClientTransport(new URL(other.url)));
        expect(textOf(await sampling.callTool({ name: 'colour', arguments: {} }))).toBe('LLM response: teal');
      } finally {
        await sampling.close();
        await other.close();
      }
    });
  }
});
