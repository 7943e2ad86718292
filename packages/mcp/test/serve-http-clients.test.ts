// serveMcpHttp under many clients and over time: load spread over stateless
// servers, idle and half-open sessions, what one client can hold (request
// ids, log notifications, progress tokens, a trickling body), checked with
// the official SDK client and with raw HTTP.
import * as http from 'node:http';
import * as net from 'node:net';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { AccessMode } from '@victor-tools/core';
import type { ServeMcpHttpOptions } from '@victor-tools/mcp';
import { TestTool } from '../../../test/support/tools';
import { MCP_POST_HEADERS, httpClient, rawRequest, serversClosedAfterEach } from '../../../test/support/mcp-http';
import { checkWithOfficialClient, echoCallBody, echoRegistry } from './support/echo-server';
import { textOf } from '../../../test/support/mcp-results';

jest.setTimeout(90_000);

const serve = serversClosedAfterEach();
const start = (options: ServeMcpHttpOptions = {}, r = echoRegistry()) => serve(r, options);

describe('serveMcpHttp: many clients and idle sessions', () => {
  it('should answer 1,000 calls from 10 concurrent clients spread round-robin over three stateless servers, every answer right', async () => {
    const servers = await Promise.all([0, 1, 2].map((i) => start({}, echoRegistry(`server${i}`))));
    let next = 0;
    const roundRobin: typeof fetch = (_url, init) => fetch(servers[next++ % 3].url, init);
    const clients = await Promise.all(Array.from({ length: 10 }, () => httpClient(servers[0].url, { fetch: roundRobin })));
    const perServer = [0, 0, 0];
    let right = 0;
    try {
      await Promise.all(
        clients.map(async ({ client }, c) => {
          for (let i = 0; i < 100; i++) {
            const text = `${c}/${i}`;
            const match = /^server(\d): (.*)$/.exec(textOf(await client.callTool({ name: 'echo', arguments: { text } })));
            if (match && match[2] === text) {
              right++;
              perServer[Number(match[1])]++;
            }
          }
        }),
      );
    } finally {
      await Promise.all(clients.map(({ client }) => client.close()));
    }
    expect(right).toBe(1000);
    for (const count of perServer) expect(count).toBeGreaterThan(200);
  });

  it('should expire idle sessions in stateful mode', async () => {
    const handle = await start({ stateless: false, sessionIdleMs: 200 });
    const { client, transport } = await httpClient(handle.url);
    const sessionId = transport.sessionId!;
    expect(sessionId).toBeTruthy();
    await new Promise((r) => setTimeout(r, 1500));
    const after = await rawRequest(handle.url, { headers: { ...MCP_POST_HEADERS, 'mcp-session-id': sessionId }, body: echoCallBody({ text: 'x' }) });
    expect(after.status).toBe(404);
    await client.close();
  });
});

describe('serveMcpHttp: what one client can hold', () => {
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bare', version: '1.0.0' } },
  });
  const call = (id: number, name: string, args: unknown, meta?: unknown) =>
    JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) } });
  /** A session opened by a bare initialize request: its id. */
  const bareSession = (url: string): Promise<string> =>
    new Promise<string>((resolve, reject) => {
      const target = new URL(url);
      const req = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: MCP_POST_HEADERS, agent: false }, (res) => {
        res.resume();
        resolve(String(res.headers['mcp-session-id']));
      });
      req.on('error', reject);
      req.end(initialize);
    });
  /** A session opened by the official client's handshake, by raw requests. */
  const openSession = async (url: string): Promise<string> => {
    const sessionId = await bareSession(url);
    const initialized = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect((await rawRequest(url, { headers: { ...MCP_POST_HEADERS, 'mcp-session-id': sessionId }, body: initialized })).status).toBe(202);
    return sessionId;
  };

  it('should let the official client in when bare initialize requests filled maxSessions', async () => {
    const handle = await start({ stateless: false, maxSessions: 10 });
    for (let i = 0; i < 10; i++) expect((await rawRequest(handle.url, { headers: MCP_POST_HEADERS, body: initialize })).status).toBe(200);
    await checkWithOfficialClient(handle.url);
  });

  it('should close a session that never sent notifications/initialized after sessionInitMs', async () => {
    const handle = await start({ stateless: false, sessionInitMs: 200 });
    const sessionId = await bareSession(handle.url);
    await new Promise((r) => setTimeout(r, 1200));
    expect((await rawRequest(handle.url, { headers: { ...MCP_POST_HEADERS, 'mcp-session-id': sessionId }, body: call(1, 'echo', { text: 'x' }) })).status).toBe(404);
  });

  it('should keep a session to the token that opened it', async () => {
    const [alice, bob] = ['alice-0123456789abcdef', 'bob-0123456789abcdefgh'];
    const handle = await start({ stateless: false, token: [alice, bob] });
    const { client, transport } = await httpClient(handle.url, { token: alice });
    try {
      const headers = { ...MCP_POST_HEADERS, 'mcp-session-id': transport.sessionId!, authorization: `Bearer ${bob}` };
      expect((await rawRequest(handle.url, { headers, body: call(1, 'echo', { text: 'x' }) })).status).toBe(404);
      expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'mine' } }))).toBe('echo: mine');
    } finally {
      await client.close();
    }
  });

  it('should refuse a request id still in flight in its session with -32600, the first call keeping its result', async () => {
    let release!: (text: string) => void;
    const answer = new Promise<string>((resolve) => (release = resolve));
    const r = echoRegistry();
    r.register(new TestTool({ name: 'held', metadata: { accessMode: AccessMode.READONLY }, run: () => answer }));
    const handle = await start({ stateless: false }, r);
    const sessionId = await openSession(handle.url);
    const headers = { ...MCP_POST_HEADERS, 'mcp-session-id': sessionId };
    const first = rawRequest(handle.url, { headers, body: call(4, 'held', {}) });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = await rawRequest(handle.url, { headers, body: call(4, 'echo', { text: 'second' }) });
    expect(second.status).toBe(400);
    expect(JSON.parse(second.body)).toMatchObject({ id: 4, error: { code: -32600, message: expect.stringContaining('request id 4 is already in use') } });
    release('first');
    expect((await first).body).toContain('"text":"first"');
  });

  it('should send at most 100 log notifications of one call, then one warning', async () => {
    const r = echoRegistry();
    r.register(
      new TestTool({
        name: 'chatty',
        metadata: { accessMode: AccessMode.READONLY },
        run: (_args, ctx) => {
          for (let i = 0; i < 1000; i++) ctx.log('info', `line ${i}`);
          return 'done';
        },
      }),
    );
    const handle = await start({}, r);
    const { client } = await httpClient(handle.url);
    const messages: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void messages.push(n.params.data));
    try {
      expect(textOf(await client.callTool({ name: 'chatty', arguments: {} }))).toBe('done');
      expect(messages).toHaveLength(101);
      expect(messages[100]).toBe('further log messages of this call were dropped (more than 100)');
    } finally {
      await client.close();
    }
  });

  it('should refuse a progressToken over 1,000 characters with -32602', async () => {
    const handle = await start();
    const answer = await rawRequest(handle.url, { headers: MCP_POST_HEADERS, body: call(2, 'echo', { text: 'x' }, { progressToken: 'p'.repeat(1_000_000) }) });
    expect(answer.body).toContain("Invalid tools/call request: '_meta.progressToken' must be at most 1000 characters, got 1000000");
    expect(answer.body).not.toContain('pppp');
  });

  it('should answer 408 and close a connection whose body trickles past requestTimeoutMs', async () => {
    const handle = await start({ requestTimeoutMs: 1000 });
    const target = new URL(handle.url);
    const opened = Date.now();
    let received = '';
    const socket = net.connect(Number(target.port), target.hostname, () => {
      socket.write(`POST /mcp HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n`);
    });
    const trickle = setInterval(() => socket.writable && socket.write('a'), 100);
    socket.on('data', (c: Buffer) => (received += c.toString()));
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('close', resolve));
    clearInterval(trickle);
    expect(Date.now() - opened).toBeLessThan(5000);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    await checkWithOfficialClient(handle.url);
  });
});
