import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { BIN, MCP_TOOLS, assertBuilt, spawnHttpServe } from '../support/spawn-serve';
import { MCP_POST_HEADERS } from '../../../../test/support/mcp-http';
import { textOf } from '../../../../test/support/mcp-results';
import { expectCut } from '../../../../test/support/cut-text';

// The built `victor-tools serve` (a child process) over each of its doors,
// stdio and HTTP (stateless and stateful), attacked the way a hostile client
// or a careless tool would: every request gets the same answer whichever
// door it came through, and the server serves on. Only a request too large
// to read is refused in each transport's own way.
jest.setTimeout(60_000);

const ANSWER_WITHIN = { timeout: 20_000 };
const MAX_REQUEST_BYTES = 4 * 1024 * 1024;

/** A running `victor-tools serve` and the official client connected to it. */
interface Door {
  client: Client;
  /** Whether the server process is still running. */
  running(): boolean;
  /** Sends a `tools/call` of more than 10 MB and checks the transport's refusal. */
  expectOversizedRefused(): Promise<void>;
  /** Closes the client and checks the server ended cleanly. */
  close(): Promise<void>;
}

const OVERSIZED_ARGUMENTS = { chars: 1, padding: 'p'.repeat(11 * 1024 * 1024) };

// The official client drops a stdio connection on a line over 10 MB, so an answer it can read must stay under that.
async function stdioDoor(): Promise<Door> {
  assertBuilt();
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--tools', MCP_TOOLS], stderr: 'pipe' });
  const client = new Client({ name: 'hostile-e2e', version: '1.0.0' });
  const clientErrors: Error[] = [];
  client.onerror = (error) => clientErrors.push(error);
  await client.connect(transport);
  return {
    client,
    // Signal 0 only checks that the process is still there.
    running: () => {
      try {
        process.kill(transport.pid!, 0);
        return true;
      } catch {
        return false;
      }
    },
    async expectOversizedRefused() {
      const error = await client.callTool({ name: 'big_output', arguments: OVERSIZED_ARGUMENTS }, undefined, ANSWER_WITHIN).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(McpError);
      expect(error).toMatchObject({ code: -32600, message: expect.stringMatching(/^MCP error -32600: Request too large: \d+ bytes, over the limit of 4194304 bytes per message$/) });
    },
    async close() {
      await client.close();
      // Every line the server wrote was JSON-RPC the client could read.
      expect(clientErrors).toEqual([]);
    },
  };
}

async function httpDoor(flags: string[]): Promise<Door> {
  const serve = await spawnHttpServe(['--tools', MCP_TOOLS, ...flags]);
  const client = new Client({ name: 'hostile-http-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(serve.url)));
  return {
    client,
    running: () => serve.child.exitCode === null,
    async expectOversizedRefused() {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'big_output', arguments: OVERSIZED_ARGUMENTS } });
      const response = await fetch(serve.url, { method: 'POST', headers: MCP_POST_HEADERS, body });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ jsonrpc: '2.0', error: { message: expect.stringContaining(String(MAX_REQUEST_BYTES)) } });
    },
    async close() {
      await client.close();
      expect(await serve.stop()).toBe(0);
    },
  };
}

describe.each<[string, () => Promise<Door>]>([
  ['stdio', stdioDoor],
  ['HTTP, stateless', () => httpDoor([])],
  ['HTTP, stateful', () => httpDoor(['--stateful'])],
])('victor-tools serve over %s, under attack', (_label, open) => {
  let door: Door;

  beforeAll(async () => {
    door = await open();
  });

  afterAll(async () => {
    await door?.close();
  });

  async function expectStillServing() {
    expect(textOf(await door.client.callTool({ name: 'step', arguments: { step: `alive-${Math.random()}` } }, undefined, ANSWER_WITHIN))).toMatch(/^took alive-/);
    expect(door.running()).toBe(true);
  }

  it('should refuse a request over 10 MB, and keep serving', async () => {
    await door.expectOversizedRefused();
    await expectStillServing();
  });

  it('should cut a 12 MB output to at most 1,000,000 characters and say so', async () => {
    const chars = 12 * 1024 * 1024;
    const result = await door.client.callTool({ name: 'big_output', arguments: { chars } }, undefined, ANSWER_WITHIN);
    expect(result.isError).toBeFalsy();
    expectCut(textOf(result), 'a'.repeat(chars), 1_000_000);
    await expectStillServing();
  });

  it('should answer a 0.6 MB bad request with exactly its first problem and a note', async () => {
    const numbers = Array.from({ length: 150_000 }, () => 'x');
    expect(JSON.stringify(numbers).length).toBeGreaterThan(600_000);
    const result = await door.client.callTool({ name: 'sum_integers', arguments: { numbers } }, undefined, ANSWER_WITHIN);
    expect(result.isError).toBe(true);
    // Past 50,000 values (maxCheckedValues), the first problem and a note: the same few hundred characters, whatever the request's size.
    expect(textOf(result)).toBe(
      "Invalid parameters for tool 'sum_integers': Parameter 'numbers.0' has wrong type: expected integer, got string; ... and perhaps more problems, not looked for in more than 50000 values",
    );
    await expectStillServing();
  });

  it.each([
    ['bigint', /^Tool 'unserializable' returned an output that cannot be sent as JSON: Do not know how to serialize a BigInt$/],
    ['cycle', /^Tool 'unserializable' returned an output that cannot be sent as JSON: Converting circular structure to JSON/],
  ])('should answer an output holding a %s with an isError result saying why', async (kind, message) => {
    const result = await door.client.callTool({ name: 'unserializable', arguments: { kind } }, undefined, ANSWER_WITHIN);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(message);
    await expectStillServing();
  });

  it.each([
    ['an array', ['x']],
    ['a string', 'x'],
    ['null', null],
  ])('should answer arguments that are %s with -32602 and one line, prefixed once', async (kind, args) => {
    const error = await door.client
      .request({ method: 'tools/call', params: { name: 'step', arguments: args as never } }, CallToolResultSchema, ANSWER_WITHIN)
      .then(() => undefined, (e: unknown) => e);
    expect(error).toMatchObject({ code: -32602, message: `MCP error -32602: Invalid tools/call request: 'arguments' must be an object, got ${kind}` });
    await expectStillServing();
  });
});

describe('victor-tools serve --mode plan', () => {
  it('should list only the tools plan mode allows', async () => {
    assertBuilt();
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--mode', 'plan', '--tools', MCP_TOOLS], stderr: 'pipe' });
    const client = new Client({ name: 'plan-e2e', version: '1.0.0' });
    await client.connect(transport);
    try {
      const names = (await client.listTools()).tools.map((t) => t.name).sort();
      expect(names).toEqual(['big_output', 'step', 'sum_integers', 'unserializable']);
    } finally {
      await client.close();
    }
  });
});
