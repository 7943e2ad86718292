// serveMcpHttp under many clients and over time: load spread over stateless
// servers, idle and half-open sessions, what one client can hold (request
// ids, log notifications, progress tokens, a trickling body), checked with
// the official SDK client and with raw HTTP.
import * as http from 'node:http';
import * as net from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { AccessMode, DangerLevel, ToolRegistry } from '@victor-tools/core';
import { serveMcpHttp, type McpHttpServerHandle, type ServeMcpHttpOptions } from '@victor-tools/mcp';
import { TestTool, silentLogger } from '../../../test/support/tools';

jest.setTimeout(90_000);

const POST_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

function registry(label = 'echo'): ToolRegistry {
  const r = new ToolRegistry({ logger: silentLogger });
  r.register(
    new TestTool({
      name: 'echo',
      description: 'Echo the text.',
      parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
      metadata: { accessMode: AccessMode.READONLY },
      run: (args) => `${label}: ${String(args.text)}`,
    }),
  );
  r.register(new TestTool({ name: 'erase', description: 'Erase.', metadata: { accessMode: AccessMode.WRITE, dangerLevel: DangerLevel.HIGH }, run: () => 'erased' }));
  return r;
}

function textOf(result: unknown): string {
  return (result as { content: Array<{ text?: string }> }).content.map((c) => c.text ?? '').join('');
}

async function connect(url: string, options: { token?: string; fetch?: typeof fetch } = {}) {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    fetch: options.fetch,
    requestInit: options.token ? { headers: { Authorization: `Bearer ${options.token}` } } : undefined,
  });
  const client = new Client({ name: 's18', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

/** A raw HTTP request: any header (Host too), any body, string or chunks. */
function raw(url: string, init: { method?: string; headers?: Record<string, string>; body?: string | Buffer[] }): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: init.method ?? 'POST', headers: init.headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    if (Array.isArray(init.body)) {
      (async () => {
        for (const chunk of init.body as Buffer[]) {
          if (req.destroyed) return;
          if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
        }
        req.end();
      })().catch(reject);
    } else req.end(init.body);
  });
}

function callBody(args: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: args } });
}

/** The official client's checks: list, a good call, bad arguments as isError, an unknown tool as -32602. */
async function checkWithOfficialClient(url: string, token?: string) {
  const { client } = await connect(url, { token });
  try {
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['echo', 'erase']);
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }))).toBe('echo: hi');
    const bad = await client.callTool({ name: 'echo', arguments: {} });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain("Required parameter 'text' is missing");
    await expect(client.callTool({ name: 'nope', arguments: {} })).rejects.toMatchObject({ code: -32602, message: "MCP error -32602: Tool 'nope' not found" });
  } finally {
    await client.close();
  }
}

/** The attacks on the HTTP server, each answered with its status, the server answering after each. */
describe('serveMcpHttp: many clients and idle sessions', () => {
  const handles: McpHttpServerHandle[] = [];
  const start = async (options: ServeMcpHttpOptions = {}, r = registry()) => {
    const handle = await serveMcpHttp(r, options);
    handles.push(handle);
    return handle;
  };
  afterEach(async () => {
    await Promise.all(handles.splice(0).map((h) => h.close()));
  });

  it('should answer 1,000 calls from 10 concurrent clients spread round-robin over three stateless servers, every answer right', async () => {
    const servers = await Promise.all([0, 1, 2].map((i) => start({}, registry(`server${i}`))));
    let next = 0;
    const roundRobin: typeof fetch = (_url, init) => fetch(servers[next++ % 3].url, init);
    const clients = await Promise.all(Array.from({ length: 10 }, () => connect(servers[0].url, { fetch: roundRobin })));
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
    const { client, transport } = await connect(handle.url);
    const sessionId = transport.sessionId!;
    expect(sessionId).toBeTruthy();
    await new Promise((r) => setTimeout(r, 1500));
    const after = await raw(handle.url, { headers: { ...POST_HEADERS, 'mcp-session-id': sessionId }, body: callBody({ text: 'x' }) });
    expect(after.status).toBe(404);
    await client.close();
  });
});

describe('serveMcpHttp: what one client can hold', () => {
  const handles: McpHttpServerHandle[] = [];
  const start = async (options: ServeMcpHttpOptions = {}, r = registry()) => {
    const handle = await serveMcpHttp(r, options);
    handles.push(handle);
    return handle;
  };
  afterEach(async () => {
    await Promise.all(handles.splice(0).map((h) => h.close()));
  });
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
      const req = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: POST_HEADERS, agent: false }, (res) => {
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
    expect((await raw(url, { headers: { ...POST_HEADERS, 'mcp-session-id': sessionId }, body: initialized })).status).toBe(202);
    return sessionId;
  };

  it('should let the official client in when bare initialize requests filled maxSessions', async () => {
    const handle = await start({ stateless: false, maxSessions: 10 });
    for (let i = 0; i < 10; i++) expect((await raw(handle.url, { headers: POST_HEADERS, body: initialize })).status).toBe(200);
    await checkWithOfficialClient(handle.url);
  });

  it('should close a session that never sent notifications/initialized after sessionInitMs', async () => {
    const handle = await start({ stateless: false, sessionInitMs: 200 });
    const sessionId = await bareSession(handle.url);
    await new Promise((r) => setTimeout(r, 1200));
    expect((await raw(handle.url, { headers: { ...POST_HEADERS, 'mcp-session-id': sessionId }, body: call(1, 'echo', { text: 'x' }) })).status).toBe(404);
  });

  it('should keep a session to the token that opened it', async () => {
    const [alice, bob] = ['alice-0123456789abcdef', 'bob-0123456789abcdefgh'];
    const handle = await start({ stateless: false, token: [alice, bob] });
    const { client, transport } = await connect(handle.url, { token: alice });
    try {
      const headers = { ...POST_HEADERS, 'mcp-session-id': transport.sessionId!, authorization: `Bearer ${bob}` };
      expect((await raw(handle.url, { headers, body: call(1, 'echo', { text: 'x' }) })).status).toBe(404);
      expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'mine' } }))).toBe('echo: mine');
    } finally {
      await client.close();
    }
  });

  it('should refuse a request id still in flight in its session with -32600, the first call keeping its result', async () => {
    let release!: (text: string) => void;
    const answer = new Promise<string>((resolve) => (release = resolve));
    const r = registry();
    r.register(new TestTool({ name: 'held', metadata: { accessMode: AccessMode.READONLY }, run: () => answer }));
    const handle = await start({ stateless: false }, r);
    const sessionId = await openSession(handle.url);
    const headers = { ...POST_HEADERS, 'mcp-session-id': sessionId };
    const first = raw(handle.url, { headers, body: call(4, 'held', {}) });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = await raw(handle.url, { headers, body: call(4, 'echo', { text: 'second' }) });
    expect(second.status).toBe(400);
    expect(JSON.parse(second.body)).toMatchObject({ id: 4, error: { code: -32600, message: expect.stringContaining('request id 4 is already in use') } });
    release('first');
    expect((await first).body).toContain('"text":"first"');
  });

  it('should send at most 100 log notifications of one call, then one warning', async () => {
    const r = registry();
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
    const { client } = await connect(handle.url);
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
    const answer = await raw(handle.url, { headers: POST_HEADERS, body: call(2, 'echo', { text: 'x' }, { progressToken: 'p'.repeat(1_000_000) }) });
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
