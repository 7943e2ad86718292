// MCP over HTTP: serveMcpHttp and
// `victor-tools serve --http`, checked with the official SDK client and with
// hostile raw HTTP. `serve --http` is the built CLI (`pnpm build` first).
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { WeakTokenError, serveMcpHttp, type ServeMcpHttpOptions } from '@victor-tools/mcp';
import { MCP_POST_HEADERS, httpClient, rawRequest, serversClosedAfterEach } from '../support/mcp-http';
import { checkWithOfficialClient, echoCallBody, echoRegistry } from '../../packages/mcp/test/support/echo-server';
import { textOf } from '../support/mcp-results';

jest.setTimeout(90_000);

const BIN = join(__dirname, '..', '..', 'packages', 'cli', 'dist', 'bin.js');
const HTTP_TOOLS = join(__dirname, 'fixtures', 'http-tools');

/** The attacks on the HTTP server, each answered with its status, the server answering after each. */
async function checkHostileHttp(url: string, token?: string) {
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const ok = async () => {
    const r = await rawRequest(url, { headers: { ...MCP_POST_HEADERS, ...auth }, body: echoCallBody({ text: 'still here' }) });
    expect(r.status).toBe(200);
    expect(r.body).toContain('echo: still here');
  };
  const twentyMb = 20 * 1024 * 1024;
  expect((await rawRequest(url, { headers: { ...MCP_POST_HEADERS, ...auth }, body: echoCallBody({ text: 'x'.repeat(twentyMb) }) })).status).toBe(413);
  await ok();
  expect((await rawRequest(url, { headers: { ...MCP_POST_HEADERS, ...auth }, body: Array.from({ length: 20 }, () => Buffer.alloc(1024 * 1024, 'x')) })).status).toBe(413);
  await ok();
  expect((await rawRequest(url, { headers: { ...MCP_POST_HEADERS, ...auth, host: 'attacker.example' }, body: echoCallBody({ text: 'x' }) })).status).toBe(403);
  await ok();
  expect((await rawRequest(url, { headers: { ...MCP_POST_HEADERS, authorization: 'Bearer wrong' }, body: echoCallBody({ text: 'x' }) })).status).toBe(token ? 401 : 200);
  await ok();
  const malformed = await rawRequest(url, { headers: { ...MCP_POST_HEADERS, ...auth }, body: '{"jsonrpc":"2.0","id":1,' });
  expect(malformed.status).toBe(400);
  expect(JSON.parse(malformed.body)).toMatchObject({ error: { code: -32700 } });
  await ok();
  expect((await rawRequest(url, { method: 'GET', headers: { ...auth, accept: 'application/json' } })).status).toBe(406);
  await ok();
}

describe('serveMcpHttp', () => {
  const serve = serversClosedAfterEach();
  const start = (options: ServeMcpHttpOptions = {}, r = echoRegistry()) => serve(r, options);

  it('should resolve to { url, server, close } once listening, on 127.0.0.1, a free port, /mcp', async () => {
    const handle = await start();
    expect(handle.url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*\/mcp$/);
    expect(handle.server.listening).toBe(true);
    await handle.close();
    expect(handle.server.listening).toBe(false);
  });

  it.each([
    ['stateless', {}],
    ['stateful', { stateless: false }],
  ])('should answer the official client, %s', async (_label, options) => {
    const handle = await start(options);
    await checkWithOfficialClient(handle.url);
  });

  it('should pass serveMcp options through: the context mode decides the list and the calls', async () => {
    const handle = await start({ context: { mode: 'plan' } });
    const { client } = await httpClient(handle.url);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['echo']);
      await expect(client.callTool({ name: 'erase', arguments: {} })).rejects.toMatchObject({ code: -32602 });
    } finally {
      await client.close();
    }
  });

  it('should answer hostile HTTP with the right status each time, and keep serving', async () => {
    await checkHostileHttp((await start()).url);
  });

  it('should answer a missing or wrong token with 401', async () => {
    const handle = await start({ token: 'the-token' });
    for (const headers of [{}, { authorization: 'Bearer not-the-token' }] as Array<Record<string, string>>) {
      expect((await rawRequest(handle.url, { headers: { ...MCP_POST_HEADERS, ...headers }, body: echoCallBody({ text: 'x' }) })).status).toBe(401);
    }
    await checkWithOfficialClient(handle.url, 'the-token');
  });

  it('should refuse to bind a non-loopback host without a token', async () => {
    await expect(serveMcpHttp(echoRegistry(), { host: '0.0.0.0' })).rejects.toThrow(/bearer token/);
  });

  it('should refuse a token under 16 characters off loopback, saying how to make one', async () => {
    const started = serveMcpHttp(echoRegistry(), { host: '0.0.0.0', token: 'short-token' });
    await expect(started).rejects.toBeInstanceOf(WeakTokenError);
    await expect(started).rejects.toThrow(/at least 16 characters, got one of 11: .*openssl rand -hex 32/);
  });
});

describe('victor-tools serve --http', () => {
  interface Serving {
    child: ChildProcessWithoutNullStreams;
    url: string;
    stdout: () => string;
    stderr: () => string;
    exited: Promise<number | null>;
  }

  function serve(args: string[]): Promise<Serving> {
    if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run 'pnpm build' first`);
    const child = spawn(process.execPath, [BIN, 'serve', '--http', '--tools', HTTP_TOOLS, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    return new Promise((resolve, reject) => {
      child.stderr.on('data', (c: Buffer) => {
        err += c.toString();
        const url = /(http:\/\/\S+)\n/.exec(err)?.[1];
        if (url) resolve({ child, url, stdout: () => out, stderr: () => err, exited });
      });
      void exited.then((code) => reject(new Error(`exited ${code}: ${err}`)));
    });
  }

  it('should print its URL on one line of stderr, answer the official client, keep stdout clean, and exit 0 on SIGINT', async () => {
    const s = await serve([]);
    try {
      expect(s.stderr().split('\n').filter((line) => line.includes(s.url))).toHaveLength(1);
      await checkWithOfficialClient(s.url);
      expect(s.stdout()).toBe('');
    } finally {
      s.child.kill('SIGINT');
    }
    expect(await s.exited).toBe(0);
  });

  it('should serve sessions with --stateful and exit 0 on SIGTERM', async () => {
    const s = await serve(['--stateful']);
    try {
      const { client, transport } = await httpClient(s.url);
      expect(transport.sessionId).toBeTruthy();
      expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'session' } }))).toBe('echo: session');
      await client.close();
    } finally {
      s.child.kill('SIGTERM');
    }
    expect(await s.exited).toBe(0);
  });

  it('should refuse a token under 16 characters off loopback, with exit 2 and how to make one', () => {
    const run = spawnSync(process.execPath, [BIN, 'serve', '--http', '--host', '0.0.0.0', '--token', 'cli-token', '--tools', HTTP_TOOLS], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^error: Serving MCP on '0\.0\.0\.0' needs a bearer token of at least 16 characters, got one of 9: .*openssl rand -hex 32/);
  });

  it('should answer hostile HTTP with the right status each time, and keep serving (with --token)', async () => {
    const s = await serve(['--token', 'cli-token']);
    try {
      await checkHostileHttp(s.url, 'cli-token');
    } finally {
      s.child.kill('SIGTERM');
    }
    expect(await s.exited).toBe(0);
  });
});
