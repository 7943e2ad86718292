import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { getRequestListener } from '@hono/node-server';
import { ToolRegistry } from '@victor-tools/core';
import { mcpRequestHandler, type McpRequestHandler, type McpRequestHandlerOptions } from '@victor-tools/mcp';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { MCP_POST_HEADERS, rawRequest } from '../../../test/support/mcp-http';
import { SlowTool } from './support/feature-tools';
import { EchoTool, ReadFileTool } from './support/tools';
import { textOf } from '../../../test/support/mcp-results';
import { silentLogger } from '../../../test/support/logger';

// mcpRequestHandler, the web-standard handler, mounted in real Hono, Express
// and Fastify apps (as the README shows) and called with the official clients
// of both SDK lines, then with what serveMcpHttp refuses.
jest.setTimeout(30_000);

function registry(): ToolRegistry {
  const r = new ToolRegistry({ logger: silentLogger });
  r.register(new ReadFileTool());
  r.register(new EchoTool());
  return r;
}

type Mounted = { url: string; close(): Promise<void> };

/** Listens with a node:http server on a free loopback port. */
async function listen(server: http.Server, path: string): Promise<Mounted> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Node's IncomingMessage and ServerResponse to a web Request and Response, for
// Express and Fastify (the adapter Hono's node server uses).
/** A session opened on `handler` with raw JSON-RPC (initialize, then initialized), and `post` to send it more. */
async function rawSession(handler: McpRequestHandler) {
  const post = (body: unknown, session?: string) =>
    handler(new Request('http://localhost/mcp', { method: 'POST', headers: { ...MCP_POST_HEADERS, ...(session ? { 'mcp-session-id': session } : {}) }, body: JSON.stringify(body) }));
  const opened = await post({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
  const session = opened.headers.get('mcp-session-id')!;
  await opened.text();
  await (await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, session)).text();
  return { post, session };
}

const toNode = (handler: (request: Request) => Promise<Response>) => getRequestListener(handler, { overrideGlobalObjects: false });

const MOUNTS: Record<string, (handler: McpRequestHandler) => Promise<Mounted>> = {
  async hono(handler) {
    const app = new Hono();
    app.all('/mcp', (c) => handler(c.req.raw));
    return listen(http.createServer(toNode((request) => Promise.resolve(app.fetch(request)))), '/mcp');
  },
  async express(handler) {
    const app = express();
    // No body parser on this route: the handler reads the body itself, with its size limit.
    app.all('/mcp', (req, res) => void toNode(handler)(req, res));
    return listen(http.createServer(app), '/mcp');
  },
  async fastify(handler) {
    const app = Fastify();
    // Fastify would parse JSON bodies itself; leave them to the handler.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    app.all('/mcp', (request, reply) => {
      reply.hijack();
      return toNode(handler)(request.raw, reply.raw);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}/mcp`, close: () => app.close() };
  },
};

describe.each(Object.keys(MOUNTS))('mcpRequestHandler mounted in %s', (framework) => {
  const opened: Array<{ handler: McpRequestHandler; mounted: Mounted }> = [];
  async function mount(options: McpRequestHandlerOptions = {}) {
    const handler = mcpRequestHandler(registry(), options);
    const mounted = await MOUNTS[framework](handler);
    opened.push({ handler, mounted });
    return mounted;
  }

  afterEach(async () => {
    for (const { handler, mounted } of opened.splice(0)) {
      await handler.close();
      await mounted.close();
    }
  });

  it.each([
    ['stateless', true],
    ['stateful', false],
  ])('should list and call with the 1.x and the 2.x client, %s', async (_label, stateless) => {
    const { url } = await mount({ stateless, token: 'a-token-of-24-characters' });
    const headers = { Authorization: 'Bearer a-token-of-24-characters' };
    const v1 = new Client({ name: 'v1', version: '1.0.0' });
    const v2 = new ClientV2({ name: 'v2', version: '1.0.0' });
    await v1.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
    await v2.connect(new TransportV2(new URL(url), { requestInit: { headers } }));
    try {
      for (const client of [v1, v2] as Client[]) {
        expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['echo', 'read_file']);
        expect(textOf(await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } }))).toBe('contents of a.txt');
      }
    } finally {
      await v1.close();
      await v2.close();
    }
  });

  it('should refuse what serveMcpHttp refuses: a wrong token, a foreign Host, a large body, bad JSON, a session of another token', async () => {
    const { url } = await mount({ stateless: false, token: ['token-of-client-a-0001', 'token-of-client-b-0002'], allowedHosts: ['127.0.0.1'], maxRequestBytes: 1024 });
    const post = (headers: Record<string, string>, body: string) => rawRequest(url, { headers: { ...MCP_POST_HEADERS, host: new URL(url).host, ...headers }, body });
    const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

    const noToken = await post({}, list);
    expect(noToken.status).toBe(401);
    expect(noToken.headers['www-authenticate']).toBe('Bearer');
    expect((await post({ authorization: 'Bearer token-of-client-a-0001', host: 'evil.example:80' }, list)).status).toBe(403);
    const large = await post({ authorization: 'Bearer token-of-client-a-0001' }, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(2000) } }));
    expect(large.status).toBe(413);
    expect(JSON.parse(large.body).error.message).toBe('Payload Too Large: the request body must not exceed 1024 bytes');
    const garbage = await post({ authorization: 'Bearer token-of-client-a-0001' }, '{not json');
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body).error.code).toBe(-32700);

    const owner = new Client({ name: 'owner', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: 'Bearer token-of-client-a-0001' } } });
    await owner.connect(transport);
    try {
      const stolen = await post({ authorization: 'Bearer token-of-client-b-0002', 'mcp-session-id': transport.sessionId!, 'mcp-protocol-version': '2025-06-18' }, list);
      expect(stolen.status).toBe(404);
      expect((await owner.listTools()).tools).toHaveLength(2);
    } finally {
      await owner.close();
    }
  });
});

describe('mcpRequestHandler alone (a web-standard runtime calls it directly)', () => {
  it('should answer a Request with a Response, refusing a duplicate id in a batch', async () => {
    const handler = mcpRequestHandler(registry());
    const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'read_file', arguments: { path: 'x' } } });
    const ok = await handler(new Request('http://localhost/mcp', { method: 'POST', headers: MCP_POST_HEADERS, body: JSON.stringify(call(1)) }));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ id: 1, result: { content: [{ type: 'text', text: 'contents of x' }] } });
    const twice = await handler(new Request('http://localhost/mcp', { method: 'POST', headers: MCP_POST_HEADERS, body: JSON.stringify([call(2), call(2)]) }));
    expect(twice.status).toBe(400);
    expect(((await twice.json()) as { id: unknown }).id).toBe(2);
    const get = await handler(new Request('http://localhost/mcp', { headers: { accept: 'text/event-stream' } }));
    expect(get.status).toBe(405);
    await handler.close();
  });

  it('should open at most maxSessions sessions for initializes that arrive together', async () => {
    const handler = mcpRequestHandler(registry(), { stateless: false, maxSessions: 2 });
    const initialize = JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    const post = (headers: Record<string, string> = {}) => new Request('http://localhost/mcp', { method: 'POST', headers: { ...MCP_POST_HEADERS, ...headers }, body: initialize });
    const answers = await Promise.all(Array.from({ length: 8 }, () => handler(post())));
    const opened = answers.filter((a) => a.status === 200).map((a) => a.headers.get('mcp-session-id')!);
    expect([opened.length, answers.filter((a) => a.status === 503).length]).toEqual([2, 6]);
    for (const answer of answers) await answer.body?.cancel();
    for (const id of opened) {
      const remove = await handler(new Request('http://localhost/mcp', { method: 'DELETE', headers: { 'mcp-session-id': id } }));
      expect(remove.status).toBe(200);
    }
    await handler.close();
  });

  it('should refuse a request id of a cancelled request with -32600 in its session, however soon it comes back', async () => {
    const tools = registry();
    const slow = new SlowTool();
    tools.register(slow);
    const handler = mcpRequestHandler(tools, { stateless: false });
    const { post, session } = await rawSession(handler);
    const call = await post({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'slow', arguments: { ms: 30_000 } } }, session);
    await slow.started;
    const cancel = await post({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 5 } }, session);
    expect(cancel.status).toBe(202);
    const reused = await post({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'echo', arguments: { text: 'new' } } }, session);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ id: 5, error: { code: -32600, message: 'Invalid Request: request id 5 was used by a request cancelled in this session; give each request its own id' } });
    await call.body?.cancel();
    await handler.close();
  });

  it('should answer tools/list with malformed params or a cursor with -32602 in a session, the id free again after', async () => {
    const handler = mcpRequestHandler(registry(), { stateless: false });
    const { post, session } = await rawSession(handler);
    const malformed = await (await post({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 5 } }, session)).text();
    expect(malformed).toContain(`"error":{"code":-32602,"message":"Invalid tools/list request: 'cursor' must be a string, got a number"}`);
    const cursor = await (await post({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 'next' } }, session)).text();
    expect(cursor).toContain(`"error":{"code":-32602,"message":"Invalid tools/list request: unknown cursor 'next'`);
    expect(await (await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, session)).text()).toContain('"name":"read_file"');
    await handler.close();
  });

  describe('maxSessionsPerCaller', () => {
    const USERS: Record<string, string> = { 'mallory-token-0123456': 'mallory', 'alice-token-012345678': 'alice' };
    const verifyToken = (token: string) => (USERS[token] === undefined ? undefined : { token, clientId: 'app', scopes: [], extra: { sub: USERS[token] } });
    const initialize = JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });

    /** Opens a session (handshake finished) as the token's user: its id, or the status refusing it. */
    async function open(handler: McpRequestHandler, token: string): Promise<string | number> {
      const headers = { ...MCP_POST_HEADERS, authorization: `Bearer ${token}` };
      const answer = await handler(new Request('http://localhost/mcp', { method: 'POST', headers, body: initialize }));
      await answer.text();
      const session = answer.headers.get('mcp-session-id');
      if (answer.status !== 200 || session === null) return answer.status;
      const done = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
      await (await handler(new Request('http://localhost/mcp', { method: 'POST', headers: { ...headers, 'mcp-session-id': session }, body: done }))).text();
      return session;
    }
    const ping = async (handler: McpRequestHandler, token: string, session: string | number) => {
      const headers = { ...MCP_POST_HEADERS, authorization: `Bearer ${token}`, 'mcp-session-id': String(session) };
      const answer = await handler(new Request('http://localhost/mcp', { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) }));
      await answer.text();
      return answer.status;
    };

    it("should keep one caller from filling maxSessions: past its share, its own oldest idle session makes room", async () => {
      // maxSessions 20: a caller's share is a tenth, 2.
      const handler = mcpRequestHandler(registry(), { stateless: false, verifyToken, maxSessions: 20 });
      const mallory: (string | number)[] = [];
      for (let i = 0; i < 25; i++) mallory.push(await open(handler, 'mallory-token-0123456'));
      expect(mallory.every((s) => typeof s === 'string')).toBe(true);
      expect(await ping(handler, 'mallory-token-0123456', mallory[0])).toBe(404);
      expect(await ping(handler, 'mallory-token-0123456', mallory[23])).toBe(200);
      expect(await ping(handler, 'mallory-token-0123456', mallory[24])).toBe(200);
      const alice = await open(handler, 'alice-token-012345678');
      expect(typeof alice).toBe('string');
      expect(await ping(handler, 'alice-token-012345678', alice)).toBe(200);
      await handler.close();
    });

    it('should refuse with 429 only the caller whose every session is busy', async () => {
      const tools = registry();
      tools.register(new SlowTool());
      const handler = mcpRequestHandler(tools, { stateless: false, verifyToken, maxSessionsPerCaller: 1 });
      const token = 'mallory-token-0123456';
      const session = (await open(handler, token)) as string;
      const headers = { ...MCP_POST_HEADERS, authorization: `Bearer ${token}`, 'mcp-session-id': session };
      const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'slow', arguments: { ms: 30_000 } } });
      const busy = await handler(new Request('http://localhost/mcp', { method: 'POST', headers, body: call }));
      const refused = await handler(new Request('http://localhost/mcp', { method: 'POST', headers: { ...MCP_POST_HEADERS, authorization: `Bearer ${token}` }, body: initialize }));
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(await refused.text()).toContain('this caller holds 1 sessions, each running a request');
      expect(typeof (await open(handler, 'alice-token-012345678'))).toBe('string');
      await busy.body?.cancel();
      await handler.close();
    });

    it('should leave callers uncapped with one shared token (everyone is the same caller), unless told', async () => {
      const shared = mcpRequestHandler(registry(), { stateless: false, token: 'one-token-for-everyone', maxSessions: 20 });
      const sessions: (string | number)[] = [];
      for (let i = 0; i < 5; i++) sessions.push(await open(shared, 'one-token-for-everyone'));
      for (const session of sessions) expect(await ping(shared, 'one-token-for-everyone', session)).toBe(200);
      await shared.close();
      expect(() => mcpRequestHandler(registry(), { stateless: false, maxSessionsPerCaller: 0 })).toThrow('maxSessionsPerCaller must be a positive number, got 0');
    });
  });

  it("should count a session's call as running until its streamed answer ends, so a call longer than sessionIdleMs keeps its session", async () => {
    const tools = registry();
    tools.register(new SlowTool());
    const handler = mcpRequestHandler(tools, { stateless: false, sessionIdleMs: 200 });
    const { post, session } = await rawSession(handler);
    // The call runs 1.2 s, six times the idle limit; its answer streams all along.
    const call = await post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'slow', arguments: { ms: 1_200 } } }, session);
    expect(call.headers.get('content-type')).toContain('text/event-stream');
    const streamed = await call.text();
    expect(streamed).toContain('"text":"finished"');
    // Idle once the answer ended: the session then expires as usual.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect((await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, session)).status).toBe(404);
    await handler.close();
  });

  it('should refuse contradicting options as serveMcpHttp does', () => {
    expect(() => mcpRequestHandler(registry(), { token: 'a-token-of-24-characters', verifyToken: () => undefined })).toThrow('pass token or verifyToken, not both');
    expect(() => mcpRequestHandler(registry(), { progressive: { searcher: () => [] } as never })).toThrow('progressive needs sessions');
    expect(() => mcpRequestHandler(registry(), { verifyToken: null as never })).toThrow('verifyToken must be a function, got null');
  });
});
