import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import * as path from 'node:path';
import type { McpStdioServer } from '../../src';

/** The entry point of one of the official reference servers installed from npm (a devDependency). */
export function referenceServerEntry(name: 'server-everything' | 'server-filesystem' | 'server-memory'): string {
  return path.join(path.dirname(require.resolve(`@modelcontextprotocol/${name}/package.json`)), 'dist', 'index.js');
}

/** server-everything over stdio, run with this Node. */
export function everythingServer(): McpStdioServer {
  return { command: process.execPath, args: [referenceServerEntry('server-everything'), 'stdio'], stderr: 'ignore' };
}

/** server-filesystem over stdio, allowed to touch `directory` only. */
export function filesystemServer(directory: string): McpStdioServer {
  return { command: process.execPath, args: [referenceServerEntry('server-filesystem'), directory], stderr: 'ignore' };
}

/** server-memory over stdio, keeping its graph in `file`. */
export function memoryServer(file: string): McpStdioServer {
  return { command: process.execPath, args: [referenceServerEntry('server-memory')], env: { MEMORY_FILE_PATH: file }, stderr: 'ignore' };
}

/** The fixture server of these tests whose tools change on request (fixtures/changing-server.cjs). */
export function changingServer(): McpStdioServer {
  return { command: process.execPath, args: [path.join(__dirname, '..', 'fixtures', 'changing-server.cjs')], stderr: 'ignore' };
}

/** A free TCP port on loopback (the reference server takes its port from PORT and cannot be given 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** server-everything over Streamable HTTP as a child process; resolves once it listens. */
export async function startEverythingHttp(): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [referenceServerEntry('server-everything'), 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`server-everything did not listen within 20 s: ${seen}`)), 20_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('listening on port')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server-everything exited with ${code}: ${seen}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
