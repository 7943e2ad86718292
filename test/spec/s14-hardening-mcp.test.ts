// The MCP server never dies and answers every request. Each
// attack is replayed through the public API with inputs generated here.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { AccessMode, ToolRegistry } from '@victor-tools/core';
import { run } from '@victor-tools/cli';
import { toMcpTool } from '@victor-tools/providers';
import { TestTool, silentLogger } from './helpers';
import { textOf } from '../support/mcp-results';
import { connectInMemory, readonlyTool } from '../../packages/mcp/test/support/in-memory';
import { registryWith } from '../support/tools';
import { expectCut } from '../support/cut-text';

jest.setTimeout(60_000);

const ANSWER_WITHIN = { timeout: 15_000 };
const BIN = join(__dirname, '..', '..', 'packages', 'cli', 'dist', 'bin.js');

describe('an output that cannot be serialized', () => {
  it.each([
    ['a BigInt', () => ({ big: 12345678901234567890n }), /Do not know how to serialize a BigInt/],
    ['a cycle', () => {
      const a: Record<string, unknown> = {};
      a.b = { a };
      return a;
    }, /Converting circular structure to JSON/],
  ])('should be answered with an isError result saying why, for %s', async (_label, output, why) => {
    const { client, close } = await connectInMemory(registryWith(readonlyTool('out', output)));
    try {
      const result = await client.callTool({ name: 'out', arguments: {} }, undefined, ANSWER_WITHIN);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/^Tool 'out' returned an output that cannot be sent as JSON: /);
      expect(textOf(result)).toMatch(why);
    } finally {
      await close();
    }
  });
});

describe('outputs and errors sent over MCP are capped', () => {
  it('should cut a 12 MB output under the default cap, saying by how much', async () => {
    const size = 12_000_000;
    const { client, close } = await connectInMemory(registryWith(readonlyTool('big', () => 'b'.repeat(size))));
    try {
      const text = textOf(await client.callTool({ name: 'big', arguments: {} }, undefined, ANSWER_WITHIN));
      // At most 1,000,000 characters, the note included: far under the client's 10 MB line limit.
      expectCut(text, 'b'.repeat(size), 1_000_000);
    } finally {
      await close();
    }
  });
});

describe('a request over 10 MB', () => {
  it('should not make `victor-tools serve` exit: it answers, serves on, and exits 0 only when stdin closes', async () => {
    if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run 'pnpm build' first`);
    const child = spawn(process.execPath, [BIN, 'serve', '--tools', join(__dirname, 'fixtures', 'cli-tools')], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const answers = async (count: number) => {
      while (out.split('\n').length - 1 < count) await new Promise((r) => setTimeout(r, 20));
      return out.split('\n').slice(0, count).map((l) => JSON.parse(l) as Record<string, unknown>);
    };
    const huge = JSON.stringify({ method: 'tools/call', params: { name: 'shout', arguments: { text: 's'.repeat(12 * 1024 * 1024) } }, jsonrpc: '2.0', id: 1 });
    child.stdin.write(`${huge}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'shout', arguments: { text: 'ok' } } })}\n`);
    const [refused, answered] = await answers(2);
    expect(refused).toMatchObject({ id: 1, error: { code: -32600 } });
    expect(answered).toMatchObject({ id: 2, result: { content: [{ type: 'text', text: 'OK' }] } });
    expect(child.exitCode).toBeNull();
    child.stdin.end();
    expect(await exited).toBe(0);
  });
});

describe('malformed tools/call requests', () => {
  it.each([
    ['an array', [1, 2, 3]],
    ['a string', 'text'],
    ['null', null],
  ])('should answer arguments that are %s with -32602 and one line, prefixed once', async (kind, args) => {
    const { client, close } = await connectInMemory(registryWith(readonlyTool('echo', (a) => a)));
    try {
      const error = await client
        .request({ method: 'tools/call', params: { name: 'echo', arguments: args as never } }, CallToolResultSchema, ANSWER_WITHIN)
        .then(() => undefined, (e: unknown) => e as Error);
      expect(error).toMatchObject({ code: -32602 });
      expect(error!.message).toBe(`MCP error -32602: Invalid tools/call request: 'arguments' must be an object, got ${kind}`);
      expect(error!.message).not.toMatch(/\n/);
    } finally {
      await close();
    }
  });
});

describe('loops over MCP', () => {
  // Core scopes loop detection by ctx.conversationId; serveMcp gives every
  // call of a connection the same one (before, each request's fresh context
  // was a scope of its own, and refuseLoops never triggered over MCP).
  it('should refuse the same call repeated over one connection when refuseLoops is on', async () => {
    const r = new ToolRegistry({ refuseLoops: true, loopThreshold: 2, logger: silentLogger });
    r.register(readonlyTool('advance', () => 'advanced', { metadata: { accessMode: AccessMode.READONLY, progressParams: ['position'] } }));
    const { client, close } = await connectInMemory(r);
    try {
      const call = () => client.callTool({ name: 'advance', arguments: { position: 'same' } });
      expect((await call()).isError).toBeFalsy();
      expect((await call()).isError).toBeFalsy();
      const third = await call();
      expect(third.isError).toBe(true);
      expect(textOf(third)).toContain("Tool 'advance' refused: it was called 3 times");
    } finally {
      await close();
    }
  });
});

describe('serve --mode plan', () => {
  it('should list only the tools the mode allows', async () => {
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const running = run(['serve', '--mode', 'plan', '--tools', join(__dirname, 'fixtures', 'http-tools')], {
      stdout: { write: () => true },
      stderr: { write: () => true },
      mcpTransport: () => serverTransport,
    });
    const client = new Client({ name: 's14', version: '1.0.0' });
    await client.connect(clientTransport);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['echo']);
    await client.close();
    expect(await running).toBe(0);
  });
});

describe('MCP annotations', () => {
  const annotations = (metadata?: ConstructorParameters<typeof TestTool>[0]['metadata']) =>
    toMcpTool(new TestTool({ name: 'delete_everything', metadata })).schema.annotations;

  it('should never claim read-only or non-destructive for a tool that declares no access mode', () => {
    expect(annotations(undefined)).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });
});
