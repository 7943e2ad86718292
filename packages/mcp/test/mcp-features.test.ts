// Over the SDK's in-memory transport: logging, ctx.client
// (sampling, elicitation), rich content, output schemas, cancellation.
import {
  CallToolResultSchema,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
  type ClientCapabilities,
  type LoggingMessageNotification,
} from '@modelcontextprotocol/sdk/types.js';
import { ToolRegistry, ToolResult, trustFrameworkApproval } from '@victor-tools/core';
import type { ToolClient } from '@victor-tools/core/framework';
import { ClientCapabilityError, type ServeMcpOptions } from '@victor-tools/mcp';
import { FeatureTool, RED_PIXEL_PNG, SlowTool, countWordsTool, progressTool } from './support/feature-tools';
import { textOf } from '../../../test/support/mcp-results';
import { connectInMemory } from './support/in-memory';
import { silentLogger } from '../../../test/support/logger';

jest.setTimeout(30_000);

const connect = (registry: ToolRegistry, capabilities: ClientCapabilities = {}, options: Omit<ServeMcpOptions, 'transport'> = {}) =>
  connectInMemory(registry, options, capabilities);

function registryOf(...tools: FeatureTool[]): ToolRegistry {
  const registry = new ToolRegistry({ logger: silentLogger });
  for (const tool of tools) registry.register(tool);
  return registry;
}

describe('approval under trustFrameworkApproval: the person at the client, by elicitation', () => {
  function personRegistry() {
    const registry = new ToolRegistry({ logger: silentLogger, approve: trustFrameworkApproval() });
    const drop = new (class extends FeatureTool {
      override get metadata() {
        return { accessMode: 'execute' as const, dangerLevel: 'critical' as const };
      }
    })({ name: 'drop_table', parameters: { type: 'object', properties: { table: { type: 'string' } } }, run: () => 'dropped' });
    registry.register(drop);
    return { registry, drop };
  }

  it('should ask the client with a yes/no form and run the call only when the person accepts it with yes', async () => {
    const { registry } = personRegistry();
    const conn = await connect(registry, { elicitation: {} });
    const answers = [{ action: 'decline' }, { action: 'accept', content: { approve: false } }, { action: 'accept', content: { approve: true } }];
    const asked: unknown[] = [];
    conn.client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params);
      return answers.shift() as { action: 'accept' | 'decline' };
    });
    try {
      const call = () => conn.client.callTool({ name: 'drop_table', arguments: { table: 'logs' } });
      const declined = await call();
      const saidNo = await call();
      const accepted = await call();
      const refusal =
        "Tool 'drop_table' was not approved: the person declined it in the MCP client (asked because danger level 'critical' requires confirmation: " +
        'This tool can cause irreversible damage; confirm only if you are certain.)';
      expect([declined.isError, textOf(declined)]).toEqual([true, refusal]);
      expect([saidNo.isError, textOf(saidNo)]).toEqual([true, refusal]);
      expect([accepted.isError ?? false, textOf(accepted)]).toEqual([false, 'dropped']);
      expect(asked).toHaveLength(3);
      expect(asked[0]).toMatchObject({ message: expect.stringMatching(/^Approve the call of tool 'drop_table'\? .* Arguments: \{"table":"logs"\}$/) });
    } finally {
      await conn.close();
    }
  });

  it('should refuse the call, saying how to approve, when the client cannot elicit', async () => {
    const { registry, drop } = personRegistry();
    const conn = await connect(registry, { sampling: {} });
    try {
      const refused = await conn.client.callTool({ name: 'drop_table', arguments: { table: 'logs' } });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/needs a person's approval .* an MCP client that supports elicitation/);
      expect(drop.lastContext).toBeUndefined();
    } finally {
      await conn.close();
    }
  });
});

describe('logging', () => {
  const logTool = () =>
    new FeatureTool({
      name: 'chatty',
      run: (ctx) => {
        ctx.log('debug', 'looking closely');
        ctx.log('info', 'started');
        ctx.log('warning', 'disk nearly full', { freeBytes: 1024 });
        ctx.log('error', 'cannot serialize', { big: 1n });
        return 'logged';
      },
    });

  it('should declare the logging capability and send ctx.log at or above the level the client set', async () => {
    const conn = await connect(registryOf(logTool()));
    try {
      expect(conn.client.getServerCapabilities()?.logging).toEqual({});
      const messages: LoggingMessageNotification['params'][] = [];
      conn.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void messages.push(n.params));
      expect(await conn.client.setLoggingLevel('info')).toEqual({});
      expect(textOf(await conn.client.callTool({ name: 'chatty', arguments: {} }))).toBe('logged');
      expect(messages).toEqual([
        { level: 'info', logger: 'chatty', data: 'started' },
        { level: 'warning', logger: 'chatty', data: { message: 'disk nearly full', data: { freeBytes: 1024 } } },
        { level: 'error', logger: 'chatty', data: { message: 'cannot serialize', data: '[data left out: it cannot be sent as JSON (Do not know how to serialize a BigInt)]' } },
      ]);
      messages.length = 0;
      await conn.client.setLoggingLevel('error');
      await conn.client.callTool({ name: 'chatty', arguments: {} });
      expect(messages.map((m) => m.level)).toEqual(['error']);
    } finally {
      await conn.close();
    }
  });

  it('should send every level until the client sets one', async () => {
    const conn = await connect(registryOf(logTool()));
    try {
      const levels: string[] = [];
      conn.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void levels.push(n.params.level));
      await conn.client.callTool({ name: 'chatty', arguments: {} });
      expect(levels).toEqual(['debug', 'info', 'warning', 'error']);
    } finally {
      await conn.close();
    }
  });

  it('should refuse an unknown level with -32602', async () => {
    const conn = await connect(registryOf(logTool()));
    try {
      await expect(conn.client.setLoggingLevel('loud' as never)).rejects.toMatchObject({
        code: -32602,
        message: "MCP error -32602: Invalid logging/setLevel request: 'level' must be one of debug, info, notice, warning, error, critical, alert, emergency; got 'loud'",
      });
    } finally {
      await conn.close();
    }
  });

  it('should let more capabilities be declared before connecting (the SDK refuses them after)', async () => {
    const conn = await connect(registryOf(logTool()), {}, { capabilities: { resources: {} } });
    try {
      expect(conn.client.getServerCapabilities()).toMatchObject({ resources: {}, logging: {}, tools: { listChanged: true } });
      expect(() => conn.handle.server.registerCapabilities({ prompts: {} })).toThrow(/after connecting/);
    } finally {
      await conn.close();
    }
  });
});

describe('ctx.client: sampling and elicitation', () => {
  const askingTool = () =>
    new FeatureTool({
      name: 'ask',
      parameters: { type: 'object', properties: { what: { type: 'string', enum: ['sample', 'elicit', 'has'] } }, required: ['what'] },
      run: async (ctx, args) => {
        const client = ctx.client as ToolClient | undefined;
        if (args.what === 'has') return client === undefined ? 'no client' : `sample=${client.canSample} elicit=${client.canElicit}`;
        if (!client) return ToolResult.fail('no client');
        if (args.what === 'sample') {
          const answer = await client.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'Name a colour.' } }], maxTokens: 10 });
          return `model ${answer.model} said ${(answer.content as { text: string }).text}`;
        }
        const answer = await client.elicit({
          message: 'Who are you?',
          requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        });
        return `${answer.action}: ${JSON.stringify(answer.content)}`;
      },
    });

  it("should ask the client's model and the user, each resolving to the client's answer", async () => {
    const conn = await connect(registryOf(askingTool()), { sampling: {}, elicitation: {} });
    const asked: unknown[] = [];
    conn.client.setRequestHandler(CreateMessageRequestSchema, (request) => {
      asked.push(request.params);
      return { role: 'assistant', content: { type: 'text', text: 'teal' }, model: 'test-model', stopReason: 'endTurn' };
    });
    conn.client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params);
      return { action: 'accept', content: { name: 'Ada' } };
    });
    try {
      expect(textOf(await conn.client.callTool({ name: 'ask', arguments: { what: 'has' } }))).toBe('sample=true elicit=true');
      expect(textOf(await conn.client.callTool({ name: 'ask', arguments: { what: 'sample' } }))).toBe('model test-model said teal');
      expect(textOf(await conn.client.callTool({ name: 'ask', arguments: { what: 'elicit' } }))).toBe('accept: {"name":"Ada"}');
      expect(asked).toEqual([
        { messages: [{ role: 'user', content: { type: 'text', text: 'Name a colour.' } }], maxTokens: 10 },
        { message: 'Who are you?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
      ]);
    } finally {
      await conn.close();
    }
  });

  it('should leave ctx.client undefined when the client declares neither, and reject what it did not declare', async () => {
    const bare = await connect(registryOf(askingTool()));
    try {
      expect(textOf(await bare.client.callTool({ name: 'ask', arguments: { what: 'has' } }))).toBe('no client');
    } finally {
      await bare.close();
    }
    const tool = askingTool();
    const sampleOnly = await connect(registryOf(tool), { sampling: {} });
    try {
      expect(textOf(await sampleOnly.client.callTool({ name: 'ask', arguments: { what: 'has' } }))).toBe('sample=true elicit=false');
      const refused = await sampleOnly.client.callTool({ name: 'ask', arguments: { what: 'elicit' } });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toBe(`Tool execution failed: ${new ClientCapabilityError('elicitation').message}`);
    } finally {
      await sampleOnly.close();
    }
  });

  it('should leave ctx.client undefined outside MCP', async () => {
    const tool = askingTool();
    expect((await registryOf(tool).execute('ask', { what: 'has' })).output).toBe('no client');
  });

  it('should give up a pending request to the client when the call is cancelled', async () => {
    const conn = await connect(registryOf(askingTool()), { sampling: {} });
    let answered = false;
    conn.client.setRequestHandler(CreateMessageRequestSchema, () => new Promise(() => undefined));
    try {
      const controller = new AbortController();
      const call = conn.client.callTool({ name: 'ask', arguments: { what: 'sample' } }, undefined, { signal: controller.signal }).then(() => (answered = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      controller.abort();
      await expect(call).rejects.toThrow();
      expect(answered).toBe(false);
    } finally {
      await conn.close();
    }
  });
});

describe('rich content', () => {
  const blocks = [
    { type: 'text' as const, text: 'Multiple content types test:' },
    { type: 'image' as const, data: RED_PIXEL_PNG, mimeType: 'image/png' },
    { type: 'audio' as const, data: 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=', mimeType: 'audio/wav' },
    { type: 'resource' as const, resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: '{"test":"data","value":123}' } },
    { type: 'resource_link' as const, uri: 'file:///notes.txt', name: 'notes.txt', mimeType: 'text/plain' },
  ];

  it('should send the blocks of ToolResult.withContent as they are, with a plain-object output as structuredContent', async () => {
    const conn = await connect(
      registryOf(
        new FeatureTool({ name: 'mixed', run: () => ToolResult.withContent(blocks) }),
        new FeatureTool({ name: 'pic', run: () => ToolResult.withContent([blocks[1]], { width: 1, height: 1 }) }),
      ),
    );
    try {
      const mixed = await conn.client.callTool({ name: 'mixed', arguments: {} });
      expect(mixed).toEqual({ content: blocks });
      expect(CallToolResultSchema.parse(mixed)).toEqual({ content: blocks });
      expect(await conn.client.callTool({ name: 'pic', arguments: {} })).toEqual({ content: [blocks[1]], structuredContent: { width: 1, height: 1 } });
    } finally {
      await conn.close();
    }
  });

  it('should cut a long text block and refuse content too large to send', async () => {
    const conn = await connect(
      registryOf(
        new FeatureTool({ name: 'long', run: () => ToolResult.withContent([{ type: 'text', text: 'x'.repeat(200) }]) }),
        new FeatureTool({ name: 'huge', run: () => ToolResult.withContent([{ type: 'image', data: 'A'.repeat(700), mimeType: 'image/png' }]) }),
      ),
      {},
      { maxTextLength: 100 },
    );
    try {
      expect(textOf(await conn.client.callTool({ name: 'long', arguments: {} }))).toMatch(/^x{39}\n\[cut: 161 of 200 characters left out/);
      const huge = await conn.client.callTool({ name: 'huge', arguments: {} });
      expect(huge.isError).toBe(true);
      expect(textOf(huge)).toMatch(/^Tool 'huge' returned content that cannot be sent: \d+ characters of JSON, over the limit of 600/);
    } finally {
      await conn.close();
    }
  });
});

describe('output schemas', () => {
  it('should advertise the output schema and return checked structuredContent with the text kept', async () => {
    const conn = await connect(registryOf(countWordsTool()));
    try {
      const [listed] = (await conn.client.listTools()).tools;
      expect(listed.outputSchema).toEqual({
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { count: { type: 'integer' } },
        required: ['count'],
        additionalProperties: false,
      });
      // The official client checks structuredContent against the advertised schema itself.
      expect(await conn.client.callTool({ name: 'count_words', arguments: { text: 'one two three' } })).toEqual({
        content: [{ type: 'text', text: '{"count":3}' }],
        structuredContent: { count: 3 },
      });
      const broken = await conn.client.callTool({ name: 'count_words', arguments: { text: 'x', lie: true } });
      expect(broken).toEqual({
        isError: true,
        content: [{ type: 'text', text: "Tool 'count_words' returned an output that does not match its output schema: Property 'count' has wrong type: expected integer, got string" }],
      });
    } finally {
      await conn.close();
    }
  });

  it('should fail a structured output too large to send rather than send it without structuredContent', async () => {
    const tool = new FeatureTool({
      name: 'big',
      outputSchema: { type: 'object', properties: { text: { type: 'string' } } },
      run: () => ({ text: 'y'.repeat(500) }),
    });
    const conn = await connect(registryOf(tool), {}, { maxTextLength: 100 });
    try {
      await conn.client.listTools();
      const result = await conn.client.callTool({ name: 'big', arguments: {} });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe("Tool 'big' returned a structured output of 511 characters of JSON, over the limit of 100");
    } finally {
      await conn.close();
    }
  });
});

describe('progress and cancellation', () => {
  it('should deliver a short tool’s three reports, 50 ms apart', async () => {
    const conn = await connect(registryOf(progressTool()));
    try {
      const received: number[] = [];
      const result = await conn.client.callTool({ name: 'three_steps', arguments: {} }, undefined, { onprogress: (p) => received.push(p.progress) });
      expect(textOf(result)).toBe('three steps done');
      expect(received).toEqual([0, 50, 100]);
    } finally {
      await conn.close();
    }
  });

  it("should abort the tool's ctx.signal within a second of the client's notifications/cancelled", async () => {
    const slow = new SlowTool();
    const conn = await connect(registryOf(slow));
    try {
      const controller = new AbortController();
      const call = conn.client.callTool({ name: 'slow', arguments: {} }, undefined, { signal: controller.signal });
      await slow.started;
      const cancelledAt = Date.now();
      controller.abort('user pressed stop');
      await expect(call).rejects.toThrow();
      for (let i = 0; i < 40 && slow.abortedAt === undefined; i++) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(slow.abortedAt).toBeDefined();
      expect(slow.abortedAt! - cancelledAt).toBeLessThan(1000);
    } finally {
      await conn.close();
    }
  });
});
