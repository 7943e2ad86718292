// What MCP gives a tool (progress, cancellation, output
// schemas, logging, sampling, elicitation, rich content, the 2020-12 dialect),
// through the public API and the official SDK client, in-process over
// serveMcpHttp and from outside against the built `victor-tools serve --http`
// (`pnpm build` first) pointed at a folder of tools, one of which reports progress.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema, ElicitRequestSchema, LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { ToolRegistry, ToolResult, type JsonSchema } from '@victor-tools/core';
import { tool } from '@victor-tools/decorators';
import { serveMcpHttp } from '@victor-tools/mcp';
import { toAnthropicTool, toGeminiFunction, toMcpTool, toOpenAITool } from '@victor-tools/providers';
import { TestTool, silentLogger } from './helpers';
import { textOf } from '../support/mcp-results';

jest.setTimeout(60_000);

const BIN = join(__dirname, '..', '..', 'packages', 'cli', 'dist', 'bin.js');
const FEATURE_TOOLS = join(__dirname, 'fixtures', 'mcp-feature-tools');
const COUNT_SCHEMA: JsonSchema = { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] };

async function until(condition: () => boolean, ms = 3000): Promise<void> {
  for (const end = Date.now() + ms; !condition() && Date.now() < end; ) await new Promise((resolve) => setTimeout(resolve, 10));
}

async function connect(url: string, capabilities = {}) {
  const client = new Client({ name: 's18-features', version: '1.0.0' }, { capabilities });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

describe('output schemas', () => {
  const counter = (output: unknown) => tool({ name: 'counter', description: 'Count.', outputSchema: COUNT_SCHEMA }, () => output);

  it('should fail, in registry.execute itself, a tool that breaks its own output schema', async () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register(counter({ count: 'three' }));
    const result = await registry.execute('counter', {});
    expect(result.success).toBe(false);
    expect(result.error).toBe("Tool 'counter' returned an output that does not match its output schema: Property 'count' has wrong type: expected integer, got string");
  });

  it('should be advertised by toMcpTool and listed in dropped by the formats without the field', () => {
    const declared = counter({ count: 1 });
    expect(toMcpTool(declared).schema.outputSchema).toEqual({ $schema: 'http://json-schema.org/draft-07/schema#', ...COUNT_SCHEMA });
    for (const dropped of [toOpenAITool(declared).dropped, toAnthropicTool(declared).dropped, toGeminiFunction(declared).dropped]) {
      expect(dropped).toContainEqual(expect.objectContaining({ keyword: 'outputSchema', path: '', action: 'removed' }));
    }
  });

  it('should keep a declared JSON Schema 2020-12 dialect in the MCP input schema', () => {
    const parameters: JsonSchema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { address: { type: 'object', properties: { city: { type: 'string' } } } },
      properties: { address: { $ref: '#/$defs/address' } },
      additionalProperties: false,
    };
    const { schema, dropped } = toMcpTool(new TestTool({ name: 'mail', parameters }));
    expect(schema.inputSchema).toEqual(parameters);
    expect(dropped).toEqual([]);
  });
});

describe('ToolResult.withContent', () => {
  it('should carry content blocks for MCP and a text form for every other route', async () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register(new TestTool({ name: 'shot', run: () => ToolResult.withContent([{ type: 'image', data: 'AAAA', mimeType: 'image/png' }]) }));
    const result = await registry.execute('shot', {});
    expect(result.content).toEqual([{ type: 'image', data: 'AAAA', mimeType: 'image/png' }]);
    expect(result.output).toBe('[image: image/png, 3 bytes]');
    expect(JSON.parse(JSON.stringify(result))).toEqual({ success: true, output: '[image: image/png, 3 bytes]' });
  });
});

describe('serveMcpHttp, stateful, with the official client', () => {
  it('should give tools logging, sampling and elicitation, and abort a cancelled call within a second', async () => {
    let abortedAt: number | undefined;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register(
      new TestTool({
        name: 'interview',
        run: async (_args, ctx) => {
          ctx.log('info', 'asking');
          const sample = await ctx.client!.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'A name?' } }], maxTokens: 5 });
          const answer = await ctx.client!.elicit({ message: 'Is this right?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } });
          return `${(sample.content as { text: string }).text}: ${answer.action} ${JSON.stringify(answer.content)}`;
        },
      }),
    );
    registry.register(
      new TestTool({
        name: 'endless',
        run: (_args, ctx) =>
          new Promise((resolve) => {
            started();
            ctx.signal.addEventListener('abort', () => {
              abortedAt = Date.now();
              resolve('aborted');
            });
          }),
      }),
    );
    const handle = await serveMcpHttp(registry, { stateless: false });
    const client = await connect(handle.url, { sampling: {}, elicitation: {} });
    try {
      const logs: unknown[] = [];
      client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params.data));
      client.setRequestHandler(CreateMessageRequestSchema, () => ({ role: 'assistant', content: { type: 'text', text: 'Ada' }, model: 'm' }));
      client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { ok: true } }));
      await client.setLoggingLevel('info');
      expect(textOf(await client.callTool({ name: 'interview', arguments: {} }))).toBe('Ada: accept {"ok":true}');
      await until(() => logs.length === 1);
      expect(logs).toEqual(['asking']);

      const controller = new AbortController();
      const call = client.callTool({ name: 'endless', arguments: {} }, undefined, { signal: controller.signal });
      await running;
      const cancelledAt = Date.now();
      controller.abort();
      await expect(call).rejects.toThrow();
      await until(() => abortedAt !== undefined);
      expect(abortedAt! - cancelledAt).toBeLessThan(1000);
    } finally {
      await client.close();
      await handle.close();
    }
  });
});

describe('victor-tools serve --http over a folder of tools', () => {
  interface Serving {
    child: ChildProcessWithoutNullStreams;
    url: string;
    stderr: () => string;
  }

  async function serve(args: string[]): Promise<Serving> {
    if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run 'pnpm build' first`);
    const child = spawn(process.execPath, [BIN, 'serve', '--http', '--tools', FEATURE_TOOLS, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let err = '';
    return new Promise((resolve, reject) => {
      child.stderr.on('data', (c: Buffer) => {
        err += c.toString();
        const url = /(http:\/\/\S+)\n/.exec(err)?.[1];
        if (url) resolve({ child, url, stderr: () => err });
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${err}`)));
    });
  }

  async function stop(s: Serving): Promise<void> {
    const exited = new Promise((resolve) => s.child.once('exit', resolve));
    s.child.kill('SIGTERM');
    await exited;
  }

  it.each([
    ['stateless', []],
    ['stateful', ['--stateful']],
  ])('%s: progress received, output schema advertised and structured content returned, content blocks sent, a cancelled call aborted within a second', async (label, args) => {
    const s = await serve(args);
    const client = await connect(s.url);
    try {
      const progress: Array<{ progress: number; total?: number; message?: string }> = [];
      expect(textOf(await client.callTool({ name: 'countdown', arguments: {} }, undefined, { onprogress: (p) => progress.push(p) }))).toBe('lift-off');
      expect(progress).toEqual([1, 2, 3].map((n) => ({ progress: n, total: 3, message: `step ${n} of 3` })));

      const wordCount = (await client.listTools()).tools.find((t) => t.name === 'word_count');
      expect(wordCount?.outputSchema).toMatchObject({ type: 'object', properties: { words: { type: 'integer' } } });
      expect(await client.callTool({ name: 'word_count', arguments: { text: 'to be or not' } })).toEqual({
        content: [{ type: 'text', text: '{"words":4}' }],
        structuredContent: { words: 4 },
      });
      expect((await client.callTool({ name: 'pixel', arguments: {} })).content).toEqual([
        { type: 'text', text: 'one red pixel' },
        expect.objectContaining({ type: 'image', mimeType: 'image/png' }),
      ]);

      // Stateful: the client's notifications/cancelled. Stateless: the server
      // never sees that notification (another request carries it), so the
      // client closing the call's stream is what cancels it.
      const controller = new AbortController();
      const call = client.callTool({ name: 'wait_for_cancel', arguments: {} }, undefined, { signal: controller.signal }).catch(() => 'rejected');
      await until(() => s.stderr().includes('wait_for_cancel: started'));
      const cancelledAt = Date.now();
      if (label === 'stateful') controller.abort();
      else await client.close();
      await call;
      await until(() => s.stderr().includes('wait_for_cancel: aborted'));
      expect(s.stderr()).toContain('wait_for_cancel: aborted');
      expect(Date.now() - cancelledAt).toBeLessThan(1000);
    } finally {
      await client.close().catch(() => undefined);
      await stop(s);
    }
  });
});
