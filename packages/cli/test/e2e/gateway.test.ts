import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema, ToolListChangedNotificationSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { estimateTokens } from '@victor-tools/core';
import { startEverythingHttp } from '../../../mcp/test/support/reference-servers';
import { BIN, assertBuilt, runBin } from '../support/spawn-serve';
import { textOf } from '../../../../test/support/mcp-results';

// The built `victor-tools gateway` as a child process, mounting the official
// reference servers (npm devDependencies) as its own children, spoken to by
// the official SDK client: what an MCP client configured with the gateway does.
jest.setTimeout(60_000);

const entry = (name: string) => join(dirname(require.resolve(`@modelcontextprotocol/${name}/package.json`)), 'dist', 'index.js');
const CHANGING_SERVER = join(__dirname, '..', '..', '..', 'mcp', 'test', 'fixtures', 'changing-server.cjs');

describe('victor-tools gateway', () => {
  let dir: string;
  let config: string;
  const clients: Client[] = [];

  beforeAll(() => assertBuilt());

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'victor-gateway-'));
    config = join(dir, 'servers.json');
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          everything: { command: process.execPath, args: [entry('server-everything'), 'stdio'] },
          fs: { command: process.execPath, args: [entry('server-filesystem'), '${NOTES_DIR}'] },
          memory: { command: process.execPath, args: [entry('server-memory')], env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') } },
          changing: { command: process.execPath, args: [CHANGING_SERVER] },
          broken: { command: 'victor-tools-no-such-server' },
        },
      }),
    );
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  async function connect(...flags: string[]): Promise<{ client: Client; transport: StdioClientTransport; stderr: () => string; listChanged: () => number }> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'gateway', '--config', config, ...flags],
      env: { ...process.env, NOTES_DIR: dir } as Record<string, string>,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'gateway-e2e', version: '1.0.0' });
    let changes = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void (changes += 1));
    await client.connect(transport);
    clients.push(client);
    return { client, transport, stderr: () => stderr, listChanged: () => changes };
  }

  it('--check should list what each server offers and what failed, and exit 1', async () => {
    const { code, stdout, stderr } = await runBin(['gateway', '--config', config, '--check', '--json'], { NOTES_DIR: dir });
    expect(code).toBe(1);
    const rows = JSON.parse(stdout) as Array<{ server: string; status: string; tools?: string[]; tokens?: number; error?: string }>;
    expect(rows.map((r) => [r.server, r.status])).toEqual([
      ['everything', 'ok'],
      ['fs', 'ok'],
      ['memory', 'ok'],
      ['changing', 'ok'],
      ['broken', 'failed'],
    ]);
    expect(rows[1].tools).toContain('fs_write_file');
    expect(rows[1].tokens).toBeGreaterThan(500);
    expect(rows[4].error).toMatch(/^MCP server 'broken' could not be started: the command was not found/);
    expect(stderr).toBe('');
  });

  it('should serve the union of the servers, leaving out the one that failed, with annotations kept', async () => {
    const { client, stderr } = await connect();
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['everything_echo', 'fs_write_file', 'fs_read_text_file', 'memory_read_graph', 'changing_wait']));
    expect(names.some((n) => n.startsWith('broken'))).toBe(false);
    expect(stderr()).toContain("MCP server 'broken' could not be started");
    const write = tools.find((t) => t.name === 'fs_write_file')!;
    expect(write.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, openWorldHint: false, idempotentHint: true });
    expect(tools.find((t) => t.name === 'fs_read_text_file')!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });

    expect(textOf(await client.callTool({ name: 'everything_echo', arguments: { message: 'through the gateway' } }))).toBe('Echo: through the gateway');
    const weather = await client.callTool({ name: 'everything_get-structured-content', arguments: { location: 'New York' } });
    expect(weather.structuredContent).toEqual({ temperature: 33, conditions: 'Cloudy', humidity: 82 });
    const image = await client.callTool({ name: 'everything_get-tiny-image', arguments: {} });
    expect((image.content as Array<{ type: string }>).map((b) => b.type)).toContain('image');
    const denied = await client.callTool({ name: 'fs_read_text_file', arguments: { path: '/etc/hostname' } });
    expect(denied.isError).toBe(true);
    expect(textOf(denied)).toMatch(/Access denied/);
  });

  it('should refuse the filesystem server\'s writing tools in plan mode (from their annotations)', async () => {
    writeFileSync(join(dir, 'todo.txt'), 'buy milk');
    const { client, stderr } = await connect('--mode', 'plan');
    const names = (await client.listTools()).tools.map((t) => t.name);
    // The line announcing what is served counts what tools/list offers.
    for (const until = Date.now() + 5000; Date.now() < until && !stderr().includes(' over MCP'); ) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stderr()).toContain(`victor-tools: serving ${names.length} tools of 4 MCP servers over MCP`);
    expect(names).toContain('fs_read_text_file');
    expect(names).not.toContain('fs_write_file');
    expect(names).not.toContain('memory_create_entities');
    await expect(client.callTool({ name: 'fs_write_file', arguments: { path: join(dir, 'x.txt'), content: 'x' } })).rejects.toThrow(
      "MCP error -32602: Tool 'fs_write_file' refused in plan mode: plan mode allows only readonly and network tools, and this tool's access mode is 'write'",
    );
    const read = await client.callTool({ name: 'fs_read_text_file', arguments: { path: join(dir, 'todo.txt') } });
    expect(read.structuredContent).toEqual({ content: 'buy milk' });
  });

  it('should pass progress and cancellation through', async () => {
    const { client } = await connect();
    const progress: number[] = [];
    const done = await client.callTool({ name: 'everything_trigger-long-running-operation', arguments: { duration: 0.4, steps: 4 } }, undefined, {
      onprogress: (p) => progress.push(p.progress),
    });
    expect(textOf(done)).toMatch(/^Long running operation completed/);
    expect(progress.slice(0, 3)).toEqual([1, 2, 3]);

    const controller = new AbortController();
    const call = client.callTool({ name: 'changing_wait', arguments: { ms: 20_000 } }, undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    await expect(call).rejects.toThrow();
    // The gateway cancelled its own call of the server: the server saw it.
    let cancelled: string[] = [];
    for (let i = 0; i < 100 && cancelled.length === 0; i++) {
      cancelled = JSON.parse(textOf(await client.callTool({ name: 'changing_cancelled_calls', arguments: {} }))) as string[];
      if (cancelled.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(cancelled).toHaveLength(1);
  });

  it("should pass a server's log messages on with their structured data and the server's logger name", async () => {
    const { client } = await connect();
    const messages: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => void messages.push(notification.params));
    await client.callTool({ name: 'changing_log', arguments: { data: { k: 1 }, logger: 'db', level: 'info' } });
    await client.callTool({ name: 'changing_log', arguments: { message: 'disk almost full' } });
    expect(messages).toEqual([
      { level: 'info', logger: 'db', data: { message: '{"k":1}', data: { k: 1 } } },
      { level: 'warning', logger: 'fixture', data: 'disk almost full' },
    ]);
  });

  it('should answer the calls of a killed server and serve it again once restarted', async () => {
    const { client, transport } = await connect();
    const children = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(transport.pid)], { encoding: 'utf8' });
    const memoryPid = Number(children.split('\n').find((line) => line.includes('server-memory'))!.trim().split(/\s+/)[0]);
    expect((await client.callTool({ name: 'memory_read_graph', arguments: {} })).isError).toBeFalsy();

    process.kill(memoryPid, 'SIGKILL');
    let result = await client.callTool({ name: 'memory_read_graph', arguments: {} });
    for (let i = 0; i < 200 && result.isError; i++) {
      expect(textOf(result)).toMatch(/^Tool 'read_graph' of MCP server 'memory' (cannot be called: the server stopped and is being restarted|failed: .*Connection closed)/);
      await new Promise((resolve) => setTimeout(resolve, 50));
      result = await client.callTool({ name: 'memory_read_graph', arguments: {} });
    }
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ entities: [], relations: [] });
    // The other servers never stopped.
    expect(textOf(await client.callTool({ name: 'everything_echo', arguments: { message: 'still here' } }))).toBe('Echo: still here');
  });

  it('--progressive should list a search tool, find fs_write_file from "save this text to notes.txt", and enable it for the session', async () => {
    const full = await connect();
    const allTools = (await full.client.listTools()).tools;
    const { client, listChanged } = await connect('--progressive');
    const listed = (await client.listTools()).tools;
    expect(listed.map((t) => t.name)).toEqual(['search_tools']);
    const tokensAll = estimateTokens({ tools: allTools });
    const tokensProgressive = estimateTokens({ tools: listed });
    expect(allTools.length).toBeGreaterThan(40);
    expect(tokensProgressive * 20).toBeLessThan(tokensAll);

    await expect(client.callTool({ name: 'fs_write_file', arguments: { path: join(dir, 'notes.txt'), content: 'x' } })).rejects.toThrow(
      "MCP error -32602: Tool 'fs_write_file' is not enabled in this session: call search_tools with what you want to do to find and enable it",
    );
    const found = await client.callTool({ name: 'search_tools', arguments: { query: 'save this text to notes.txt' } });
    expect(textOf(found)).toMatch(/^Enabled \d tools for this session/);
    expect(textOf(found)).toContain('- fs_write_file: ');
    const now = (await client.listTools()).tools.map((t: Tool) => t.name);
    expect(now).toContain('fs_write_file');
    expect(now.length).toBeLessThanOrEqual(6);
    expect(listChanged()).toBeGreaterThanOrEqual(1);

    const written = await client.callTool({ name: 'fs_write_file', arguments: { path: join(dir, 'notes.txt'), content: 'saved through the gateway' } });
    expect(written.isError).toBeFalsy();
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('saved through the gateway');
    // Another session starts from the search tool again.
    const other = await connect('--progressive');
    expect((await other.client.listTools()).tools.map((t) => t.name)).toEqual(['search_tools']);
  });

  it('should mount server-everything over Streamable HTTP and serve the gateway itself over HTTP', async () => {
    const everything = await startEverythingHttp();
    writeFileSync(config, JSON.stringify({ mcpServers: { remote: { type: 'http', url: everything.url } } }));
    const child = spawn(process.execPath, [BIN, 'gateway', '--config', config, '--http', '--stateful', '--progressive', '--pin', 'remote_echo'], { stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let err = '';
        child.stderr.on('data', (chunk: Buffer) => {
          err += chunk.toString();
          const match = / at (http:\/\/\S+)\n/.exec(err);
          if (match) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`gateway exited with ${code}: ${err}`)));
      });
      const client = new Client({ name: 'gateway-http-e2e', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      clients.push(client);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['search_tools', 'remote_echo']);
      expect(textOf(await client.callTool({ name: 'remote_echo', arguments: { message: 'over two hops of HTTP' } }))).toBe('Echo: over two hops of HTTP');
    } finally {
      child.kill('SIGTERM');
      await everything.stop();
    }
  });

  it('should warn of a --pin that names no tool of the gateway, and serve', async () => {
    writeFileSync(config, JSON.stringify({ mcpServers: {} }));
    const tools = join(__dirname, '..', 'fixtures', 'tools');
    const child = spawn(process.execPath, [BIN, 'gateway', '--config', config, '--tools', tools, '--progressive', '--pin', 'no_such_tool'], { stdio: ['pipe', 'ignore', 'pipe'] });
    try {
      const warned = await new Promise<string>((resolve, reject) => {
        let err = '';
        child.stderr.on('data', (chunk: Buffer) => {
          err += chunk.toString();
          if (err.includes('serving')) resolve(err);
        });
        child.once('exit', (code) => reject(new Error(`gateway exited with ${code}: ${err}`)));
      });
      expect(warned).toContain("warning: --pin 'no_such_tool' names no tool of the gateway; it pins nothing");
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('should refuse --progressive over stateless HTTP, and --pin without --progressive (usage errors)', async () => {
    const stateless = await runBin(['gateway', '--config', config, '--http', '--progressive']);
    expect(stateless.code).toBe(2);
    expect(stateless.stderr).toContain('--progressive over HTTP needs --stateful');
    const pin = await runBin(['gateway', '--config', config, '--pin', 'fs_read_file']);
    expect(pin.code).toBe(2);
    expect(pin.stderr).toContain('--pin needs --progressive');
    const json = await runBin(['gateway', '--config', config, '--json']);
    expect(json.code).toBe(2);
    expect(json.stderr).toContain('--json needs --check');
    writeFileSync(config, '{"mcpServers": {}}');
    const empty = await runBin(['gateway', '--config', config, '--check']);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain(`the servers configuration '${config}' names no server to check`);
    writeFileSync(config, '{"servers": {}}');
    const bad = await runBin(['gateway', '--config', config, '--check']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`the servers configuration '${config}' has no "mcpServers" object`);
    writeFileSync(config, JSON.stringify({ mcpServers: { both: { command: 'node', url: 'http://127.0.0.1:1/mcp' } } }));
    const both = await runBin(['gateway', '--config', config, '--check']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain(`the servers configuration '${config}', server 'both': give "command" (a server to start) or "url" (one to reach), not both`);
  });

  it('should read a configuration of at most 1 MiB without reading more, skip a byte order mark, and say in one line why it is not JSON', async () => {
    const huge = join(dir, 'huge.json');
    writeFileSync(huge, '');
    truncateSync(huge, 1024 ** 3); // sparse: 1 GB that a whole read would hold in memory
    const big = await runBin(['gateway', '--config', huge, '--check']);
    expect(big.code).toBe(2);
    expect(big.stderr).toContain(`cannot read the servers configuration '${huge}': 1073741824 bytes, over the limit of 1048576`);
    const device = await runBin(['gateway', '--config', '/dev/zero', '--check']);
    expect(device.code).toBe(2);
    expect(device.stderr).toContain("cannot read the servers configuration '/dev/zero': not a regular file");
    writeFileSync(config, `\uFEFF${JSON.stringify({ mcpServers: { memory: { command: process.execPath, args: [entry('server-memory')], env: { MEMORY_FILE_PATH: join(dir, 'm.jsonl') } } } })}`);
    const bom = await runBin(['gateway', '--config', config, '--check']);
    expect(bom.stderr).toBe('');
    expect(bom.code).toBe(0);
    writeFileSync(config, 'not json\n{}\n');
    const broken = await runBin(['gateway', '--config', config, '--check']);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain(`the servers configuration '${config}' is not JSON: `);
    expect(broken.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('should refuse an entry whose url is not an http: or https: URL (usage error naming the file and the server)', async () => {
    writeFileSync(config, JSON.stringify({ mcpServers: { remote: { url: 'not a url' } } }));
    const bad = await runBin(['gateway', '--config', config, '--check']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`the servers configuration '${config}', server 'remote': "url" is not a URL`);
    writeFileSync(config, JSON.stringify({ mcpServers: { remote: { url: 'ftp://127.0.0.1/mcp' } } }));
    const scheme = await runBin(['gateway', '--config', config]);
    expect(scheme.code).toBe(2);
    expect(scheme.stderr).toContain(`the servers configuration '${config}', server 'remote': "url" must be http: or https:, got 'ftp:'`);
    expect(scheme.stderr).not.toContain('mcpTools:');
  });

  it.each([['--http'], ['--progressive'], ['--mode', 'plan'], ['--sandbox', '/tmp'], ['--level', 'stub']])(
    '--check should refuse %s, which means nothing without serving (usage error)',
    async (...flag) => {
      const { code, stdout, stderr } = await runBin(['gateway', '--config', config, '--check', ...flag]);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toBe(`error: ${flag[0]} means nothing with --check: it starts the servers, reports and exits, serving nothing\n`);
    },
  );

  it('--check should refuse a --tools directory that does not exist, as serving does', async () => {
    const missing = join(dir, 'no-such-tools');
    const { code, stderr } = await runBin(['--tools', missing, 'gateway', '--config', config, '--check'], { NOTES_DIR: dir });
    expect(code).toBe(2);
    expect(stderr).toContain(`Tools directory '${missing}' does not exist`);
  });

  it('--help should say that --json needs --check', async () => {
    const { stdout } = await runBin(['gateway', '--help']);
    expect(stdout).toMatch(/--json\s+with --check: print its report as JSON/);
  });

  describe('when it stops', () => {
    const childrenOf = (pid: number) =>
      execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).split('\n').map((line) => Number(line.trim())).filter((child) => child > 0);
    let stubborn: number[] = [];
    afterEach(() => {
      for (const pid of stubborn.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
    });
    const stubbornConfig = (how: 'eof' | 'term') => {
      writeFileSync(config, JSON.stringify({ mcpServers: { stubborn: { command: process.execPath, args: [CHANGING_SERVER], env: { STUBBORN: how } } } }));
    };

    it("should end a mounted server that outlives its stdin when the official client closes it (stdin closed, SIGTERM 2 s later)", async () => {
      stubbornConfig('eof');
      const { client, transport } = await connect();
      const gateway = transport.pid!;
      stubborn = childrenOf(gateway);
      expect(stubborn).toHaveLength(1);
      await client.close();
      // The client's close returns once the gateway exited; the gateway must have ended its server before.
      expect(alive(gateway)).toBe(false);
      expect(await gone(stubborn[0], 1000)).toBe(true);
    });

    it.each(['SIGTERM', 'SIGINT'] as const)('should end its servers and exit on %s, even one that ignores SIGTERM, its stdin still open', async (signal) => {
      stubbornConfig('term');
      const child = spawn(process.execPath, [BIN, 'gateway', '--config', config], { stdio: ['pipe', 'pipe', 'pipe'] });
      let stderr = '';
      await new Promise<void>((resolve, reject) => {
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          if (stderr.includes(' over MCP')) resolve();
        });
        child.on('exit', () => reject(new Error(`the gateway exited: ${stderr}`)));
      });
      stubborn = childrenOf(child.pid!);
      expect(stubborn).toHaveLength(1);
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const started = Date.now();
      child.kill(signal);
      expect(await exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(1900);
      expect(alive(stubborn[0])).toBe(false);
      child.stdin.end();
    });

    it.each([
      ['serving: a second signal while it closes its servers', [] as string[]],
      ['--check: a signal once the report is out, while it closes its servers', ['--check']],
    ])('should SIGKILL its servers at once and exit 0 on %s', async (_when, flags) => {
      stubbornConfig('term');
      const child = spawn(process.execPath, [BIN, 'gateway', '--config', config, ...flags], { stdio: ['pipe', 'pipe', 'pipe'] });
      let output = '';
      await new Promise<void>((resolve, reject) => {
        const seen = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes(flags.length > 0 ? 'stubborn_' : ' over MCP')) resolve();
        };
        child.stdout.on('data', seen);
        child.stderr.on('data', seen);
        child.on('exit', () => reject(new Error(`the gateway exited: ${output}`)));
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      if (flags.length === 0) {
        stubborn = childrenOf(child.pid!);
        expect(stubborn).toHaveLength(1);
        child.kill('SIGTERM'); // closes it: stdin, SIGTERM (ignored) 0.5 s later, SIGKILL 0.5 s after that
        await new Promise((resolve) => setTimeout(resolve, 100));
      } else {
        // The report is printed before the servers are closed: they are still there.
        stubborn = childrenOf(child.pid!);
      }
      const started = Date.now();
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(500);
      for (const pid of stubborn) expect(await gone(pid, 200)).toBe(true);
      child.stdin.end();
    });
  });

  it.each([[[] as string[]], [['--check']]])('should stop a server still starting and exit 0 on SIGTERM while it mounts (flags %j)', async (flags) => {
    // Never answers initialize and outlives its stdin: only a signal ends it.
    const { child, pid, stderr, exited } = await gatewayOnSlowServer(dir, '', flags);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr()).toContain('victor-tools: stopped');
    expect(await goneOrKilled(pid, 5000)).toBe(true);
    child.stdin.end();
  });

  it('should stop a server still starting and exit 0 when its client closes its stdin while it mounts', async () => {
    // Ignores SIGTERM too: only the SIGKILL that follows it ends it.
    const { child, pid, stderr, exited } = await gatewayOnSlowServer(dir, "process.on('SIGTERM', () => {}); ", []);
    const started = Date.now();
    child.stdin.end(); // an MCP client that gave up on initialize
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(stderr()).toContain('victor-tools: stopped');
    expect(await goneOrKilled(pid, 1000)).toBe(true);
  });

  it('should start 11 servers without a MaxListenersExceededWarning', async () => {
    const hanging = { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] };
    const many = join(dir, 'many.json');
    writeFileSync(many, JSON.stringify({ mcpServers: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`s${i}`, hanging])) }));
    const { code, stderr } = await runBin(['gateway', '--config', many, '--check', '--connect-timeout', '500ms']);
    expect(code).toBe(1);
    expect(stderr).not.toContain('MaxListenersExceededWarning');
  });

  it('should leave out a server that never answers initialize after --connect-timeout, not the default minute', async () => {
    const config = join(dir, 'hanging.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { hangs: { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] } } }));
    const started = Date.now();
    const { code, stdout } = await runBin(['gateway', '--config', config, '--check', '--connect-timeout', '1s']);
    expect(code).toBe(1);
    expect(stdout).toContain("MCP server 'hangs' could not be started: no answer to initialize within 1000 ms");
    expect(Date.now() - started).toBeLessThan(20_000);
    const bad = await runBin(['gateway', '--config', config, '--check', '--connect-timeout', 'soon']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("Expected a duration such as 500ms, 10s, 30m or 1h, got 'soon'.");
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether process `pid` has ended within `withinMs`. */
async function gone(pid: number, withinMs: number): Promise<boolean> {
  for (const until = Date.now() + withinMs; Date.now() < until; ) {
    if (!alive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !alive(pid);
}

/** `gone`, and a process still there is killed so that a failing test leaves nothing behind. */
async function goneOrKilled(pid: number, withinMs: number): Promise<boolean> {
  if (await gone(pid, withinMs)) return true;
  process.kill(pid, 'SIGKILL');
  return false;
}

/**
 * A gateway (its files in `dir`) whose one server never answers initialize
 * and outlives its stdin (`onStart` runs first in the server, e.g. to ignore
 * SIGTERM), once that server has started: its pid (a fresh pid file, never
 * an earlier test's), the gateway's stderr so far, its exit code.
 */
async function gatewayOnSlowServer(dir: string, onStart: string, flags: string[]) {
  const pidFile = join(dir, 'slow.pid');
  rmSync(pidFile, { force: true });
  const script = join(dir, 'slow.cjs');
  writeFileSync(script, `${onStart}require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); process.stdin.resume(); setInterval(() => {}, 1000);`);
  const slowConfig = join(dir, 'slow.json');
  writeFileSync(slowConfig, JSON.stringify({ mcpServers: { slow: { command: process.execPath, args: [script] } } }));
  const child = spawn(process.execPath, [BIN, 'gateway', '--config', slowConfig, ...flags], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  for (const until = Date.now() + 10_000; Date.now() < until && !existsSync(pidFile); ) await new Promise((resolve) => setTimeout(resolve, 50));
  return { child, pid: Number(readFileSync(pidFile, 'utf8')), stderr: () => stderr, exited };
}
