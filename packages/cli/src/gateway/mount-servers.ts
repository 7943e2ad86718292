import { estimateTokens, type Logger } from '@victor-tools/core';
import { mcpTools, type McpToolSet, type McpToolsOptions } from '@victor-tools/mcp';
import { toMcpTool } from '@victor-tools/providers';
import { killQuietly, type ShutdownGuard } from '../shutdown-guard';
import type { GatewayServer } from './servers-config';

/** A server of the configuration that started, with its tools. */
export interface MountedServer {
  name: string;
  set: McpToolSet;
}

/** A server of the configuration that did not start, and why. */
export interface FailedServer {
  name: string;
  reason: string;
}

/**
 * Starts (or connects to) every server at once, each with `mcpTools` and
 * its name as the prefix of its tools' names; a server that fails is
 * reported in `failed` and the others are mounted. `signal` abandons the
 * servers still starting (they are stopped and reported in `failed`).
 */
export async function mountServers(
  servers: readonly GatewayServer[],
  options: { logger: Pick<Logger, 'info' | 'warn'>; stderr: (name: string) => ((line: string) => void) | 'ignore'; connectTimeoutMs?: number; signal?: AbortSignal },
): Promise<{ mounted: MountedServer[]; failed: FailedServer[] }> {
  const outcomes = await Promise.all(
    servers.map(async (entry) => {
      const source = entry.kind === 'stdio' ? { ...entry.server, stderr: entry.server.stderr ?? options.stderr(entry.name) } : entry.server;
      const settings: McpToolsOptions = { prefix: entry.name, logger: options.logger, connectTimeoutMs: options.connectTimeoutMs, signal: options.signal };
      try {
        return { name: entry.name, set: await mcpTools(source, settings) };
      } catch (error) {
        return { name: entry.name, reason: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  return {
    mounted: outcomes.filter((o): o is MountedServer => 'set' in o),
    failed: outcomes.filter((o): o is FailedServer => 'reason' in o),
  };
}

/** Tokens of a server's tools as `tools/list` sends them (their MCP definitions as JSON, o200k). */
export function toolListTokens(set: McpToolSet): number {
  return estimateTokens({ tools: set.tools.map((tool) => toMcpTool(tool).schema) });
}

/**
 * Mounts the servers, abandoning those still starting when `guard` stops
 * (SIGINT, SIGTERM, or the stdio client leaving): killed by the default
 * action of either signal, the gateway would leave behind every server that
 * does not stop when its stdin closes. Answers `stopped: true` then, having
 * closed the servers already mounted.
 */
export async function mountServersUntilStopped(
  servers: readonly GatewayServer[],
  options: Omit<Parameters<typeof mountServers>[1], 'signal'>,
  closeGraceMs: number,
  guard: ShutdownGuard,
): Promise<{ mounted: MountedServer[]; failed: FailedServer[]; stopped: boolean }> {
  const outcome = await mountServers(servers, { ...options, signal: guard.signal });
  if (!guard.signal.aborted) return { ...outcome, stopped: false };
  await closeServers(outcome.mounted, closeGraceMs, guard);
  return { mounted: [], failed: outcome.failed, stopped: true };
}

/**
 * Closes mounted servers (stdin closed, SIGTERM after `graceMs`, SIGKILL
 * `graceMs` later); a forced stop of `guard` (a signal while they close)
 * SIGKILLs them at once.
 */
export async function closeServers(servers: readonly MountedServer[], graceMs: number, guard: ShutdownGuard): Promise<void> {
  // Taken before close(), which lets go of them.
  const pids = servers.map((server) => server.set.status().pid);
  const forget = guard.onForce(() => pids.forEach((pid) => killQuietly(pid)));
  try {
    await Promise.all(servers.map((server) => server.set.close({ graceMs })));
  } finally {
    forget();
  }
}
