import * as fs from 'node:fs';
import * as path from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { BaseTool, Logger, SchemaLevelLike, ToolExecutionContext } from '@victor-tools/core';
import { InvalidToolNameError, normalizeStrictArguments, toMcpTool } from '@victor-tools/providers';
import { toCallToolResult } from './call-result';
import type { ServableRegistry } from './servable-registry';

/** Options of `serveMcp`. */
export interface ServeMcpOptions {
  /** Where the server talks: `new StdioServerTransport()`, an in-memory or HTTP transport. */
  transport: Transport;
  /** The server name announced to clients; 'victor-tools' by default. */
  name?: string;
  /** The server version announced to clients; this package's version by default. */
  version?: string;
  /** Text for the client on how to use the server's tools. */
  instructions?: string;
  /** The context every call runs with (`mode`, `sandbox`, shared resources); the request's signal is added. */
  context?: ToolExecutionContext;
  /** The schema level of `tools/list`; FULL by default. */
  level?: SchemaLevelLike;
  /**
   * Take a `null` for an optional, non-nullable parameter as absent, for
   * clients that rewrite MCP schemas to OpenAI strict mode. Off by default,
   * because core's `ToolRegistry` already does it (its own `nullAsAbsent`,
   * on by default); turn it on over a registry that does not (one built with
   * `nullAsAbsent: false`, or another `ServableRegistry`).
   */
  nullAsAbsent?: boolean;
  /** Where tools that cannot be listed (a name MCP rejects) are reported; the console by default. */
  logger?: Pick<Logger, 'warn'>;
}

/** A running MCP server over a registry. */
export interface McpServerHandle {
  /** The SDK server, for anything beyond tools (logging, extra handlers). */
  readonly server: Server;
  /** Stops listening to the registry and closes the transport. */
  close(): Promise<void>;
}

/**
 * Serves a `ToolRegistry` over MCP with the official SDK. `tools/list` offers
 * the enabled and available tools (`toMcpTool`: Draft 7 input schemas and
 * annotations from the tools' metadata); `tools/call` runs through
 * `registry.execute`, so validation, hooks, timeouts and mode policy apply and
 * the client's cancellation aborts the call. A failed call (validation,
 * policy, the tool's own failure, a timeout) is an `isError` result with the
 * registry's message; a tool that is not listed (unknown, disabled,
 * unavailable) is a protocol error (InvalidParams), as the MCP spec and the
 * SDK's own server do. Registering, removing, enabling or disabling a tool
 * sends `notifications/tools/list_changed`.
 */
export async function serveMcp(registry: ServableRegistry, options: ServeMcpOptions): Promise<McpServerHandle> {
  const server = new Server(
    { name: options.name ?? 'victor-tools', version: options.version ?? packageVersion() },
    { capabilities: { tools: { listChanged: true } }, instructions: options.instructions },
  );
  const logger = options.logger ?? console;

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listMcpTools(registry, options, logger) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name } = request.params;
    const tool = findListed(registry, name);
    let args: Record<string, unknown> = request.params.arguments ?? {};
    if (options.nullAsAbsent && tool) args = normalizeStrictArguments(tool, args);
    const result = await registry.execute(name, args, { ...options.context, signal: extra.signal });
    if (!result.success && !tool) {
      throw new McpError(ErrorCode.InvalidParams, result.error ?? `Tool '${name}' not found`, result.metadata);
    }
    return toCallToolResult(result);
  });

  const unsubscribe = registry.onChange(coalesce(() => {
    // A change before a client connects, or after it left, has nobody to tell.
    server.sendToolListChanged().catch(() => undefined);
  }));

  try {
    await server.connect(options.transport);
  } catch (error) {
    unsubscribe();
    throw error;
  }

  let closed = false;
  return {
    server,
    async close() {
      if (closed) return;
      closed = true;
      unsubscribe();
      await server.close();
    },
  };
}

function listMcpTools(registry: ServableRegistry, options: ServeMcpOptions, logger: Pick<Logger, 'warn'>): Tool[] {
  const tools: Tool[] = [];
  for (const tool of registry.listTools()) {
    try {
      tools.push(toMcpTool(tool, { level: options.level }).schema);
    } catch (error) {
      // One badly named tool must not take the whole list down with it.
      if (!(error instanceof InvalidToolNameError)) throw error;
      logger.warn(`${error.message} It is left out of tools/list.`);
    }
  }
  return tools;
}

/** The listed tool answering to `name` (its name or an alias), if any. */
function findListed(registry: ServableRegistry, name: string): BaseTool | undefined {
  for (const tool of registry.listTools()) {
    if (tool.name === name || tool.aliases.includes(name)) return tool;
  }
  return undefined;
}

/** Runs `fn` once per burst of calls in the same tick (e.g. `setToolStates` toggling many tools). */
function coalesce(fn: () => void): () => void {
  let pending = false;
  return () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      fn();
    });
  };
}

function packageVersion(): string {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { version?: string };
    return manifest.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
