import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The built CLI: the end-to-end tests run it as a user would (`pnpm build` first). */
export const BIN = join(__dirname, '..', '..', 'dist', 'bin.js');
/** Tools that push an MCP server to its limits (huge or unserializable outputs, a repeated step, a write tool). */
export const MCP_TOOLS = join(__dirname, '..', 'fixtures', 'mcp-tools');

export function assertBuilt(): void {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: the end-to-end tests run the built CLI. Run 'pnpm build' first.`);
}

/** A running `victor-tools serve --http`, with what it printed so far. */
export interface HttpServe {
  child: ChildProcessWithoutNullStreams;
  url: string;
  stdout(): string;
  stderr(): string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Spawns `victor-tools serve --http ...args` and resolves once it printed the
 * URL it listens on; rejects with its stderr if it exits first.
 */
export function spawnHttpServe(args: string[], env: NodeJS.ProcessEnv = {}): Promise<HttpServe> {
  assertBuilt();
  const child = spawn(process.execPath, [BIN, 'serve', '--http', ...args], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const url = / at (http:\/\/\S+)\n/.exec(err)?.[1];
      if (url) {
        resolve({
          child,
          url,
          stdout: () => out,
          stderr: () => err,
          stop: (signal = 'SIGTERM') => {
            child.kill(signal);
            return exited;
          },
        });
      }
    });
    void exited.then((code) => reject(new Error(`serve --http exited with ${code} before listening: ${err}`)));
  });
}

/** Runs `victor-tools ...args` to its end. */
export function runBin(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  assertBuilt();
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
