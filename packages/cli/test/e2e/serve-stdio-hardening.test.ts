import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResultSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { BIN, MCP_TOOLS, assertBuilt } from '../support/spawn-serve';
import { textOf } from '../../../../test/support/mcp-results';

// The built `victor-tools serve` over stdio, attacked the way a hostile
// client or a careless tool would: every request must get an answer, and the
// server must go on serving. The official client drops a connection on a
// line over 10 MB, so an answer it can read must stay under that.
jest.setTimeout(60_000);

const ANSWER_WITHIN = { timeout: 20_000 };

describe('victor-tools serve over stdio, under attack', () => {
  let client: Client;
  let transport: StdioClientTransport;
  const clientErrors: Error[] = [];

  beforeAll(async () => {
    assertBuilt();
    transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--tools', MCP_TOOLS], stderr: 'pipe' });
    client = new Client({ name: 'hostile-e2e', version: '1.0.0' });
    client.onerror = (error) => clientErrors.push(error);
    await client.connect(transport);
  });

  afterAll(async () => {
    await client?.close();
  });

  async function expectStillServing() {
    expect(textOf(await client.callTool({ name: 'step', arguments: { step: `alive-${Math.random()}` } }, undefined, ANSWER_WITHIN))).toMatch(/^took alive-/);
    // Signal 0 only checks that the server process is still there.
    expect(() => process.kill(transport.pid!, 0)).not.toThrow();
  }

  it('should answer a request over 10 MB with an error, and keep serving', async () => {
    const chars = 11 * 1024 * 1024;
    const error = await client.callTool({ name: 'big_output', arguments: { chars: 1, padding: 'p'.repeat(chars) } }, undefined, ANSWER_WITHIN).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: -32600, message: expect.stringMatching(/^MCP error -32600: Request too large: \d+ bytes, over the limit of 4194304 bytes per message$/) });
    await expectStillServing();
  });

  it('should cut a 12 MB output to 1,000,000 characters and say so, and the client keeps the connection', async () => {
    const chars = 12 * 1024 * 1024;
    const result = await client.callTool({ name: 'big_output', arguments: { chars } }, undefined, ANSWER_WITHIN);
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe(`${'a'.repeat(1_000_000)}\n[cut: ${chars - 1_000_000} of ${chars} characters left out, over the limit of 1000000]`);
    await expectStillServing();
  });

  it('should answer a 0.6 MB bad request with exactly its first problem and a note (the error was 20 MB)', async () => {
    const numbers = Array.from({ length: 150_000 }, () => 'x');
    expect(JSON.stringify(numbers).length).toBeGreaterThan(600_000);
    const result = await client.callTool({ name: 'sum_integers', arguments: { numbers } }, undefined, ANSWER_WITHIN);
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
  ])('should answer an output with a %s as an isError result', async (kind, message) => {
    const result = await client.callTool({ name: 'unserializable', arguments: { kind } }, undefined, ANSWER_WITHIN);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(message);
    await expectStillServing();
  });

  it.each([
    ['an array', ['x']],
    ['a string', 'x'],
    ['null', null],
  ])('should answer arguments that are %s with -32602 and one line, prefixed once', async (kind, args) => {
    const error = await client
      .request({ method: 'tools/call', params: { name: 'step', arguments: args as never } }, CallToolResultSchema, ANSWER_WITHIN)
      .then(() => undefined, (e: unknown) => e);
    expect(error).toMatchObject({ code: -32602, message: `MCP error -32602: Invalid tools/call request: 'arguments' must be an object, got ${kind}` });
    await expectStillServing();
  });

  it('should have read every line it wrote as JSON-RPC', () => {
    expect(clientErrors).toEqual([]);
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
