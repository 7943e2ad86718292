// What a client of serveMcpHttp cannot exhaust: sessions, connections,
// time, buffered bytes, request ids, and a call's notifications. Each test
// attacks through HTTP (raw sockets where the official client would not
// misbehave) and checks the server answers the way the README says.
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { ToolRegistry, type BaseTool, type ToolCallContext } from '@victor-tools/core';
import { WeakTokenError, serveMcpHttp, type McpHttpServerHandle, type ServeMcpHttpOptions } from '@victor-tools/mcp';
import { FeatureTool, SlowTool } from './support/feature-tools';
import { MCP_POST_HEADERS, firstMessage, httpClient, postHead, rawConnection, rawRequest, serversClosedAfterEach } from '../../../test/support/mcp-http';
import { EchoTool, OutputTool } from './support/tools';
import { textOf } from '../../../test/support/mcp-results';
import { silentLogger } from '../../../test/support/logger';

jest.setTimeout(60_000);

const quiet = { warn: () => undefined };

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor(condition: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; await sleep(20)) if (await condition()) return true;
  return condition();
}

function callBody(id: number | string, name: string, args: unknown, meta?: Record<string, unknown>): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) } });
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } },
});
const INITIALIZED = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });

/** A tool that runs until `release(text)` is called, then answers that text. */
function heldTool() {
  let markStarted!: () => void;
  let release!: (text: string) => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const answer = new Promise<string>((resolve) => (release = resolve));
  const tool = new FeatureTool({
    name: 'held',
    run: () => {
      markStarted();
      return answer;
    },
  });
  return { tool, started, release };
}

/** A tool that logs `count` times. */
function loggingTool(): FeatureTool {
  return new FeatureTool({
    name: 'log_flood',
    parameters: { type: 'object', properties: { count: { type: 'integer' } } },
    run: (ctx: ToolCallContext, args) => {
      for (let i = 1; i <= Number(args.count); i++) ctx.log('info', `line ${i}`);
      return 'logged';
    },
  });
}

describe('serveMcpHttp limits', () => {
  const serve = serversClosedAfterEach();
  let held: ReturnType<typeof heldTool>;

  async function start(options: ServeMcpHttpOptions = {}, ...extra: BaseTool[]) {
    const registry = new ToolRegistry({ logger: silentLogger });
    held = heldTool();
    for (const tool of [new EchoTool(), held.tool, new SlowTool(), loggingTool(), ...extra]) registry.register(tool);
    return serve(registry, { logger: quiet, ...options });
  }

  async function expectServing(url: string, token?: string) {
    const { client } = await httpClient(url, { token });
    try {
      expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'still' } }))).toBe('echo:still');
    } finally {
      await client.close();
    }
  }

  /** Opens a session with raw requests: initialize, then (unless `bare`) notifications/initialized. */
  async function rawSession(url: string, options: { bare?: boolean; token?: string } = {}): Promise<string> {
    const auth: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
    const init = await rawRequest(url, { headers: { ...MCP_POST_HEADERS, ...auth }, body: INITIALIZE });
    expect(init.status).toBe(200);
    const sessionId = String(init.headers['mcp-session-id']);
    if (!options.bare) {
      const done = await rawRequest(url, { headers: { ...MCP_POST_HEADERS, ...auth, 'mcp-session-id': sessionId }, body: INITIALIZED });
      expect(done.status).toBe(202);
    }
    return sessionId;
  }

  function inSession(sessionId: string, extra: Record<string, string> = {}): Record<string, string> {
    return { ...MCP_POST_HEADERS, 'mcp-session-id': sessionId, ...extra };
  }

  describe('sessions', () => {
    it('should close a session whose client never sends notifications/initialized, and keep one that did', async () => {
      const handle = await start({ stateless: false, sessionInitMs: 300 });
      const bare = await rawSession(handle.url, { bare: true });
      const { client } = await httpClient(handle.url);
      try {
        await sleep(1200);
        const after = await rawRequest(handle.url, { headers: inSession(bare), body: callBody(1, 'echo', { text: 'x' }) });
        expect(after.status).toBe(404);
        expect(JSON.parse(after.body)).toMatchObject({ error: { code: -32001, message: 'Session not found' } });
        expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'initialized' } }))).toBe('echo:initialized');
      } finally {
        await client.close();
      }
    });

    it('should let a real client in when bare initialize requests fill maxSessions, closing the oldest bare one', async () => {
      const handle = await start({ stateless: false, maxSessions: 5 });
      const bare: string[] = [];
      for (let i = 0; i < 5; i++) bare.push(await rawSession(handle.url, { bare: true }));
      const { client } = await httpClient(handle.url);
      try {
        expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'let in' } }))).toBe('echo:let in');
        expect((await rawRequest(handle.url, { headers: inSession(bare[0]), body: callBody(1, 'echo', { text: 'x' }) })).status).toBe(404);
        expect((await rawRequest(handle.url, { headers: inSession(bare[1]), body: callBody(1, 'echo', { text: 'x' }) })).status).toBe(200);
      } finally {
        await client.close();
      }
    });

    it('should still answer 503 when every session finished its handshake', async () => {
      const handle = await start({ stateless: false, maxSessions: 2 });
      await rawSession(handle.url);
      await rawSession(handle.url);
      const refused = await rawRequest(handle.url, { headers: MCP_POST_HEADERS, body: INITIALIZE });
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('60');
    });

    it('should bind a session to the token that opened it: another valid token gets 404 for it', async () => {
      const alice = 'alice-token-0123456789abcdef';
      const bob = 'bob-token-0123456789abcdefgh';
      const handle = await start({ stateless: false, token: [alice, bob] });
      const { client, transport } = await httpClient(handle.url, { token: alice });
      try {
        const sessionId = transport.sessionId!;
        const asBob = { authorization: `Bearer ${bob}` };
        const call = await rawRequest(handle.url, { headers: inSession(sessionId, asBob), body: callBody(1, 'echo', { text: 'stolen' }) });
        expect(call.status).toBe(404);
        expect(JSON.parse(call.body)).toMatchObject({ error: { code: -32001, message: 'Session not found' } });
        const remove = await rawRequest(handle.url, { method: 'DELETE', headers: inSession(sessionId, asBob) });
        expect(remove.status).toBe(404);
        const stream = await rawRequest(handle.url, { method: 'GET', headers: { accept: 'text/event-stream', 'mcp-session-id': sessionId, ...asBob } });
        expect(stream.status).toBe(404);
        // Still Alice's, and alive.
        expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'mine' } }))).toBe('echo:mine');
        const asAlice = await rawRequest(handle.url, { headers: inSession(sessionId, { authorization: `Bearer ${alice}` }), body: callBody(9, 'echo', { text: 'own' }) });
        expect(firstMessage(asAlice.body)).toMatchObject({ id: 9, result: { content: [{ text: 'echo:own' }] } });
        // Bob has sessions of his own.
        await expectServing(handle.url, bob);
      } finally {
        await client.close();
      }
    });
  });

  describe('slow and held requests', () => {
    it('should answer 408 and close a connection whose body trickles past requestTimeoutMs', async () => {
      const handle = await start({ requestTimeoutMs: 1000 });
      const connection = await rawConnection(handle.url, postHead(handle.url, 1000));
      const trickle = setInterval(() => connection.socket.writable && connection.socket.write('a'), 100);
      try {
        const closedAfter = await connection.closed;
        expect(closedAfter).toBeGreaterThanOrEqual(900);
        expect(closedAfter).toBeLessThan(5000);
        expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
      } finally {
        clearInterval(trickle);
      }
      await expectServing(handle.url);
    });

    it('should close connections that never finish their headers, or send nothing, after requestTimeoutMs', async () => {
      const handle = await start({ requestTimeoutMs: 1000 });
      const silentOne = await rawConnection(handle.url);
      const halfHead = await rawConnection(handle.url, 'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      for (const closedAfter of await Promise.all([silentOne.closed, halfHead.closed])) expect(closedAfter).toBeLessThan(5000);
      await expectServing(handle.url);
    });

    it('should not time out a call that runs longer than requestTimeoutMs once its request arrived', async () => {
      const handle = await start({ requestTimeoutMs: 500 });
      const { client } = await httpClient(handle.url);
      try {
        expect(textOf(await client.callTool({ name: 'slow', arguments: { ms: 2000 } }))).toBe('finished');
      } finally {
        await client.close();
      }
    });

    it('should close connections past maxConnections as they arrive, and take new ones once some closed', async () => {
      const handle = await start({ maxConnections: 3, requestTimeoutMs: 60_000 });
      const open = await Promise.all([rawConnection(handle.url), rawConnection(handle.url), rawConnection(handle.url)]);
      expect(await waitFor(async () => (await connectionsOf(handle)) === 3, 2000)).toBe(true);
      await expect(rawRequest(handle.url, { headers: MCP_POST_HEADERS, body: callBody(1, 'echo', { text: 'x' }) })).rejects.toThrow(/socket hang up|ECONNRESET/);
      for (const connection of open) connection.socket.destroy();
      expect(await waitFor(async () => (await connectionsOf(handle)) === 0, 2000)).toBe(true);
      const after = await rawRequest(handle.url, { headers: MCP_POST_HEADERS, body: callBody(2, 'echo', { text: 'back' }) });
      expect(firstMessage(after.body)).toMatchObject({ id: 2, result: { content: [{ text: 'echo:back' }] } });
    });

    it('should hold at most maxBufferedBytes of bodies: a request past it gets 503 at once, and room comes back', async () => {
      const handle = await start({ maxRequestBytes: 1000, maxBufferedBytes: 2500, requestTimeoutMs: 60_000 });
      const padded = (id: number, size: number) => {
        const body = callBody(id, 'echo', { text: '' });
        return body.replace('"text":""', `"text":"${'y'.repeat(size - body.length)}"`);
      };
      // Two bodies of 1000 bytes announced, 10 sent: 2000 of 2500 bytes held.
      const first = padded(1, 1000);
      const holders = await Promise.all([rawConnection(handle.url, postHead(handle.url, 1000) + first.slice(0, 10)), rawConnection(handle.url, postHead(handle.url, 1000))]);
      await sleep(100);
      const refused = await rawRequest(handle.url, { headers: MCP_POST_HEADERS, body: padded(3, 1000) });
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(JSON.parse(refused.body)).toMatchObject({ error: { message: expect.stringContaining('maxBufferedBytes') } });
      // A chunked body grows past the budget too.
      const chunked = await rawRequest(handle.url, { headers: MCP_POST_HEADERS, body: [Buffer.from(padded(4, 800))] });
      expect(chunked.status).toBe(503);
      // What fits is served.
      expect((await rawRequest(handle.url, { headers: MCP_POST_HEADERS, body: padded(5, 400) })).status).toBe(200);
      // The first holder's body arrives: it is answered, and its bytes are given back once the answer ends.
      holders[0].socket.write(first.slice(10));
      expect(await waitFor(() => holders[0].received().includes('"id":1'), 5000)).toBe(true);
      holders[1].socket.destroy();
      await sleep(100);
      const served = await rawRequest(handle.url, { headers: MCP_POST_HEADERS, body: padded(6, 1000) });
      expect(served.status).toBe(200);
      expect(firstMessage(served.body)).toMatchObject({ id: 6 });
      holders[0].socket.destroy();
    });

    it('should close a connection whose client stops reading its answer, after requestTimeoutMs', async () => {
      const big = new OutputTool(() => 'z'.repeat(30_000_000), 'big');
      const handle = await start({ requestTimeoutMs: 1000, maxTextLength: 30_000_000 }, big);
      const body = callBody(1, 'big', {});
      const connection = await rawConnection(handle.url, postHead(handle.url, Buffer.byteLength(body)) + body);
      connection.socket.pause(); // never reads: the answer piles up on the server
      connection.socket.removeAllListeners('data');
      expect(await waitFor(async () => (await connectionsOf(handle)) === 1, 2000)).toBe(true);
      const dropped = await waitFor(async () => (await connectionsOf(handle)) === 0, 8000);
      connection.socket.destroy();
      expect(dropped).toBe(true);
      await expectServing(handle.url);
    });
  });

  describe('request ids', () => {
    it('should refuse a request id still in flight in the session, the first call keeping its stream and its result', async () => {
      const handle = await start({ stateless: false });
      const sessionId = await rawSession(handle.url);
      const first = rawRequest(handle.url, { headers: inSession(sessionId), body: callBody(7, 'held', {}) });
      await held.started;
      const second = await rawRequest(handle.url, { headers: inSession(sessionId), body: callBody(7, 'echo', { text: 'second' }) });
      expect(second.status).toBe(400);
      expect(JSON.parse(second.body)).toEqual({
        jsonrpc: '2.0',
        id: 7,
        error: { code: -32600, message: 'Invalid Request: request id 7 is already in use by a request not answered yet; give each request its own id' },
      });
      held.release('first result');
      const answered = await first;
      expect(firstMessage(answered.body)).toEqual({ jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'first result' }] } });
      // Answered, the id is free again.
      const reused = await rawRequest(handle.url, { headers: inSession(sessionId), body: callBody(7, 'echo', { text: 'again' }) });
      expect(firstMessage(reused.body)).toMatchObject({ id: 7, result: { content: [{ text: 'echo:again' }] } });
    });

    it('should keep an id the client cancelled taken for the session (MCP forbids reuse), and serve the next', async () => {
      const handle = await start({ stateless: false });
      const sessionId = await rawSession(handle.url);
      const first = rawRequest(handle.url, { headers: inSession(sessionId), body: callBody('job-1', 'slow', { ms: 30_000 }) }).catch(() => undefined);
      await sleep(200);
      const cancel = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'job-1' } });
      expect((await rawRequest(handle.url, { headers: inSession(sessionId), body: cancel })).status).toBe(202);
      const reused = await rawRequest(handle.url, { headers: inSession(sessionId), body: callBody('job-1', 'echo', { text: 'new job' }) });
      expect(reused.status).toBe(400);
      expect(JSON.parse(reused.body)).toMatchObject({ id: 'job-1', error: { code: -32600, message: "Invalid Request: request id 'job-1' was used by a request cancelled in this session; give each request its own id" } });
      const next = await rawRequest(handle.url, { headers: inSession(sessionId), body: callBody('job-2', 'echo', { text: 'new job' }) });
      expect(firstMessage(next.body)).toMatchObject({ id: 'job-2', result: { content: [{ text: 'echo:new job' }] } });
      void first;
    });

    it.each([
      ['stateless', true],
      ['stateful', false],
    ])('should refuse a batch that repeats an id, %s', async (_label, stateless) => {
      const handle = await start({ stateless });
      const headers = stateless ? MCP_POST_HEADERS : inSession(await rawSession(handle.url));
      const batch = `[${callBody(3, 'echo', { text: 'a' })},${callBody(3, 'echo', { text: 'b' })}]`;
      const response = await rawRequest(handle.url, { headers, body: batch });
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({ id: 3, error: { code: -32600 } });
      await expectServing(handle.url);
    });
  });

  describe.each([
    ['stateless', true],
    ['stateful', false],
  ])('per-call floods, %s', (_label, stateless) => {
    it('should send at most 100 log messages of one call, then one warning', async () => {
      const handle = await start({ stateless });
      const { client } = await httpClient(handle.url);
      const messages: Array<{ level: string; data: unknown }> = [];
      client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void messages.push(n.params));
      try {
        expect(textOf(await client.callTool({ name: 'log_flood', arguments: { count: 1000 } }))).toBe('logged');
        expect(messages).toHaveLength(101);
        expect(messages.slice(0, 100).map((m) => m.data)).toEqual(Array.from({ length: 100 }, (_, i) => `line ${i + 1}`));
        expect(messages[100]).toEqual({ level: 'warning', logger: 'log_flood', data: 'further log messages of this call were dropped (more than 100)' });
      } finally {
        await client.close();
      }
    });

    it('should refuse a progressToken over 1,000 characters, and echo one of 1,000', async () => {
      const handle = await start({ stateless });
      const headers = stateless ? MCP_POST_HEADERS : inSession(await rawSession(handle.url));
      const huge = await rawRequest(handle.url, { headers, body: callBody(1, 'echo', { text: 'x' }, { progressToken: 'p'.repeat(3_000_000) }) });
      expect(firstMessage(huge.body)).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32602, message: "Invalid tools/call request: '_meta.progressToken' must be at most 1000 characters, got 3000000" },
      });
      const token = 't'.repeat(1000);
      const fits = await rawRequest(handle.url, { headers, body: callBody(2, 'slow', { ms: 120 }, { progressToken: token }) });
      const progress = fits.body.split('\n').filter((line) => line.startsWith('data: ') && line.includes('notifications/progress'));
      expect(progress.length).toBeGreaterThan(0);
      expect(JSON.parse(progress[0].slice(6))).toMatchObject({ params: { progressToken: token } });
    });
  });

  describe('tokens off loopback', () => {
    it.each([
      ['a one-character token', 'x', 1],
      ['a 15-character token', '0123456789abcde', 15],
      ['a list with one short token', ['0123456789abcdef0123', 'short'], 5],
    ])('should refuse %s, saying how to make a strong one', async (_label, token, length) => {
      const registry = new ToolRegistry({ logger: silentLogger });
      const started = serveMcpHttp(registry, { host: '0.0.0.0', token, logger: quiet });
      await expect(started).rejects.toThrow(WeakTokenError);
      await expect(started).rejects.toThrow(
        `Serving MCP on '0.0.0.0' needs a bearer token of at least 16 characters, got one of ${length}: anyone who reaches the port can guess a short one. ` +
          "Make one with `openssl rand -hex 32` or `node -e \"console.log(require('node:crypto').randomBytes(32).toString('hex'))\"`",
      );
    });

    it('should take a 16-character token off loopback, and any token on loopback', async () => {
      const wide = await start({ host: '0.0.0.0', token: '0123456789abcdef' });
      await expectServing(wide.url.replace('0.0.0.0', '127.0.0.1'), '0123456789abcdef');
      const local = await start({ token: 'x' });
      await expectServing(local.url, 'x');
    });
  });
});

function connectionsOf(handle: McpHttpServerHandle): Promise<number> {
  return new Promise((resolve, reject) => handle.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
}
