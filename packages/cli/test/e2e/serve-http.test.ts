import { createServer } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { FIXTURE_TOOLS } from '../support/run-cli';
import { runBin, spawnHttpServe, type HttpServe } from '../support/spawn-serve';
import { textOf } from '../../../../test/support/mcp-results';

// The built `victor-tools serve --http` as a child process, spoken to by the
// official SDK client over Streamable HTTP.
jest.setTimeout(30_000);

async function connect(url: string, token?: string) {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: token ? { headers: { Authorization: `Bearer ${token}` } } : undefined,
  });
  const client = new Client({ name: 'victor-tools-http-e2e', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe.each([
  ['stateless', []],
  ['stateful', ['--stateful']],
])('victor-tools serve --http, %s', (label, flags) => {
  let serve: HttpServe;

  beforeAll(async () => {
    serve = await spawnHttpServe(['--tools', FIXTURE_TOOLS, ...flags]);
  });

  afterAll(async () => {
    await serve?.stop();
  });

  it('should print its URL on one line of stderr and nothing on stdout', () => {
    expect(serve.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(serve.stderr()).toBe(`victor-tools: serving 3 tools from ${FIXTURE_TOOLS} over MCP (Streamable HTTP, ${label}) at ${serve.url}\n`);
    expect(serve.stdout()).toBe('');
  });

  it('should list, call, give bad arguments as isError and an unknown tool as -32602', async () => {
    const { client, transport } = await connect(serve.url);
    try {
      expect(transport.sessionId === undefined).toBe(label === 'stateless');
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['echo', 'log_line', 'set_tool_enabled']);
      expect(textOf(await client.callTool({ name: 'echo', arguments: { message: 'hello', times: 2 } }))).toBe('hello hello');
      const bad = await client.callTool({ name: 'echo', arguments: { times: 'twice' } });
      expect(bad.isError).toBe(true);
      expect(textOf(bad)).toMatch(/^Invalid parameters for tool 'echo': Required parameter 'message' is missing/);
      const unknown = await client.callTool({ name: 'nope', arguments: {} }).then(() => undefined, (e: unknown) => e);
      expect(unknown).toBeInstanceOf(McpError);
      expect(unknown).toMatchObject({ code: ErrorCode.InvalidParams, message: expect.stringMatching(/^MCP error -32602: Tool 'nope' not found/) });
    } finally {
      await client.close();
    }
  });

  it("should keep stdout clean when a tool console.logs", async () => {
    const { client } = await connect(serve.url);
    try {
      expect(textOf(await client.callTool({ name: 'log_line', arguments: { text: 'stray line' } }))).toBe('logged');
    } finally {
      await client.close();
    }
    expect(serve.stdout()).toBe('');
  });
});

describe('victor-tools serve --http, stopping', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('should shut down cleanly on %s, exit 0, with a client still connected', async (signal) => {
    const serve = await spawnHttpServe(['--tools', FIXTURE_TOOLS, '--stateful']);
    const { client } = await connect(serve.url);
    expect(textOf(await client.callTool({ name: 'echo', arguments: { message: 'before' } }))).toBe('before');
    expect(await serve.stop(signal)).toBe(0);
    expect(serve.stderr()).toMatch(/victor-tools: stopped\n$/);
    await client.close();
  });
});

describe('victor-tools serve --http, options', () => {
  it('should listen on the --port given', async () => {
    const port = await freePort();
    const serve = await spawnHttpServe(['--tools', FIXTURE_TOOLS, '--port', String(port)]);
    try {
      expect(serve.url).toBe(`http://127.0.0.1:${port}/mcp`);
    } finally {
      await serve.stop();
    }
  });

  it('should refuse a host beyond loopback without a token, with exit 2', async () => {
    const { code, stdout, stderr } = await runBin(['serve', '--http', '--host', '0.0.0.0', '--tools', FIXTURE_TOOLS], { VICTOR_TOOLS_TOKEN: '' });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^error: Serving MCP on '0\.0\.0\.0' exposes the tools beyond this machine: give a bearer token/);
  });

  it('should take the token from VICTOR_TOOLS_TOKEN or --token, and refuse a request without it', async () => {
    for (const [args, env] of [
      [['--token', 'flag-token-0123456789'], {}],
      [[], { VICTOR_TOOLS_TOKEN: 'flag-token-0123456789' }],
    ] as const) {
      const serve = await spawnHttpServe(['--tools', FIXTURE_TOOLS, '--host', '0.0.0.0', ...args], env);
      const url = serve.url.replace('0.0.0.0', '127.0.0.1');
      try {
        await expect(connect(url)).rejects.toMatchObject({ code: 401 });
        await expect(connect(url, 'wrong-token')).rejects.toMatchObject({ code: 401 });
        const { client } = await connect(url, 'flag-token-0123456789');
        expect(textOf(await client.callTool({ name: 'echo', arguments: { message: 'authorized' } }))).toBe('authorized');
        await client.close();
        expect(serve.stderr()).not.toContain('flag-token-0123456789');
      } finally {
        await serve.stop();
      }
    }
  });

  it('should refuse a port that is taken, with exit 1', async () => {
    const serve = await spawnHttpServe(['--tools', FIXTURE_TOOLS]);
    try {
      const port = new URL(serve.url).port;
      const { code, stderr } = await runBin(['serve', '--http', '--port', port, '--tools', FIXTURE_TOOLS]);
      expect(code).toBe(1);
      expect(stderr).toContain(`error: cannot listen on 127.0.0.1:${port}`);
    } finally {
      await serve.stop();
    }
  });
});
