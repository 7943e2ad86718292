// `victor-tools serve --http --redis URL`: an MCP server whose calls
// run on `victor-tools worker` processes and whose tool states are shared,
// checked from outside: a real redis-server, the built CLI for the server and
// the workers, the official SDK client over Streamable HTTP, and this process
// as "another process" that disables a tool through syncToolStates.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError, ToolListChangedNotificationSchema, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { ToolRegistry, type BaseTool } from '@victor-tools/core';
import { syncToolStates } from '@victor-tools/queue';
import { startRedisServer, type RedisServer } from '../../packages/queue/test/support/redis-server';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { whereAmI, countUp } = require('./fixtures/queue-serve-tools/remote-tools') as { whereAmI: BaseTool; countUp: BaseTool };

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'packages', 'cli', 'dist', 'bin.js');
const TOOLS = join(__dirname, 'fixtures', 'queue-serve-tools');

jest.setTimeout(90_000);

interface Child {
  child: ChildProcess;
  pid: number;
  stderr(): string;
  /** Resolves with the exit code and signal once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

let redis: RedisServer;
let dir: string;
let log: string;
const children = new Set<ChildProcess>();

/** Spawns the built CLI and resolves once its stderr matches `ready`. */
function start(args: string[], ready: RegExp): Promise<Child & { match: RegExpExecArray }> {
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, VICTOR_QUEUE_TEST_LOG: log }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let stderr = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = ready.exec(stderr);
      if (match) resolve({ child, pid: child.pid!, stderr: () => stderr, exited, match });
    });
    void exited.then(({ code }) => reject(new Error(`victor-tools ${args[0]} exited with ${code}: ${stderr}`)));
  });
}

const startWorker = (queue: string) =>
  start(['worker', '--tools', TOOLS, '--redis', redis.url, '--queue', queue, '--grace', '2000'], /taking calls/);
const startServe = (queue: string) =>
  start(['serve', '--http', '--stateful', '--tools', TOOLS, '--redis', redis.url, '--queue', queue], / at (http:\/\/\S+)\n/);

/**
 * The official client, whose fetch tells when its GET stream (where a stateful
 * server sends notifications outside a request, list changes among them) is open.
 */
async function connect(url: string) {
  let streamOpen!: () => void;
  const listening = new Promise<void>((resolve) => (streamOpen = resolve));
  const watchingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if ((init?.method ?? 'GET') === 'GET' && response.ok) streamOpen();
    return response;
  };
  const client = new Client({ name: 'victor-tools-queue-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: watchingFetch }));
  return { client, listening };
}

function structured(result: unknown): Record<string, unknown> {
  return (result as { structuredContent: Record<string, unknown> }).structuredContent;
}

function logLines(): Array<{ event: string; pid: number; at: number }> {
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [event, pid, at] = line.split(' ');
      return { event, pid: Number(pid), at: Number(at) };
    });
}

/** `work`, or a failure naming what did not happen within `ms`. */
function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

async function waitFor<T>(check: () => T | undefined, ms: number): Promise<T | undefined> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: these tests run the built CLI. Run 'pnpm build' first.`);
  redis = await startRedisServer();
  dir = mkdtempSync(join(tmpdir(), 'vt-queue-serve-'));
  log = join(dir, 'calls.log');
});
beforeEach(() => writeFileSync(log, ''));
afterEach(async () => {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGKILL');
        }),
    ),
  );
});
afterAll(async () => {
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('s19: victor-tools serve --http --redis with victor-tools worker processes', () => {
  it('should run tools/call on the workers, not in the server, and relay the progress a tool reports there', async () => {
    const workers = await Promise.all([startWorker('serve-calls'), startWorker('serve-calls')]);
    const serve = await startServe('serve-calls');
    expect(serve.stderr()).toBe(
      "victor-tools: calls run on the workers of queue 'serve-calls' (Redis); tool states are shared through it\n" +
        `victor-tools: serving 2 tools from ${TOOLS} over MCP (Streamable HTTP, stateful) at ${serve.match[1]}\n`,
    );
    const workerPids = workers.map((w) => w.pid);
    const { client } = await connect(serve.match[1]);
    try {
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['count_up', 'where_am_i']);
      for (let i = 0; i < 6; i++) {
        const { pid } = structured(await client.callTool({ name: 'where_am_i', arguments: {} }));
        expect(workerPids).toContain(pid);
      }

      const progress: Progress[] = [];
      const result = await client.callTool({ name: 'count_up', arguments: { to: 6, stepMs: 300 } }, undefined, { onprogress: (p) => progress.push(p) });
      const { pid } = structured(result);
      expect(workerPids).toContain(pid);
      // The worker coalesces to one update per 100 ms and the server throttles to four per second,
      // so some steps may be merged; every one that arrives came from the worker that ran the call.
      expect(progress.length).toBeGreaterThanOrEqual(2);
      for (const [i, p] of progress.entries()) {
        expect(p).toEqual({ progress: expect.any(Number), total: 6, message: `counted ${p.progress} in pid ${pid}` });
        if (i > 0) expect(p.progress).toBeGreaterThan(progress[i - 1].progress);
      }
    } finally {
      await client.close();
    }
  });

  it("should cancel the call on the worker when the MCP client cancels it: the tool's signal aborts within 1 s", async () => {
    const worker = await startWorker('serve-cancel');
    const serve = await startServe('serve-cancel');
    const { client } = await connect(serve.match[1]);
    try {
      const controller = new AbortController();
      let firstProgress!: () => void;
      const running = new Promise<void>((resolve) => (firstProgress = resolve));
      const call = client
        .callTool({ name: 'count_up', arguments: { to: 100, stepMs: 200 } }, undefined, { signal: controller.signal, onprogress: () => firstProgress() })
        .catch((error: unknown) => error);
      await within(running, 20_000, 'the first progress notification');
      const cancelledAt = Date.now();
      controller.abort('the user gave up');
      expect(await call).toMatchObject({ message: 'MCP error -32001: the user gave up' });
      const abort = await waitFor(() => logLines().find((l) => l.event === 'abort'), 5_000);
      expect(abort).toMatchObject({ pid: worker.pid });
      expect(abort!.at - cancelledAt).toBeLessThan(1_000);
    } finally {
      await client.close();
    }
  });

  it('should send tools/list_changed when another process disables a tool through syncToolStates, and leave the tool out of tools/list', async () => {
    await startWorker('serve-states');
    const serve = await startServe('serve-states');
    const other = new ToolRegistry().register(whereAmI).register(countUp);
    const states = await syncToolStates(other, { connection: redis.url, queue: 'serve-states' });
    const { client, listening } = await connect(serve.match[1]);
    try {
      let changes = 0;
      let changed!: () => void;
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
        changes += 1;
        changed();
      });
      const nextChange = () => new Promise<void>((resolve) => (changed = resolve));
      await within(listening, 20_000, "the client's GET stream");
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['count_up', 'where_am_i']);

      const disabled = nextChange();
      other.disableTool('where_am_i');
      await within(disabled, 5_000, 'tools/list_changed after the disable');
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['count_up']);
      const refused = await client.callTool({ name: 'where_am_i', arguments: {} }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(McpError);
      expect(refused).toMatchObject({ code: ErrorCode.InvalidParams, message: "MCP error -32602: Tool 'where_am_i' is disabled" });

      const enabled = nextChange();
      other.enableTool('where_am_i');
      await within(enabled, 5_000, 'tools/list_changed after the enable');
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['count_up', 'where_am_i']);
      expect(changes).toBe(2);
    } finally {
      await client.close();
      await states.close();
    }
  });

  it('should shut down cleanly on SIGTERM, exit 0, cancelling on the worker the call it still had running', async () => {
    const worker = await startWorker('serve-stop');
    const serve = await startServe('serve-stop');
    const { client } = await connect(serve.match[1]);
    let firstProgress!: () => void;
    const running = new Promise<void>((resolve) => (firstProgress = resolve));
    const call = client
      .callTool({ name: 'count_up', arguments: { to: 100, stepMs: 200 } }, undefined, { onprogress: () => firstProgress() })
      .catch((error: unknown) => error);
    await within(running, 20_000, 'the first progress notification');
    serve.child.kill('SIGTERM');
    // Its connections closed: the CLI never calls process.exit, so an open one would keep it alive.
    expect(await within(serve.exited, 10_000, 'serve exiting after SIGTERM')).toEqual({ code: 0, signal: null });
    expect(serve.stderr()).toMatch(/victor-tools: stopped\n$/);
    expect(serve.stderr()).not.toMatch(/\[(?:warn|error)\]/);
    const abort = await waitFor(() => logLines().find((l) => l.event === 'abort'), 5_000);
    expect(abort).toMatchObject({ pid: worker.pid });
    // The server went away without answering; closing the client ends its pending request.
    await client.close();
    expect(await call).toBeInstanceOf(McpError);
  });

  it('should serve over stdio with --redis too: calls on the workers, shared states as tools/list_changed', async () => {
    const worker = await startWorker('serve-stdio');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'serve', '--tools', TOOLS, '--redis', redis.url, '--queue', 'serve-stdio'],
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'victor-tools-queue-e2e', version: '1.0.0' });
    let changed!: () => void;
    const listChanged = new Promise<void>((resolve) => (changed = resolve));
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => changed());
    const other = new ToolRegistry().register(whereAmI).register(countUp);
    const states = await syncToolStates(other, { connection: redis.url, queue: 'serve-stdio' });
    try {
      await client.connect(transport);
      expect(structured(await client.callTool({ name: 'where_am_i', arguments: {} }))).toEqual({ pid: worker.pid });
      other.disableTool('count_up');
      await within(listChanged, 5_000, 'tools/list_changed after the disable');
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['where_am_i']);
    } finally {
      await client.close();
      await states.close();
    }
    expect(stderr).toBe(
      "victor-tools: calls run on the workers of queue 'serve-stdio' (Redis); tool states are shared through it\n" +
        `victor-tools: serving 2 tools from ${TOOLS} over MCP\n`,
    );
  });
});
