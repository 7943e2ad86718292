import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { AccessMode, DangerLevel, ToolRegistry, ToolRegistrationError, type ToolResult } from '@victor-tools/core';
import type { ToolClient } from '@victor-tools/core/framework';
import { McpServerStartError, mcpTools, type McpToolSet } from '../src';
import { changingServer, everythingServer, filesystemServer, memoryServer, startEverythingHttp } from './support/reference-servers';

jest.setTimeout(60_000);

const quietLogger = { info: () => undefined, warn: () => undefined };

/** Waits until `check` holds, polling every 20 ms, for at most `ms`. */
async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function textOf(result: ToolResult): string {
  return typeof result.output === 'string' ? result.output : JSON.stringify(result.output);
}

describe('mcpTools over the reference servers', () => {
  let sets: McpToolSet[] = [];
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'victor-mcp-tools-'));
  });

  afterEach(async () => {
    await Promise.all(sets.map((set) => set.close()));
    sets = [];
    rmSync(dir, { recursive: true, force: true });
  });

  async function mount(...args: Parameters<typeof mcpTools>): Promise<McpToolSet> {
    const set = await mcpTools(args[0], { logger: quietLogger, ...args[1] });
    sets.push(set);
    return set;
  }

  describe('names and metadata', () => {
    it('should register every tool of the three servers under <prefix>_<name>, with metadata from their annotations', async () => {
      const registry = new ToolRegistry();
      const [everything, fs, memory] = await Promise.all([
        mount(everythingServer(), { prefix: 'everything' }),
        mount(filesystemServer(dir), { prefix: 'fs' }),
        mount(memoryServer(path.join(dir, 'memory.jsonl')), { prefix: 'memory' }),
      ]);
      for (const set of [everything, fs, memory]) set.attach(registry);

      expect(everything.server?.name).toBe('mcp-servers/everything');
      expect(registry.has('everything_echo')).toBe(true);
      expect(registry.has('everything_trigger-long-running-operation')).toBe(true);
      expect(registry.has('fs_write_file')).toBe(true);
      expect(registry.has('memory_create_entities')).toBe(true);
      expect(registry.size).toBe(everything.tools.length + fs.tools.length + memory.tools.length);

      const echo = registry.get('everything_echo')!;
      expect(echo.metadata).toEqual({ accessMode: AccessMode.READONLY, dangerLevel: DangerLevel.SAFE });
      expect(echo.isIdempotent).toBe(true);
      expect(echo.parameters).toMatchObject({ type: 'object', required: ['message'], $schema: 'http://json-schema.org/draft-07/schema#' });

      // read-only, closed world; destructive writes; non-destructive writes; writes that reach the open world
      expect(registry.get('fs_read_text_file')!.metadata).toEqual({ accessMode: AccessMode.READONLY, dangerLevel: DangerLevel.SAFE });
      expect(registry.get('fs_write_file')!.metadata).toEqual({ accessMode: AccessMode.WRITE, dangerLevel: DangerLevel.HIGH });
      expect(registry.get('fs_create_directory')!.metadata).toEqual({ accessMode: AccessMode.WRITE, dangerLevel: DangerLevel.LOW });
      expect(registry.get('everything_gzip-file-as-resource')!.metadata).toEqual({ accessMode: AccessMode.MIXED, dangerLevel: DangerLevel.LOW });
      expect(registry.get('fs_read_text_file')!.outputSchema).toMatchObject({ type: 'object' });
    });

    it('should take only the tools asked for, and apply per-tool overrides', async () => {
      const fs = await mount(filesystemServer(dir), {
        prefix: 'fs',
        include: (tool) => tool.name.startsWith('read_') || tool.name === 'write_file',
        exclude: ['read_media_file'],
        overrides: { write_file: { name: 'save_file', metadata: { keywords: ['save', 'notes'], dangerLevel: 'medium' }, costTier: 'low', timeoutMs: 5000 } },
      });
      expect(fs.tools.map((t) => t.name).sort()).toEqual(['fs_read_file', 'fs_read_multiple_files', 'fs_read_text_file', 'save_file']);
      const save = fs.tools.find((t) => t.name === 'save_file')!;
      expect(save.remoteName).toBe('write_file');
      expect(save.metadata).toEqual({ accessMode: AccessMode.WRITE, dangerLevel: 'medium', keywords: ['save', 'notes'] });
      expect(String(save.costTier)).toBe('low');
      expect(save.timeoutMs).toBe(5000);
    });

    it('should refuse a name already taken, registering nothing of the set', async () => {
      const registry = new ToolRegistry();
      const first = await mount(memoryServer(path.join(dir, 'a.jsonl')), { prefix: 'memory' });
      const second = await mount(memoryServer(path.join(dir, 'b.jsonl')), { prefix: 'memory' });
      first.attach(registry);
      expect(() => second.attach(registry)).toThrow(ToolRegistrationError);
      expect(registry.size).toBe(first.tools.length);
      expect(registry.get('memory_read_graph')).toBe(first.tools.find((t) => t.name === 'memory_read_graph'));
    });
  });

  describe('calls', () => {
    it('should return text, structured content and images, and a failed result the model can read for isError', async () => {
      const registry = new ToolRegistry();
      (await mount(everythingServer(), { prefix: 'e' })).attach(registry);
      (await mount(filesystemServer(dir), { prefix: 'fs' })).attach(registry);

      const echo = await registry.execute('e_echo', { message: 'hello' });
      expect(echo.success).toBe(true);
      expect(echo.output).toBe('Echo: hello');

      const weather = await registry.execute('e_get-structured-content', { location: 'Chicago' });
      expect(weather.output).toEqual({ temperature: 36, conditions: 'Light rain / drizzle', humidity: 82 });
      expect(weather.content).toEqual([{ type: 'text', text: JSON.stringify(weather.output) }]);

      const image = await registry.execute('e_get-tiny-image', {});
      expect(image.success).toBe(true);
      expect(image.content!.map((b) => b.type)).toContain('image');
      expect(image.content!.find((b) => b.type === 'image')).toMatchObject({ mimeType: 'image/png', data: expect.any(String) });

      const outside = await registry.execute('fs_read_text_file', { path: '/etc/hostname' });
      expect(outside.success).toBe(false);
      expect(outside.error).toMatch(/Access denied/);

      // Arguments are checked against the server's schema before anything is sent.
      const invalid = await registry.execute('e_get-sum', { a: 1 });
      expect(invalid.error).toBe("Invalid parameters for tool 'e_get-sum': Required parameter 'b' is missing");
    });

    it('should refuse the filesystem server\'s writing tools in plan mode and run them in build mode', async () => {
      const registry = new ToolRegistry();
      (await mount(filesystemServer(dir), { prefix: 'fs' })).attach(registry);
      const file = path.join(dir, 'notes.txt');

      const refused = await registry.execute('fs_write_file', { path: file, content: 'x' }, { mode: 'plan' });
      expect(refused.success).toBe(false);
      expect(refused.error).toBe("Tool 'fs_write_file' refused in plan mode: plan mode allows only readonly and network tools, and this tool's access mode is 'write'");
      expect(() => readFileSync(file)).toThrow();

      const written = await registry.execute('fs_write_file', { path: file, content: 'saved text' }, { mode: 'build' });
      expect(written.success).toBe(true);
      expect(readFileSync(file, 'utf8')).toBe('saved text');
      const read = await registry.execute('fs_read_text_file', { path: file }, { mode: 'plan' });
      expect(read.output).toEqual({ content: 'saved text' });
    });

    it('should ask the approval callback before a destructive tool, from its annotations', async () => {
      const asked: string[] = [];
      const registry = new ToolRegistry({ approve: (request) => (asked.push(`${request.toolName}:${request.dangerLevel.value}`), false) });
      (await mount(memoryServer(path.join(dir, 'm.jsonl')), { prefix: 'memory' })).attach(registry);
      const refused = await registry.execute('memory_delete_entities', { entityNames: ['x'] });
      expect(refused.success).toBe(false);
      expect(refused.error).toMatch(/^Tool 'memory_delete_entities' was not approved/);
      expect(asked).toEqual(['memory_delete_entities:high']);
      expect((await registry.execute('memory_read_graph', {})).success).toBe(true);
      expect(asked).toHaveLength(1);
    });

    it('should pass the server\'s progress to ctx.reportProgress', async () => {
      const registry = new ToolRegistry();
      (await mount(everythingServer(), { prefix: 'e' })).attach(registry);
      const reports: Array<[number, number | undefined]> = [];
      const result = await registry.execute('e_trigger-long-running-operation', { duration: 0.3, steps: 3 }, { reportProgress: (p, total) => reports.push([p, total]) });
      expect(result.success).toBe(true);
      // The SDK client may drop a report read in the same chunk as the result (it dispatches notifications a tick later).
      expect(reports.slice(0, 2)).toEqual([
        [1, 3],
        [2, 3],
      ]);
      expect(reports.length).toBeLessThanOrEqual(3);
    });

    it('should send notifications/cancelled when the caller aborts, and answer at once', async () => {
      const registry = new ToolRegistry();
      (await mount(changingServer(), { prefix: 'c' })).attach(registry);
      const controller = new AbortController();
      const started = Date.now();
      const call = registry.execute('c_wait', { ms: 20_000 }, { signal: controller.signal });
      setTimeout(() => controller.abort(), 200);
      const result = await call;
      expect(result.success).toBe(false);
      expect(result.error).toMatch(/^Tool 'c_wait' was cancelled/);
      expect(Date.now() - started).toBeLessThan(5000);
      // The server saw the cancellation of that request (it came before this call on the same pipe).
      const cancelled = await registry.execute('c_cancelled_calls', {});
      expect(JSON.parse(cancelled.output as string)).toHaveLength(1);
    });

    it('should cancel the server\'s work when the registry\'s timeout fires', async () => {
      const registry = new ToolRegistry();
      (await mount(changingServer(), { prefix: 'c', timeoutMs: 300 })).attach(registry);
      const result = await registry.execute('c_wait', { ms: 20_000 });
      expect(result.error).toBe("Tool 'c_wait' timed out after 300 ms");
      const cancelled = await registry.execute('c_cancelled_calls', {});
      expect(JSON.parse(cancelled.output as string)).toHaveLength(1);
    });

    it('should give the server\'s log messages of a call to ctx.log', async () => {
      const registry = new ToolRegistry();
      (await mount(changingServer(), { prefix: 'c' })).attach(registry);
      const logs: string[] = [];
      const result = await registry.execute('c_log', { message: 'disk almost full' }, { log: (level, message) => logs.push(`${level}: ${message}`) });
      expect(result.output).toBe('logged');
      expect(logs).toEqual(['warning: disk almost full']);
    });

    it("should pass a log message's structured data and the server's logger name to ctx.log, with the data's JSON as the message", async () => {
      const registry = new ToolRegistry();
      (await mount(changingServer(), { prefix: 'c' })).attach(registry);
      const logs: unknown[][] = [];
      const log = (...args: unknown[]) => void logs.push(args);
      await registry.execute('c_log', { data: { k: 1, tags: ['a'] }, logger: 'db', level: 'info' }, { log });
      await registry.execute('c_log', { message: 'disk almost full' }, { log });
      // Data over 64 KB of JSON is not passed on; its JSON, cut at 10,000 characters, is the message.
      await registry.execute('c_log', { data: { big: 'x'.repeat(70_000) }, level: 'debug' }, { log });
      expect(logs.slice(0, 2)).toEqual([
        ['info', '{"k":1,"tags":["a"]}', { k: 1, tags: ['a'] }, 'db'],
        ['warning', 'disk almost full', undefined, 'fixture'],
      ]);
      const [level, message, data, logger] = logs[2] as [string, string, unknown, string];
      expect([level, data, logger]).toEqual(['debug', undefined, 'fixture']);
      expect(message).toBe(`{"big":"${'x'.repeat(9925)}\n[cut: 60077 of 70010 characters left out, over the limit of 10000]`);
    });
  });

  describe('sampling and elicitation', () => {
    const client: ToolClient = {
      canSample: true,
      canElicit: true,
      sample: async (params) => ({ role: 'assistant', content: { type: 'text', text: `sampled: ${JSON.stringify(params.messages[0].content)}` }, model: 'test-model' }),
      elicit: async () => ({ action: 'accept', content: { name: 'Ada', check: true } }),
    };

    it("should answer the server's sampling request with the caller's ctx.client", async () => {
      const registry = new ToolRegistry();
      (await mount(everythingServer(), { prefix: 'e' })).attach(registry);
      const result = await registry.execute('e_trigger-sampling-request', { prompt: 'say hi', maxTokens: 10 }, { client });
      expect(result.success).toBe(true);
      expect(textOf(result)).toContain('test-model');
      expect(textOf(result)).toContain('say hi');
    });

    it('should refuse it when the caller has no client, in a result the model can read', async () => {
      const registry = new ToolRegistry();
      (await mount(everythingServer(), { prefix: 'e' })).attach(registry);
      const result = await registry.execute('e_trigger-sampling-request', { prompt: 'say hi' });
      expect(result.success).toBe(false);
      expect(result.error).toMatch(/refused the sampling request of MCP server 'e': the caller of 'e_trigger-sampling-request' has no client that can answer it/);
      // The code once, as the server's client prefixes it: our refusal is sent as it is written.
      expect(result.error).toContain("MCP error -32600: victor-tools refused the sampling request of MCP server 'e'");
      expect(result.error).not.toContain('MCP error -32600: MCP error');
    });

    it("should answer an elicitation with the caller's ctx.client", async () => {
      const registry = new ToolRegistry();
      (await mount(everythingServer(), { prefix: 'e' })).attach(registry);
      const result = await registry.execute('e_trigger-elicitation-request', {}, { client });
      expect(result.success).toBe(true);
      expect(textOf(result)).toContain('Ada');
    });
  });

  describe('lifecycle', () => {
    it('should follow tools/list_changed: added, changed and removed tools, keeping their enabled state', async () => {
      const registry = new ToolRegistry();
      const set = await mount(changingServer(), { prefix: 'c' });
      set.attach(registry);
      const changes: unknown[] = [];
      set.onChange((change) => changes.push(change));

      await registry.execute('c_add_tool', { name: 'shout' });
      await until(() => registry.has('c_shout'));
      expect((await registry.execute('c_shout', { text: 'hi' })).output).toBe('shout: hi');

      registry.disableTool('c_shout');
      await registry.execute('c_describe_tool', { name: 'shout', description: 'Shout louder.' });
      await until(() => registry.get('c_shout')?.description === 'Shout louder.');
      expect(registry.isToolEnabled('c_shout')).toBe(false);

      await registry.execute('c_remove_tool', { name: 'shout' });
      await until(() => !registry.has('c_shout'));
      expect(changes).toEqual([
        { added: ['c_shout'], removed: [], changed: [] },
        { added: [], removed: [], changed: ['c_shout'] },
        { added: [], removed: ['c_shout'], changed: [] },
      ]);
    });

    it('should answer the calls in flight of a server that dies, and restart it', async () => {
      const registry = new ToolRegistry();
      const set = await mount(everythingServer(), { prefix: 'e', restart: { initialDelayMs: 100 } });
      set.attach(registry);
      const firstPid = set.status().pid!;
      expect(firstPid).toBeGreaterThan(0);

      const inFlight = registry.execute('e_trigger-long-running-operation', { duration: 20, steps: 2 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      process.kill(firstPid, 'SIGKILL');
      const failed = await inFlight;
      expect(failed.success).toBe(false);
      expect(failed.error).toMatch(/^Tool 'trigger-long-running-operation' of MCP server 'e' (failed: .*Connection closed|cannot be called)/);

      const now = await registry.execute('e_echo', { message: 'too soon' });
      expect(now.success).toBe(false);
      expect(now.error).toMatch(/^Tool 'echo' of MCP server 'e' cannot be called: the server stopped and is being restarted, try again in a moment; it exited after [\d.]+ s/);

      await until(() => set.status().state === 'ready', 20_000);
      expect(set.status()).toMatchObject({ state: 'ready', restarts: 1 });
      expect(set.status().pid).not.toBe(firstPid);
      expect((await registry.execute('e_echo', { message: 'back' })).output).toBe('Echo: back');
      expect(registry.has('e_echo')).toBe(true);
    });

    it('should not restart a server with restart: false; its calls fail saying so', async () => {
      const registry = new ToolRegistry();
      const set = await mount(changingServer(), { prefix: 'c', restart: false });
      set.attach(registry);
      await registry.execute('c_exit', {});
      await until(() => set.status().state === 'failed');
      const result = await registry.execute('c_cancelled_calls', {});
      expect(result.error).toMatch(/^Tool 'cancelled_calls' of MCP server 'c' cannot be called: the server stopped and was not restarted; it exited after [\d.]+ s$/);
    });

    it('should unregister its tools and end the server on close()', async () => {
      const registry = new ToolRegistry();
      const set = await mcpTools(memoryServer(path.join(dir, 'm.jsonl')), { prefix: 'memory', logger: quietLogger });
      set.attach(registry);
      const pid = set.status().pid!;
      await set.close();
      expect(registry.size).toBe(0);
      expect(set.status().state).toBe('closed');
      await until(() => {
        try {
          process.kill(pid, 0);
          return false;
        } catch {
          return true;
        }
      });
      const tool = set.tools.find((t) => t.name === 'memory_read_graph')!;
      const result = await new ToolRegistry().register(tool).execute(tool.name, {});
      expect(result.error).toMatch(/cannot be called: its tool set was closed$/);
    });
    it('close({ graceMs }) should send SIGTERM, then SIGKILL, after graceMs each to a server that outlives its stdin', async () => {
      const stubborn = (how: string) => mcpTools({ ...changingServer(), env: { STUBBORN: how } }, { logger: quietLogger });
      for (const how of ['eof', 'term']) {
        const set = await stubborn(how);
        const pid = set.status().pid!;
        const started = Date.now();
        await set.close({ graceMs: 100 });
        const took = Date.now() - started;
        expect(isRunning(pid)).toBe(false);
        // Not the SDK's 2 s, then 2 s more for one that ignores SIGTERM.
        expect(took).toBeLessThan(how === 'eof' ? 1500 : 1700);
      }
    });

    it('close({ graceMs }) should refuse a grace that is not a number of milliseconds, closing nothing', async () => {
      const set = await mcpTools(changingServer(), { logger: quietLogger });
      try {
        await expect(set.close({ graceMs: -1 })).rejects.toThrow(new TypeError('close({ graceMs }): graceMs must be a number of milliseconds, 0 or more, got -1.'));
        await expect(set.close({ graceMs: '500' as never })).rejects.toThrow(/got a string\.$/);
        await expect(set.close({ graceMs: true as never })).rejects.toThrow(/got true\.$/);
        expect(set.status().state).not.toBe('closed');
      } finally {
        await set.close();
      }
    });
  });

  describe('sources', () => {
    it('should mount server-everything over Streamable HTTP, with progress', async () => {
      const http = await startEverythingHttp();
      try {
        const set = await mount(http.url, { prefix: 'e' });
        const registry = new ToolRegistry();
        set.attach(registry);
        expect((await registry.execute('e_echo', { message: 'over http' })).output).toBe('Echo: over http');
        const reports: number[] = [];
        const result = await registry.execute('e_trigger-long-running-operation', { duration: 0.2, steps: 2 }, { reportProgress: (p) => reports.push(p) });
        expect(result.success).toBe(true);
        expect(reports[0]).toBe(1);
      } finally {
        await Promise.all(sets.map((set) => set.close()));
        sets = [];
        await http.stop();
      }
    });

    it('should take a client connected by the caller (the SDK 1.x Client) and leave it open on close()', async () => {
      const client = new Client({ name: 'mine', version: '1.0.0' });
      const server = memoryServer(path.join(dir, 'm.jsonl'));
      await client.connect(new StdioClientTransport({ command: server.command, args: [...server.args!], env: server.env, stderr: 'ignore' }));
      try {
        const set = await mcpTools(client, { prefix: 'memory' });
        expect(set.server?.name).toBe('memory-server');
        const registry = new ToolRegistry();
        set.attach(registry);
        expect((await registry.execute('memory_read_graph', {})).output).toEqual({ entities: [], relations: [] });
        await set.close();
        expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      } finally {
        await client.close();
      }
    });

    it('should pass the request options where a 2.x-shaped client takes them: callTool(params, options)', async () => {
      const seen: unknown[] = [];
      const client = {
        async listTools() {
          return { tools: [{ name: 'ping', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true, openWorldHint: false } }] };
        },
        async callTool(params: { name: string }, options?: { signal?: AbortSignal; onprogress?: (p: { progress: number }) => void }) {
          seen.push(params.name, options?.signal instanceof AbortSignal);
          options?.onprogress?.({ progress: 1 });
          return { content: [{ type: 'text', text: 'pong' }] };
        },
      };
      const set = await mount(client);
      const registry = new ToolRegistry().register(set.tools[0]);
      const reports: number[] = [];
      expect((await registry.execute('ping', {}, { reportProgress: (p) => reports.push(p) })).output).toBe('pong');
      expect(seen).toEqual(['ping', true]);
      expect(reports).toEqual([1]);
    });

    it('should reject with McpServerStartError naming a command that does not exist', async () => {
      const error = await mcpTools({ command: 'victor-no-such-command' }, { logger: quietLogger }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpServerStartError);
      expect((error as Error).message).toMatch(/^MCP server 'victor-no-such-command' could not be started: the command was not found/);
    });

    it('should say the HTTP status of a server that refuses the connection (a 401 has an empty body)', async () => {
      const server = createServer((_request, response) => response.writeHead(401).end());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const error = await mcpTools(`http://127.0.0.1:${port}/mcp`, { prefix: 'remote', logger: quietLogger }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(McpServerStartError);
        expect((error as Error).message).toMatch(/^MCP server 'remote' could not be started: the server answered HTTP 401 \(.*\); check the server's 'headers' \(its token\)/);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('should say, in one line, what an HTTP error page says, cut', async () => {
      const page = `<html>\n<head><title>502 Bad Gateway</title></head>\n<body>\n${'x'.repeat(5000)}\n</body>\n</html>\n`;
      const server = createServer((_request, response) => response.writeHead(502, { 'content-type': 'text/html' }).end(page));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const error = await mcpTools(`http://127.0.0.1:${port}/mcp`, { prefix: 'remote', logger: quietLogger }).catch((e: unknown) => e);
        const message = (error as Error).message;
        expect(message).toMatch(/^MCP server 'remote' could not be started: the server answered HTTP 502 \(.*<title>502 Bad Gateway<\/title>.*\.\.\.\)$/);
        expect(message).not.toContain('\n');
        expect(message.length).toBeLessThan(300);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('should say why a URL cannot be reached: the connection refused at which address, the host not found', async () => {
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      await new Promise((resolve) => server.close(resolve)); // nothing listens there now
      const refused = await mcpTools(`http://127.0.0.1:${port}/mcp`, { prefix: 'remote', logger: quietLogger }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(McpServerStartError);
      expect((refused as Error).message).toBe(
        `MCP server 'remote' could not be started: cannot connect: the connection was refused at 127.0.0.1:${port} (ECONNREFUSED); is the server running at that URL?`,
      );
      // .invalid never resolves (RFC 6761).
      const unknown = await mcpTools('http://victor-tools-no-such-host.invalid/mcp', { prefix: 'remote', logger: quietLogger }).catch((e: unknown) => e);
      expect((unknown as Error).message).toMatch(/^MCP server 'remote' could not be started: cannot connect: the host 'victor-tools-no-such-host\.invalid' was not found \((ENOTFOUND|EAI_AGAIN)\); check the URL$/);
    });

    it("should quote the stderr of a server that exits before it answers", async () => {
      const script = path.join(dir, 'broken.cjs');
      writeFileSync(script, "console.error('missing API key: set BROKEN_KEY'); process.exit(1);");
      const error = await mcpTools({ command: process.execPath, args: [script], stderr: 'ignore' }, { prefix: 'broken', logger: quietLogger }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpServerStartError);
      expect((error as Error).message).toMatch(/^MCP server 'broken' could not be started: .*\n {2}missing API key: set BROKEN_KEY$/s);
    });

    it("should cut a long stderr line to 500 characters, the marker included, never in the middle of an emoji", async () => {
      const script = path.join(dir, 'long-line.cjs');
      writeFileSync(script, `console.error('e'.repeat(499) + '\u{1F600}' + 'tail'); process.exit(1);`);
      const error = await mcpTools({ command: process.execPath, args: [script], stderr: 'ignore' }, { prefix: 'long', logger: quietLogger }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpServerStartError);
      expect((error as Error).message).toMatch(new RegExp(`\n {2}e{497}\.\.\.$`));
    });

    /** A server that writes its pid, answers initialize or not, never answers anything else, and outlives its stdin. */
    function writeMuteServer(name: string, answersInitialize: boolean): { script: string; pidFile: string } {
      const script = path.join(dir, `${name}.cjs`);
      const pidFile = path.join(dir, `${name}.pid`);
      writeFileSync(
        script,
        `require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));
        let buffer = '';
        process.stdin.on('data', (chunk) => {
          buffer += chunk;
          for (let end = buffer.indexOf('\\n'); end >= 0; end = buffer.indexOf('\\n')) {
            const message = JSON.parse(buffer.slice(0, end));
            buffer = buffer.slice(end + 1);
            if (${answersInitialize} && message.method === 'initialize') {
              const result = { protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'mute', version: '1.0.0' } };
              process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }) + '\\n');
            }
          }
        });
        setInterval(() => undefined, 1000);`,
      );
      return { script, pidFile };
    }

    it.each([
      ['initialize', false],
      ['tools/list', true],
    ])('should reject at connectTimeoutMs when the server never answers %s, and still stop the server', async (_what, answersInitialize) => {
      const { script, pidFile } = writeMuteServer('mute', answersInitialize);
      const started = Date.now();
      const error = await mcpTools({ command: process.execPath, args: [script], stderr: 'ignore' }, { prefix: 'mute', connectTimeoutMs: 1000, logger: quietLogger }).catch((e: unknown) => e);
      const took = Date.now() - started;
      expect(error).toBeInstanceOf(McpServerStartError);
      expect((error as Error).message).toMatch(answersInitialize ? /^MCP server 'mute' could not be started: its tools could not be listed: .*timed out/i : "MCP server 'mute' could not be started: no answer to initialize within 1000 ms");
      // Answered at the timeout, not after the SDK's close (stdin closed, then SIGTERM 2 s later).
      expect(took).toBeGreaterThanOrEqual(1000);
      expect(took).toBeLessThan(2000);
      // The server is stopped all the same, and nothing of it is left to keep jest from exiting.
      const pid = Number(readFileSync(pidFile, 'utf8'));
      await until(() => !isRunning(pid), 5000);
    });

    it.each([
      ['initialize', false],
      ['tools/list', true],
    ])('should reject at once when its signal aborts while the server has not answered %s, and stop the server', async (_what, answersInitialize) => {
      const { script, pidFile } = writeMuteServer('mute-abort', answersInitialize);
      const controller = new AbortController();
      const starting = mcpTools({ command: process.execPath, args: [script], stderr: 'ignore' }, { prefix: 'mute', signal: controller.signal, logger: quietLogger });
      await until(() => existsSync(pidFile), 5000);
      if (answersInitialize) await new Promise((resolve) => setTimeout(resolve, 300));
      const abortedAt = Date.now();
      controller.abort();
      const error = await starting.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpServerStartError);
      expect((error as Error).message).toBe("MCP server 'mute' could not be started: the start was aborted");
      // Answered at the abort, long before the default 60 s connect timeout.
      expect(Date.now() - abortedAt).toBeLessThan(2000);
      const pid = Number(readFileSync(pidFile, 'utf8'));
      await until(() => !isRunning(pid), 5000);
      rmSync(pidFile);
    });

    it.each(['connectTimeoutMs', 'signal'] as const)('should SIGKILL a server abandoned by %s that ignores SIGTERM, 0.5 s after SIGTERM, not after the SDK\'s 4 s', async (how) => {
      const script = path.join(dir, 'deaf.cjs');
      const pidFile = path.join(dir, 'deaf.pid');
      writeFileSync(script, `process.on('SIGTERM', () => {}); require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); process.stdin.resume(); setInterval(() => {}, 1000);`);
      const controller = new AbortController();
      const options = how === 'signal' ? { signal: controller.signal } : { connectTimeoutMs: 1000 };
      const starting = mcpTools({ command: process.execPath, args: [script], stderr: 'ignore' }, { prefix: 'deaf', logger: quietLogger, ...options });
      await until(() => existsSync(pidFile), 5000);
      const pid = Number(readFileSync(pidFile, 'utf8'));
      await new Promise((resolve) => setTimeout(resolve, 200)); // its SIGTERM handler is set
      controller.abort();
      await expect(starting).rejects.toBeInstanceOf(McpServerStartError);
      const rejectedAt = Date.now();
      await until(() => !isRunning(pid), 3000);
      expect(Date.now() - rejectedAt).toBeLessThan(1500);
      rmSync(pidFile);
    });

    it('should start nothing when its signal has already aborted, and refuse a signal that is not an AbortSignal', async () => {
      const pidFile = path.join(dir, 'never.pid');
      const script = path.join(dir, 'never.cjs');
      writeFileSync(script, `require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));`);
      const error = await mcpTools({ command: process.execPath, args: [script], stderr: 'ignore' }, { prefix: 'never', signal: AbortSignal.abort() }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpServerStartError);
      expect((error as Error).message).toBe("MCP server 'never' could not be started: the start was aborted");
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(existsSync(pidFile)).toBe(false);
      await expect(mcpTools({ command: process.execPath, args: [script] }, { signal: { aborted: false } as never })).rejects.toThrow(
        "mcpTools: 'signal' must be an AbortSignal, got an object",
      );
    });

    it('should refuse a source it cannot use, saying what it takes', async () => {
      await expect(mcpTools({ nope: true } as never)).rejects.toThrow(
        /^mcpTools: the source must be a connected MCP client \(with listTools and callTool\), a server to start \(\{ command, args\?, env\?, cwd\? \}\) or a URL/,
      );
      await expect(mcpTools('ftp://example.com/mcp')).rejects.toThrow("mcpTools: the URL of an MCP server must be http: or https:, got 'ftp:'");
    });

    it('should cut a long source in its messages without splitting an emoji', async () => {
      await expect(mcpTools(`${'x'.repeat(199)}😀tail`)).rejects.toThrow(`mcpTools: '${'x'.repeat(197)}...' is not a URL;`);
      const error = await mcpTools({ command: `${'c'.repeat(99)}😀`, args: [] }, { signal: AbortSignal.abort() }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpServerStartError);
      expect((error as Error).message).toBe(`MCP server '${'c'.repeat(97)}...' could not be started: the start was aborted`);
    });
  });
});
