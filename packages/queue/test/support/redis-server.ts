// Starts a private redis-server for a test file: a unix socket (or a free TCP
// port) in a temporary directory, nothing saved to disk, stopped by stop().
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type NetConnectOpts } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { Redis } from 'ioredis';

export interface RedisServer {
  /** What `connection` / `--redis` take: the socket path, or a redis:// URL. */
  readonly url: string;
  readonly process: ChildProcess;
  /** A new client (close it). */
  client(): Redis;
  /** Calls per command since the server started (INFO commandstats). */
  commandCalls(): Promise<Record<string, number>>;
  /** Kills the server (SIGKILL): everything in it is lost, as nothing is saved. */
  crash(): Promise<void>;
  /** Starts a new, empty server on the same address (after `crash`). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** The redis-server executable on PATH, or undefined. */
export function findRedisServer(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'redis-server');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startRedisServer(options: { tcp?: boolean } = {}): Promise<RedisServer> {
  const binary = findRedisServer();
  if (binary === undefined) {
    throw new Error('redis-server is not installed: the queue tests run a real Redis. Install it (Debian: apt-get install -y redis-server).');
  }
  const dir = mkdtempSync(join(tmpdir(), 'vt-redis-'));
  const socket = join(dir, 'redis.sock');
  const port = options.tcp === true ? await freePort() : 0;
  const url = options.tcp === true ? `redis://127.0.0.1:${port}` : socket;
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--unixsocket', socket, '--unixsocketperm', '700', '--save', '', '--appendonly', 'no', '--dir', dir, '--loglevel', 'warning'];

  let child!: ChildProcess;
  let exited!: Promise<void>;
  /** Starts redis-server on the address and waits until it answers PING. */
  const launch = async () => {
    child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const current = child;
    exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (current.exitCode !== null) throw new Error(`redis-server exited with ${current.exitCode}: ${output}`);
      if (!(await accepts(url))) {
        if (Date.now() > deadline) {
          current.kill('SIGKILL');
          throw new Error(`redis-server did not listen within 10 s: ${output}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        if ((await probe.ping()) === 'PONG') {
          await probe.quit();
          return;
        }
      } catch {
        probe.disconnect();
      }
      if (Date.now() > deadline) {
        current.kill('SIGKILL');
        throw new Error(`redis-server did not answer PING within 10 s: ${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  const stop = async () => {
    await kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await launch();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    url,
    get process() {
      return child;
    },
    client: () => new Redis(url, { maxRetriesPerRequest: null }),
    async commandCalls() {
      const client = new Redis(url);
      try {
        const info = await client.info('commandstats');
        const calls: Record<string, number> = {};
        for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) calls[match[1]] = Number(match[2]);
        return calls;
      } finally {
        await client.quit();
      }
    },
    async crash() {
      await kill('SIGKILL');
      rmSync(socket, { force: true });
    },
    async restart() {
      await launch();
    },
    stop,
  };
}

/**
 * Whether something accepts a connection at `url` (a socket path, or
 * redis://host:port). A plain socket, not an ioredis client: ioredis arms a
 * 2 s timer when it disconnects a connection that never opened, which keeps
 * jest waiting after the file's tests.
 */
function accepts(url: string): Promise<boolean> {
  const target: NetConnectOpts = url.startsWith('redis://') ? { host: new URL(url).hostname, port: Number(new URL(url).port) } : { path: url };
  return new Promise((resolve) => {
    const socket = connect(target);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
