import { ToolRegistry } from '@victor-tools/core';
import { GuardedStdioServerTransport, serveMcpStdio, type McpServerHandle } from '@victor-tools/mcp';
import { FeatureTool } from './support/feature-tools';
import { INITIALIZE, RawStdioPeer } from './support/raw-stdio';
import { ReadFileTool } from './support/tools';

jest.setTimeout(30_000);

/** A tools/call line of `size` bytes or more, with the id where the SDK's client writes it: last. */
function hugeCall(id: number, size: number): string {
  return JSON.stringify({ method: 'tools/call', params: { name: 'read_file', arguments: { path: 'p'.repeat(size) } }, jsonrpc: '2.0', id });
}

describe('serveMcpStdio over GuardedStdioServerTransport', () => {
  let peer: RawStdioPeer;
  let handle: McpServerHandle;
  const warn = jest.fn();

  async function start(options: { maxRequestBytes?: number } = {}) {
    peer = new RawStdioPeer();
    const registry = new ToolRegistry();
    registry.register(new ReadFileTool());
    handle = await serveMcpStdio(registry, { stdin: peer.stdin, stdout: peer.stdout, logger: { warn }, ...options });
    expect(await peer.request(0, 'initialize', INITIALIZE)).toMatchObject({ id: 0, result: { serverInfo: { name: 'victor-tools' } } });
  }

  async function expectStillServing(id: number) {
    expect(await peer.request(id, 'tools/call', { name: 'read_file', arguments: { path: 'after' } })).toEqual({
      jsonrpc: '2.0',
      id,
      result: { content: [{ type: 'text', text: 'contents of after' }] },
    });
  }

  afterEach(async () => {
    await handle.close();
    warn.mockReset();
  });

  it('should answer requests like the SDK transport', async () => {
    await start();
    const list = await peer.request(1, 'tools/list');
    expect((list.result as { tools: Array<{ name: string }> }).tools.map((t) => t.name)).toEqual(['read_file']);
    await expectStillServing(2);
  });

  it('should answer a 12 MB request with -32600 naming its size, under its id, and keep serving', async () => {
    await start();
    const line = hugeCall(7, 12 * 1024 * 1024);
    peer.write(`${line}\n`);
    expect(await peer.next()).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32600, message: `Request too large: ${line.length} bytes, over the limit of 4194304 bytes per message` },
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Request too large'));
    await expectStillServing(8);
  });

  it('should find the id at the start of the message too, and take a message that arrives in many chunks', async () => {
    await start({ maxRequestBytes: 1000 });
    const line = JSON.stringify({ jsonrpc: '2.0', id: 'first-id', method: 'tools/call', params: { name: 'read_file', arguments: { path: 'q'.repeat(5000) } } });
    for (let i = 0; i < line.length; i += 333) peer.write(line.slice(i, i + 333));
    // The newline that ends it arrives with the next request.
    peer.write(`\n${JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: {} })}\n`);
    expect(await peer.next()).toMatchObject({ id: 'first-id', error: { code: -32600, message: `Request too large: ${line.length} bytes, over the limit of 1000 bytes per message` } });
    expect(await peer.next()).toMatchObject({ id: 9, result: { tools: [{ name: 'read_file' }] } });
  });

  it('should answer without an id when none can be read', async () => {
    await start({ maxRequestBytes: 250 });
    peer.write(`[${'1,'.repeat(200)}1]\n`);
    expect(await peer.next()).toEqual({ jsonrpc: '2.0', error: { code: -32600, message: 'Request too large: 403 bytes, over the limit of 250 bytes per message' } });
    await expectStillServing(3);
  });

  it('should take a message of exactly maxRequestBytes', async () => {
    await start({ maxRequestBytes: 300 });
    const base = JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'read_file', arguments: { path: '' } } });
    const line = base.replace('"path":""', `"path":"${'x'.repeat(300 - base.length)}"`);
    expect(Buffer.byteLength(line)).toBe(300);
    peer.write(`${line}\n`);
    expect(await peer.next()).toMatchObject({ id: 4, result: { content: [{ type: 'text', text: `contents of ${'x'.repeat(300 - base.length)}` }] } });
  });

  it('should answer a line that is not JSON with -32700, and keep serving', async () => {
    await start();
    peer.write('{"jsonrpc": "2.0", "id": 5, "method": \n');
    expect(await peer.next()).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: expect.stringMatching(/^Parse error: /) } });
    await expectStillServing(6);
  });

  it('should answer JSON that is not JSON-RPC with -32600 under its id, and keep serving', async () => {
    await start();
    peer.send({ jsonrpc: '2.0', id: 11, method: 42 });
    expect(await peer.next()).toEqual({ jsonrpc: '2.0', id: 11, error: { code: -32600, message: 'Invalid Request: not a JSON-RPC 2.0 message' } });
    await expectStillServing(12);
  });

  it('should skip blank lines and take CRLF line ends', async () => {
    await start();
    peer.write(`\n\r\n${JSON.stringify({ jsonrpc: '2.0', id: 13, method: 'tools/list', params: {} })}\r\n`);
    expect(await peer.next()).toMatchObject({ id: 13, result: { tools: [{ name: 'read_file' }] } });
  });

  it('should report a write error on stdout (a client gone away) instead of crashing', async () => {
    await start();
    peer.stdout.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    expect(warn).toHaveBeenCalledWith('MCP server: write EPIPE');
  });
});

/**
 * A stdio server with read_file and 'held', a tool that ignores its signal and
 * answers only when released: `running` settles once it started.
 */
async function serveHeld() {
  const peer = new RawStdioPeer();
  let release!: (text: string) => void;
  const answer = new Promise<string>((resolve) => (release = resolve));
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const registry = new ToolRegistry();
  registry.register(new ReadFileTool());
  registry.register(
    new FeatureTool({
      name: 'held',
      run: () => {
        started();
        return answer;
      },
    }),
  );
  const handle = await serveMcpStdio(registry, { stdin: peer.stdin, stdout: peer.stdout, logger: { warn: () => undefined } });
  return { peer, handle, running, release };
}

describe('serveMcpStdio, a request id reused while its request runs', () => {
  it('should refuse the second request with -32600, the first running on to its own result', async () => {
    const { peer, handle, running, release } = await serveHeld();
    try {
      await peer.request(0, 'initialize', INITIALIZE);
      peer.send({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'held', arguments: {} } });
      await running;
      expect(await peer.request(5, 'tools/call', { name: 'read_file', arguments: { path: 'second' } })).toEqual({
        jsonrpc: '2.0',
        id: 5,
        error: { code: -32600, message: 'Invalid Request: request id 5 is already in use by a request not answered yet; give each request its own id' },
      });
      release('first result');
      expect(await peer.next()).toEqual({ jsonrpc: '2.0', id: 5, result: { content: [{ type: 'text', text: 'first result' }] } });
      // Answered, the id is free again.
      expect(await peer.request(5, 'tools/call', { name: 'read_file', arguments: { path: 'again' } })).toMatchObject({ id: 5, result: { content: [{ text: 'contents of again' }] } });
    } finally {
      await handle.close();
    }
  });
});

describe('serveMcpStdio, a request id reused after its request was cancelled', () => {
  it('should refuse the reuse with -32600 while the cancelled request still runs, and answer the cancelled one with nothing', async () => {
    const { peer, handle, running, release } = await serveHeld();
    try {
      await peer.request(0, 'initialize', INITIALIZE);
      peer.send({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'held', arguments: {} } });
      await running;
      // The cancellation and the reuse in one write, as a client sends them back to back.
      peer.write(
        `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 5 } })}\n` +
          `${JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'read_file', arguments: { path: 'second' } } })}\n`,
      );
      expect(await peer.next()).toEqual({
        jsonrpc: '2.0',
        id: 5,
        error: { code: -32600, message: 'Invalid Request: request id 5 was used by a request cancelled in this session; give each request its own id' },
      });
      release('first result');
      // The cancelled call gets no answer; the next request, its own.
      expect(await peer.request(6, 'tools/call', { name: 'read_file', arguments: { path: 'next' } })).toMatchObject({ id: 6, result: { content: [{ text: 'contents of next' }] } });
      // Still taken once the cancelled call settled: MCP forbids reusing an id in a session.
      expect(await peer.request(5, 'tools/call', { name: 'read_file', arguments: { path: 'again' } })).toMatchObject({ id: 5, error: { code: -32600 } });
    } finally {
      await handle.close();
    }
  });

  it('should keep the ids of the last 256 cancelled requests taken, freeing older ones (bounded memory)', async () => {
    const peer = new RawStdioPeer();
    const transport = new GuardedStdioServerTransport({ stdin: peer.stdin, stdout: peer.stdout });
    const received: unknown[] = [];
    transport.onmessage = (message) => void received.push((message as { id?: unknown }).id);
    transport.onerror = () => undefined;
    await transport.start();
    const long = 'x'.repeat(100_000);
    let text = '';
    for (const id of [long, ...Array.from({ length: 257 }, (_, i) => i)]) {
      text += `${JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })}\n${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } })}\n`;
    }
    peer.write(text);
    peer.send({ jsonrpc: '2.0', id: long, method: 'ping' }); // the oldest two were freed: the long id and 0
    peer.send({ jsonrpc: '2.0', id: 0, method: 'ping' });
    peer.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    peer.send({ jsonrpc: '2.0', id: `${long}y`, method: 'ping' }); // never used
    expect(await peer.next()).toMatchObject({ id: 1, error: { code: -32600 } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(received.slice(-3)).toEqual([long, 0, `${long}y`]);
    await transport.close();
  });
});

describe('GuardedStdioServerTransport', () => {
  it('should refuse a maxRequestBytes that is not a positive number', () => {
    expect(() => new GuardedStdioServerTransport({ maxRequestBytes: -1 })).toThrow('maxRequestBytes must be a positive number, got -1');
  });

  it('should refuse to start twice', async () => {
    const peer = new RawStdioPeer();
    const transport = new GuardedStdioServerTransport({ stdin: peer.stdin, stdout: peer.stdout });
    await transport.start();
    await expect(transport.start()).rejects.toThrow('already started');
    await transport.close();
  });

  it('should stop reading and report closing', async () => {
    const peer = new RawStdioPeer();
    const transport = new GuardedStdioServerTransport({ stdin: peer.stdin, stdout: peer.stdout });
    const onmessage = jest.fn();
    const onclose = jest.fn();
    Object.assign(transport, { onmessage, onclose });
    await transport.start();
    await transport.close();
    peer.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(onmessage).not.toHaveBeenCalled();
    expect(onclose).toHaveBeenCalledTimes(1);
  });
});
