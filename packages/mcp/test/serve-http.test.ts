import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { MissingTokenError, serveMcpHttp, type ServeMcpHttpOptions } from '@victor-tools/mcp';
import { MCP_POST_HEADERS, chunks, firstMessage, httpClient, rawRequest, serversClosedAfterEach } from '../../../test/support/mcp-http';
import { EchoTool, ReadFileTool, WriteFileTool } from './support/tools';
import { textOf } from '../../../test/support/mcp-results';
import { registryWith } from '../../../test/support/tools';

jest.setTimeout(60_000);

const quiet = { warn: () => undefined };

/** A tools/call body, as an MCP client POSTs it. */
function callBody(id: number, name: string, args: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
}

describe('serveMcpHttp', () => {
  const serve = serversClosedAfterEach();
  const start = (options: ServeMcpHttpOptions = {}, registry = registryWith(new ReadFileTool(), new EchoTool())) => serve(registry, { logger: quiet, ...options });

  /** The server still answers a call from the official client. */
  async function expectServing(url: string, token?: string) {
    const { client } = await httpClient(url, { token });
    try {
      expect(textOf(await client.callTool({ name: 'read_file', arguments: { path: 'still' } }))).toBe('contents of still');
    } finally {
      await client.close();
    }
  }

  describe('listening', () => {
    it('should resolve once listening on 127.0.0.1, a free port and /mcp by default', async () => {
      const handle = await start();
      expect(handle.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect(handle.server.listening).toBe(true);
    });

    it('should take the path given', async () => {
      const handle = await start({ path: '/tools/mcp' });
      expect(handle.url).toMatch(/\/tools\/mcp$/);
      await expectServing(handle.url);
    });

    it('should close: stop listening, idempotently', async () => {
      const handle = await start();
      await handle.close();
      await handle.close();
      expect(handle.server.listening).toBe(false);
      await expect(rawRequest(handle.url, { headers: MCP_POST_HEADERS, body: '{}' })).rejects.toThrow(/ECONNREFUSED/);
    });
  });

  describe.each([
    ['stateless', true],
    ['stateful', false],
  ])('with the official client, %s', (_label, stateless) => {
    it('should list the tools, run a good call, give bad arguments as isError and an unknown tool as -32602', async () => {
      const handle = await start({ stateless });
      const { client } = await httpClient(handle.url);
      try {
        expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['read_file', 'echo']);
        expect(await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } })).toEqual({ content: [{ type: 'text', text: 'contents of a.txt' }] });
        const bad = await client.callTool({ name: 'read_file', arguments: { path: 42 } });
        expect(bad.isError).toBe(true);
        expect(textOf(bad)).toMatch(/^Invalid parameters for tool 'read_file': Parameter 'path' has wrong type/);
        const unknown = await client.callTool({ name: 'nope', arguments: {} }).then(() => undefined, (e: unknown) => e);
        expect(unknown).toBeInstanceOf(McpError);
        expect(unknown).toMatchObject({ code: ErrorCode.InvalidParams, message: "MCP error -32602: Tool 'nope' not found" });
      } finally {
        await client.close();
      }
    });

    it('should run calls in the mode of its context and list only what the mode allows', async () => {
      const handle = await start({ stateless, context: { mode: 'plan' } }, registryWith(new ReadFileTool(), new WriteFileTool()));
      const { client } = await httpClient(handle.url);
      try {
        expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['read_file']);
      } finally {
        await client.close();
      }
    });
  });

  describe('stateless (the default)', () => {
    it('should keep nothing between requests: no session id, and GET and DELETE are 405', async () => {
      const handle = await start();
      const init = await rawRequest(handle.url, {
        headers: MCP_POST_HEADERS,
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
      });
      expect(init.status).toBe(200);
      expect(init.headers['mcp-session-id']).toBeUndefined();
      // A request to a server that never saw this client's initialize is answered all the same.
      const call = await rawRequest(handle.url, { headers: MCP_POST_HEADERS, body: callBody(2, 'echo', { text: 'x' }) });
      expect(firstMessage(call.body)).toEqual({ jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'echo:x' }] } });
      expect((await rawRequest(handle.url, { method: 'GET', headers: { accept: 'text/event-stream' } })).status).toBe(405);
      expect((await rawRequest(handle.url, { method: 'DELETE' })).status).toBe(405);
    });

    it('should answer 1,000 calls from 10 concurrent clients spread round-robin over three servers, every answer right', async () => {
      const tools = [new EchoTool('s0'), new EchoTool('s1'), new EchoTool('s2')];
      const servers = await Promise.all(tools.map((tool) => start({}, registryWith(tool))));
      let next = 0;
      // A load balancer in the client: every HTTP request goes to the next server.
      const roundRobin: typeof fetch = (_url, init) => fetch(servers[next++ % servers.length].url, init);
      const clients = await Promise.all(Array.from({ length: 10 }, () => httpClient(servers[0].url, { fetch: roundRobin })));
      try {
        const wrong: string[] = [];
        await Promise.all(
          clients.map(async ({ client }, c) => {
            for (let i = 0; i < 100; i++) {
              const text = `client${c}-call${i}`;
              const answer = textOf(await client.callTool({ name: 'echo', arguments: { text } }));
              if (!/^s[012]:/.test(answer) || answer.slice(3) !== text) wrong.push(answer);
            }
          }),
        );
        expect(wrong).toEqual([]);
        expect(tools.reduce((sum, t) => sum + t.calls, 0)).toBe(1000);
        for (const tool of tools) expect(tool.calls).toBeGreaterThan(200);
      } finally {
        await Promise.all(clients.map(({ client }) => client.close()));
      }
    });
  });

  describe('stateful', () => {
    it('should give a session id, answer within the session, and end it on DELETE', async () => {
      const handle = await start({ stateless: false });
      const { client, transport } = await httpClient(handle.url);
      const sessionId = transport.sessionId!;
      expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'in session' } }))).toBe('echo:in session');
      await transport.terminateSession();
      await client.close();
      const after = await rawRequest(handle.url, { headers: { ...MCP_POST_HEADERS, 'mcp-session-id': sessionId }, body: callBody(3, 'echo', { text: 'x' }) });
      expect(after.status).toBe(404);
      expect(JSON.parse(after.body)).toMatchObject({ error: { code: -32001, message: 'Session not found' } });
    });

    it('should answer an unknown session with 404 and a request without one with 400', async () => {
      const handle = await start({ stateless: false });
      const unknown = await rawRequest(handle.url, { headers: { ...MCP_POST_HEADERS, 'mcp-session-id': 'no-such-session' }, body: callBody(1, 'echo', { text: 'x' }) });
      expect(unknown.status).toBe(404);
      const none = await rawRequest(handle.url, { headers: MCP_POST_HEADERS, body: callBody(1, 'echo', { text: 'x' }) });
      expect(none.status).toBe(400);
      expect(JSON.parse(none.body)).toMatchObject({ error: { message: 'Bad Request: Mcp-Session-Id header is required' } });
      await expectServing(handle.url);
    });

    it('should expire an idle session: its SSE stream ends and its id answers 404', async () => {
      const handle = await start({ stateless: false, sessionIdleMs: 200 });
      const { client, transport } = await httpClient(handle.url);
      const sessionId = transport.sessionId!;
      const stream = await fetch(handle.url, { headers: { accept: 'text/event-stream', 'mcp-session-id': sessionId } }).catch((e: unknown) => e);
      try {
        // The client opened its own GET stream already: a second one is a conflict, so the session is live.
        expect(stream).toMatchObject({ status: 409 });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const after = await rawRequest(handle.url, { headers: { ...MCP_POST_HEADERS, 'mcp-session-id': sessionId }, body: callBody(5, 'echo', { text: 'x' }) });
        expect(after.status).toBe(404);
      } finally {
        await client.close();
      }
    });

    it('should keep a session whose call is still running past sessionIdleMs', async () => {
      const slow = new EchoTool();
      const registry = registryWith(slow);
      const original = slow.execute.bind(slow);
      slow.execute = async (ctx, args) => {
        await new Promise((resolve) => setTimeout(resolve, 1200));
        return original(ctx, args);
      };
      const handle = await start({ stateless: false, sessionIdleMs: 200 }, registry);
      const { client } = await httpClient(handle.url);
      try {
        expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'slow' } }))).toBe('echo:slow');
        expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'again' } }))).toBe('echo:again');
      } finally {
        await client.close();
      }
    });

    it('should refuse a new session past maxSessions with 503, and keep the others', async () => {
      const handle = await start({ stateless: false, maxSessions: 2 });
      const first = await httpClient(handle.url);
      const second = await httpClient(handle.url);
      try {
        await expect(httpClient(handle.url)).rejects.toMatchObject({ code: 503, message: expect.stringContaining('too many sessions') });
        expect(textOf(await second.client.callTool({ name: 'echo', arguments: { text: '2' } }))).toBe('echo:2');
      } finally {
        await first.client.close();
        await second.client.close();
      }
    });

    it('should close its sessions when it closes', async () => {
      const handle = await start({ stateless: false });
      const { client } = await httpClient(handle.url);
      await handle.close();
      await expect(client.callTool({ name: 'echo', arguments: { text: 'x' } })).rejects.toThrow();
      await client.close();
    });
  });

  describe('hostile HTTP', () => {
    it('should answer a 20 MB body with 413, declared or chunked, and keep serving', async () => {
      const handle = await start();
      const declared = await rawRequest(handle.url, { headers: MCP_POST_HEADERS, body: callBody(1, 'echo', { text: 'x'.repeat(20 * 1024 * 1024) }) });
      expect(declared.status).toBe(413);
      expect(JSON.parse(declared.body)).toMatchObject({ error: { message: 'Payload Too Large: the request body must not exceed 4194304 bytes' } });
      const chunked = await rawRequest(handle.url, { headers: MCP_POST_HEADERS, body: chunks(320, 64 * 1024) });
      expect(chunked.status).toBe(413);
      // fetch too sees the answer: the body is read to its end before the 413 goes out.
      const fetched = await fetch(handle.url, { method: 'POST', headers: MCP_POST_HEADERS, body: 'z'.repeat(20 * 1024 * 1024) });
      expect(fetched.status).toBe(413);
      await fetched.text();
      await expectServing(handle.url);
    });

    it('should take a body up to maxRequestBytes', async () => {
      const handle = await start({ maxRequestBytes: 1000 });
      const fits = callBody(1, 'echo', { text: '' });
      const body = fits.replace('"text":""', `"text":"${'y'.repeat(1000 - fits.length)}"`);
      expect((await rawRequest(handle.url, { headers: MCP_POST_HEADERS, body })).status).toBe(200);
      expect((await rawRequest(handle.url, { headers: MCP_POST_HEADERS, body: body.replace('"y', '"yy') })).status).toBe(413);
    });

    it.each(['evil.example.com', 'evil.example.com:80', '127.0.0.1.nip.io'])('should refuse the Host %p with 403 on loopback, and keep serving', async (host) => {
      const handle = await start();
      const response = await rawRequest(handle.url, { headers: { ...MCP_POST_HEADERS, host }, body: callBody(1, 'echo', { text: 'x' }) });
      expect(response.status).toBe(403);
      expect(JSON.parse(response.body)).toMatchObject({ error: { message: expect.stringMatching(/^Invalid Host header/) } });
      await expectServing(handle.url);
    });

    it.each(['not a host', 'a<b'])('should answer 400 to the Host %p, which names no URL (RFC 9112: an invalid Host is a bad request), and keep serving', async (host) => {
      const handle = await start();
      const response = await rawRequest(handle.url, { headers: { ...MCP_POST_HEADERS, host }, body: callBody(1, 'echo', { text: 'x' }) });
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body)).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: the Host header and request target name no valid URL' }, id: null });
      await expectServing(handle.url);
    });

    it('should take the loopback names as Host, with any port', async () => {
      const handle = await start();
      for (const host of ['localhost:1234', '127.0.0.1', '[::1]:80']) {
        const response = await rawRequest(handle.url, { headers: { ...MCP_POST_HEADERS, host }, body: callBody(1, 'echo', { text: 'x' }) });
        expect(response.status).toBe(200);
      }
    });

    it('should refuse a browser Origin that is not loopback with 403, and take a loopback one', async () => {
      const handle = await start();
      const evil = await rawRequest(handle.url, { headers: { ...MCP_POST_HEADERS, origin: 'https://evil.example.com' }, body: callBody(1, 'echo', { text: 'x' }) });
      expect(evil.status).toBe(403);
      expect(JSON.parse(evil.body)).toMatchObject({ error: { message: 'Invalid Origin header: https://evil.example.com' } });
      expect((await rawRequest(handle.url, { headers: { ...MCP_POST_HEADERS, origin: 'null' }, body: callBody(1, 'echo', { text: 'x' }) })).status).toBe(403);
      const local = await rawRequest(handle.url, { headers: { ...MCP_POST_HEADERS, origin: 'http://localhost:6274' }, body: callBody(1, 'echo', { text: 'x' }) });
      expect(local.status).toBe(200);
    });

    it('should check allowedHosts and allowedOrigins when given', async () => {
      const handle = await start({ allowedHosts: ['mcp.internal'], allowedOrigins: ['https://app.internal'] });
      const headers = { ...MCP_POST_HEADERS, host: 'mcp.internal:8080', origin: 'https://app.internal' };
      expect((await rawRequest(handle.url, { headers, body: callBody(1, 'echo', { text: 'x' }) })).status).toBe(200);
      expect((await rawRequest(handle.url, { headers: { ...headers, host: '127.0.0.1' }, body: callBody(1, 'echo', { text: 'x' }) })).status).toBe(403);
      expect((await rawRequest(handle.url, { headers: { ...headers, origin: 'http://localhost' }, body: callBody(1, 'echo', { text: 'x' }) })).status).toBe(403);
    });

    it('should answer a missing or wrong token with 401, and serve the right one', async () => {
      const token = `t-${Math.random().toString(36).slice(2)}`;
      const handle = await start({ token });
      for (const authorization of [undefined, 'Bearer wrong', `Basic ${token}`, `Bearer ${token}x`, `Bearer ${token.slice(1)}`]) {
        const headers: Record<string, string> = { ...MCP_POST_HEADERS };
        if (authorization) headers.authorization = authorization;
        const response = await rawRequest(handle.url, { headers, body: callBody(1, 'echo', { text: 'x' }) });
        expect(response.status).toBe(401);
        expect(response.headers['www-authenticate']).toBe('Bearer');
      }
      await expectServing(handle.url, token);
    });

    it('should answer malformed JSON with 400 and -32700, and keep serving', async () => {
      const handle = await start();
      for (const body of ['{"jsonrpc": "2.0", "id": 1, "method":', '', 'not json at all']) {
        const response = await rawRequest(handle.url, { headers: MCP_POST_HEADERS, body });
        expect(response.status).toBe(400);
        expect(JSON.parse(response.body)).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: Invalid JSON' }, id: null });
      }
      await expectServing(handle.url);
    });

    it.each([
      ['stateless', true],
      ['stateful', false],
    ])('should answer JSON that is not a JSON-RPC message with 400 and -32600, as stdio does, %s', async (_label, stateless) => {
      const handle = await start({ stateless });
      const bodies: Array<[string, number | null]> = [
        ['42', null],
        ['[]', null],
        ['{"jsonrpc":"2.0","id":7,"method":"tools/call","params":"x"}', 7],
        ['[{"jsonrpc":"2.0","id":8,"method":"tools/list"},{"id":9}]', 9],
      ];
      for (const [body, id] of bodies) {
        const response = await rawRequest(handle.url, { headers: MCP_POST_HEADERS, body });
        expect([body, response.status]).toEqual([body, 400]);
        expect(JSON.parse(response.body)).toEqual({ jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request: not a JSON-RPC 2.0 message' }, id });
      }
      await expectServing(handle.url);
    });

    it.each([
      ['stateless', true],
      ['stateful', false],
    ])('should answer a GET without Accept: text/event-stream with 406, %s', async (_label, stateless) => {
      const handle = await start({ stateless });
      for (const accept of [undefined, 'application/json', '*/*']) {
        const response = await rawRequest(handle.url, { method: 'GET', headers: accept ? { accept } : {} });
        expect(response.status).toBe(406);
      }
      await expectServing(handle.url);
    });

    it('should answer a POST with the wrong Accept with 406 and the wrong Content-Type with 415', async () => {
      const handle = await start();
      const body = callBody(1, 'echo', { text: 'x' });
      expect((await rawRequest(handle.url, { headers: { ...MCP_POST_HEADERS, accept: 'application/json' }, body })).status).toBe(406);
      expect((await rawRequest(handle.url, { headers: { ...MCP_POST_HEADERS, 'content-type': 'text/plain' }, body })).status).toBe(415);
      expect((await rawRequest(handle.url, { headers: { ...MCP_POST_HEADERS, 'content-type': 'text/plain; a=application/json' }, body })).status).toBe(415);
      await expectServing(handle.url);
    });

    it('should answer another path with 404 and another method with 405', async () => {
      const handle = await start();
      expect((await rawRequest(handle.url, { path: '/other', headers: MCP_POST_HEADERS, body: '{}' })).status).toBe(404);
      const put = await rawRequest(handle.url, { method: 'PUT', headers: MCP_POST_HEADERS, body: '{}' });
      expect(put.status).toBe(405);
      expect(put.headers.allow).toBe('POST');
    });

    it('should answer arguments that are an array with -32602 over HTTP too', async () => {
      const handle = await start();
      const response = await rawRequest(handle.url, { headers: MCP_POST_HEADERS, body: callBody(9, 'echo', ['x']) });
      expect(firstMessage(response.body)).toEqual({
        jsonrpc: '2.0',
        id: 9,
        error: { code: -32602, message: "Invalid tools/call request: 'arguments' must be an object, got an array" },
      });
    });
  });

  describe('a port that is taken', () => {
    it('should reject with the listen error', async () => {
      const first = await start({ stateless: false });
      const port = Number(new URL(first.url).port);
      await expect(serveMcpHttp(registryWith(new ReadFileTool()), { port, stateless: false })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    });
  });

  describe('binding beyond loopback', () => {
    it('should refuse to bind 0.0.0.0 without a token', async () => {
      await expect(serveMcpHttp(registryWith(new ReadFileTool()), { host: '0.0.0.0' })).rejects.toThrow(MissingTokenError);
      await expect(serveMcpHttp(registryWith(new ReadFileTool()), { host: '0.0.0.0', token: '' })).rejects.toThrow(
        "Serving MCP on '0.0.0.0' exposes the tools beyond this machine: give a bearer token",
      );
    });

    it('should bind 0.0.0.0 with a token, and require it', async () => {
      const handle = await start({ host: '0.0.0.0', token: 'a-secret-token-of-32-characters' });
      const url = handle.url.replace('0.0.0.0', '127.0.0.1');
      expect((await rawRequest(url, { headers: MCP_POST_HEADERS, body: callBody(1, 'echo', { text: 'x' }) })).status).toBe(401);
      await expectServing(url, 'a-secret-token-of-32-characters');
    });
  });
});
