import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { MCP_TOOLS, spawnHttpServe, type HttpServe } from '../support/spawn-serve';
import { textOf } from '../../../../test/support/mcp-results';

// Over HTTP: the built `victor-tools serve --http` (a child
// process), attacked the way a hostile client or a careless tool would, as
// serve-stdio-hardening.test.ts does over stdio. Every request gets an answer
// and the server serves on.
jest.setTimeout(60_000);

const ANSWER_WITHIN = { timeout: 20_000 };
const MAX_REQUEST_BYTES = 4 * 1024 * 1024;

describe.each([
  ['stateless', []],
  ['stateful', ['--stateful']],
])('victor-tools serve --http (%s), under attack', (_label, flags) => {
  let serve: HttpServe;
  let client: Client;

  beforeAll(async () => {
    serve = await spawnHttpServe(['--tools', MCP_TOOLS, ...flags]);
    client = new Client({ name: 'hostile-http-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(serve.url)));
  });

  afterAll(async () => {
    await client?.close();
    expect(await serve?.stop()).toBe(0);
  });

  async function expectStillServing() {
    expect(textOf(await client.callTool({ name: 'step', arguments: { step: `alive-${Math.random()}` } }, undefined, ANSWER_WITHIN))).toMatch(/^took alive-/);
    expect(serve.child.exitCode).toBeNull();
  }

  it('should answer a body over 10 MB with 413 and keep serving', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'big_output', arguments: { chars: 1, padding: 'p'.repeat(11 * 1024 * 1024) } } });
    const response = await fetch(serve.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', error: { message: expect.stringContaining(String(MAX_REQUEST_BYTES)) } });
    await expectStillServing();
  });

  it('should cut a 12 MB output to exactly 1,000,000 characters and say so', async () => {
    const chars = 12 * 1024 * 1024;
    const result = await client.callTool({ name: 'big_output', arguments: { chars } }, undefined, ANSWER_WITHIN);
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe(`${'a'.repeat(1_000_000)}\n[cut: ${chars - 1_000_000} of ${chars} characters left out, over the limit of 1000000]`);
    await expectStillServing();
  });

  it('should answer a 0.6 MB bad request with exactly its first problem and a note', async () => {
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
    ['bigint', "Tool 'unserializable' returned an output that cannot be sent as JSON: Do not know how to serialize a BigInt"],
    ['cycle', "Tool 'unserializable' returned an output that cannot be sent as JSON: Converting circular structure to JSON"],
  ])('should answer an output holding a %s with an isError result saying why', async (kind, message) => {
    const result = await client.callTool({ name: 'unserializable', arguments: { kind } }, undefined, ANSWER_WITHIN);
    expect(result.isError).toBe(true);
    expect(textOf(result).startsWith(message)).toBe(true);
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
});
