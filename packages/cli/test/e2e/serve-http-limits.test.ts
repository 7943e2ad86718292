import { readFileSync } from 'node:fs';
import * as net from 'node:net';
import { FIXTURE_TOOLS } from '../support/run-cli';
import { runBin, spawnHttpServe, type HttpServe } from '../support/spawn-serve';
import { textOf } from '../../../../test/support/mcp-results';
import { MCP_POST_HEADERS, httpClient, postHead, rawConnection } from '../../../../test/support/mcp-http';

// The built `victor-tools serve --http` under the attacks that exhaust a
// server rather than break it: bare sessions, slow and held bodies, too many
// connections, a weak token off loopback. The flags and their defaults are
// the CLI README's.
jest.setTimeout(60_000);

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } },
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function expectServing(url: string): Promise<void> {
  const { client } = await httpClient(url);
  try {
    expect(textOf(await client.callTool({ name: 'echo', arguments: { message: 'still here' } }))).toBe('still here');
  } finally {
    await client.close();
  }
}

/** One POST with fetch: status, headers and body. */
async function post(url: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { method: 'POST', headers: { ...MCP_POST_HEADERS, ...headers }, body });
  return { status: response.status, sessionId: response.headers.get('mcp-session-id'), body: await response.text() };
}

/** The resident memory of a process, in bytes (Linux). */
function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

describe('victor-tools serve --http limits', () => {
  let serve: HttpServe | undefined;

  afterEach(async () => {
    await serve?.stop();
    serve = undefined;
  });

  describe('sessions', () => {
    it('should let the official client in after bare initialize requests filled --max-sessions', async () => {
      serve = await spawnHttpServe(['--tools', FIXTURE_TOOLS, '--stateful', '--max-sessions', '3']);
      for (let i = 0; i < 3; i++) expect((await post(serve.url, INITIALIZE)).status).toBe(200);
      await expectServing(serve.url);
    });

    it('should expire an idle session after --session-idle', async () => {
      serve = await spawnHttpServe(['--tools', FIXTURE_TOOLS, '--stateful', '--session-idle', '300ms']);
      const { client, transport } = await httpClient(serve.url);
      const sessionId = transport.sessionId!;
      try {
        await sleep(1500);
        const after = await post(serve.url, JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list' }), { 'mcp-session-id': sessionId });
        expect(after.status).toBe(404);
      } finally {
        await client.close();
      }
    });

    it('should close a session whose client never finished its handshake after --session-init', async () => {
      serve = await spawnHttpServe(['--tools', FIXTURE_TOOLS, '--stateful', '--session-init', '300ms']);
      const opened = await post(serve.url, INITIALIZE);
      expect(opened.status).toBe(200);
      const sessionId = opened.sessionId!;
      await sleep(1500);
      const after = await post(serve.url, JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list' }), { 'mcp-session-id': sessionId });
      expect(after.status).toBe(404);
    });

    it('should bind a session to the --token that opened it', async () => {
      const [alice, bob] = ['alice-0123456789abcdef', 'bob-0123456789abcdefgh'];
      serve = await spawnHttpServe(['--tools', FIXTURE_TOOLS, '--stateful', '--token', alice, '--token', bob]);
      const { client, transport } = await httpClient(serve.url, { token: alice });
      try {
        const stolen = await post(serve.url, JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list' }), {
          'mcp-session-id': transport.sessionId!,
          authorization: `Bearer ${bob}`,
        });
        expect(stolen.status).toBe(404);
        expect(textOf(await client.callTool({ name: 'echo', arguments: { message: 'mine' } }))).toBe('mine');
        const other = await httpClient(serve.url, { token: bob });
        await other.client.close();
      } finally {
        await client.close();
      }
    });
  });

  describe('--max-sessions-per-caller', () => {
    it("should close a caller's own oldest idle session past it, and leave other callers' sessions alone", async () => {
      const [alice, bob] = ['alice-0123456789abcdef', 'bob-0123456789abcdefgh'];
      serve = await spawnHttpServe(['--tools', FIXTURE_TOOLS, '--stateful', '--token', alice, '--token', bob, '--max-sessions-per-caller', '2']);
      const bobs = await httpClient(serve.url, { token: bob });
      const alices = [await httpClient(serve.url, { token: alice }), await httpClient(serve.url, { token: alice })];
      const first = alices[0]!.transport.sessionId!;
      // A third session of Alice's: her oldest idle one makes room.
      alices.push(await httpClient(serve.url, { token: alice }));
      try {
        const closed = await post(serve.url, JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list' }), { 'mcp-session-id': first, authorization: `Bearer ${alice}` });
        expect(closed.status).toBe(404);
        expect(textOf(await alices[2]!.client.callTool({ name: 'echo', arguments: { message: 'newest' } }))).toBe('newest');
        expect(textOf(await bobs.client.callTool({ name: 'echo', arguments: { message: 'untouched' } }))).toBe('untouched');
      } finally {
        for (const { client } of [bobs, ...alices.slice(1)]) await client.close();
      }
    });
  });

  describe('slow and held bodies', () => {
    it('should answer 408 and close a body trickling past --request-timeout', async () => {
      serve = await spawnHttpServe(['--tools', FIXTURE_TOOLS, '--request-timeout', '1s']);
      const connection = await rawConnection(serve.url, postHead(serve.url, 1000));
      const trickle = setInterval(() => connection.socket.writable && connection.socket.write('a'), 100);
      try {
        expect(await connection.closed).toBeLessThan(5000);
        expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
      } finally {
        clearInterval(trickle);
      }
      await expectServing(serve.url);
    });

    it('should close connections past --max-connections as they arrive', async () => {
      serve = await spawnHttpServe(['--tools', FIXTURE_TOOLS, '--max-connections', '2', '--request-timeout', '60s']);
      const open = await Promise.all([rawConnection(serve.url), rawConnection(serve.url)]);
      await sleep(200);
      const third = await rawConnection(serve.url);
      expect(await third.closed).toBeLessThan(2000);
      expect(third.received()).toBe('');
      for (const connection of open) connection.socket.destroy();
      await sleep(200);
      const back = await post(serve.url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { message: 'back' } } }));
      expect(back.body).toContain('"text":"back"');
    });

    it('should hold 100 connections each sending 4 MiB - 1 byte without growing by their size', async () => {
      serve = await spawnHttpServe(['--tools', FIXTURE_TOOLS]);
      await expectServing(serve.url);
      const before = rssOf(serve.child.pid!);
      const size = 4 * 1024 * 1024;
      const chunk = Buffer.alloc(size - 1, 'a');
      const connections = await Promise.all(Array.from({ length: 100 }, () => rawConnection(serve!.url)));
      // Each announces 4 MiB and sends all but the last byte.
      const sent = (socket: net.Socket) =>
        new Promise<void>((resolve) => {
          socket.write(postHead(serve!.url, size));
          socket.write(chunk, () => resolve());
        });
      await Promise.all(connections.map((c) => sent(c.socket)));
      await sleep(500);
      const grown = rssOf(serve.child.pid!) - before;
      for (const c of connections) c.socket.destroy();
      // At most 32 MiB of bodies are held (--max-buffered's default): the rest is read on and discarded, then refused with 503.
      expect(grown).toBeLessThan(150 * 1024 * 1024);
      // The server gives the held bytes back as it notices each socket gone: on a busy machine
      // a request right after the destroy can still be refused with 503, so it gets a few seconds.
      for (let attempt = 0; ; attempt++) {
        try {
          await expectServing(serve.url);
          break;
        } catch (error) {
          if (attempt === 20 || !/maxBufferedBytes/.test(String(error))) throw error;
          await sleep(250);
        }
      }
    });
  });

  describe('--host beyond loopback', () => {
    it.each([
      ['--token', ['--token', 'x']],
      ['VICTOR_TOOLS_TOKEN', []],
    ])('should refuse a token under 16 characters from %s, saying how to make one, with exit 2', async (_from, args) => {
      const env = args.length === 0 ? { VICTOR_TOOLS_TOKEN: '0123456789abcde' } : {};
      const { code, stdout, stderr } = await runBin(['serve', '--http', '--host', '0.0.0.0', '--tools', FIXTURE_TOOLS, ...args], env);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/^error: Serving MCP on '0\.0\.0\.0' needs a bearer token of at least 16 characters, got one of (1|15):/);
      expect(stderr).toContain('openssl rand -hex 32');
      expect(stderr).not.toContain('0123456789abcde');
    });
  });
});
