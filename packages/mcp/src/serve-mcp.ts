import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  ListToolsRequestSchema,
  type CallToolResult,
  type JSONRPCRequest,
  type ServerCapabilities,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { ToolResult, type BaseTool, type Logger, type ToolExecutionContext } from '@victor-tools/core';
import { checkModePolicy, type AuthInfo, type SchemaLevelLike } from '@victor-tools/core/framework';
import { outputSchemaOf } from '@victor-tools/core/internal';
import { toMcpTool } from '@victor-tools/providers';
import { normalizeStrictArguments } from '@victor-tools/providers/framework';
import { readCallRequest } from './call-request';
import { answerMalformedParams } from './request-params';
import { insufficientScopeMessage, missingScopes } from './scopes';
import { toCallToolResult } from './call-result';
import { ClientLogLevel, clientLogFunction, readLogLevel } from './client-log';
import { DEFAULT_MAX_TEXT_LENGTH, limitText, positiveLimit } from './limits';
import { packageVersion } from './package-version';
import { ProgressiveView } from './progressive/progressive-view';
import type { ProgressiveOptions } from './progressive/types';
import { progressNotifier } from './progress';
import { JsonRpcError } from './protocol-error';
import type { ServableRegistry } from './servable-registry';
import { toolClientFor } from './tool-client';

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
  /**
   * The context every call runs with (`mode`, `sandbox`, shared resources).
   * Each call adds its `signal`, a `conversationId` (unless given here),
   * `log` (to the client's `notifications/message`), `client` (when the
   * client can sample or elicit) and, when the client asked for progress,
   * `reportProgress`. The mode also decides what `tools/list` offers: a tool
   * the mode always refuses is left out.
   */
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
  /**
   * The most characters of text one call's answer carries (the output, an
   * error message); longer text is cut and says by how much. 1,000,000 by
   * default, well under the 10 MB line the official client accepts.
   */
  maxTextLength?: number;
  /** Where tools that cannot be listed and messages the SDK could not read or deliver are reported; the console by default. */
  logger?: Pick<Logger, 'warn'>;
  /**
   * More server capabilities to declare (`resources`, `prompts`...), for
   * handlers added on `handle.server`: the SDK takes capabilities only before
   * it connects, so they are declared here. `tools` and `logging` are always declared.
   */
  capabilities?: ServerCapabilities;
  /**
   * Progressive disclosure: `tools/list` offers a `search_tools` tool and the
   * pinned tools (named, or of priority CRITICAL) instead of every tool; a
   * `search_tools` call ranks all of them with `searcher` and enables the
   * best for this connection, sending `tools/list_changed`. Needs a
   * connection that lasts: stdio, or stateful HTTP.
   */
  progressive?: ProgressiveOptions;
}

/** A running MCP server over a registry. */
export interface McpServerHandle {
  /** The SDK server, for handlers beyond tools (declare their capabilities with the `capabilities` option). */
  readonly server: Server;
  /** Stops listening to the registry and closes the transport. */
  close(): Promise<void>;
}

/**
 * Serves a `ToolRegistry` over MCP with the official SDK. `tools/list` offers
 * the enabled and available tools the context's mode allows (`toMcpTool`:
 * input schemas with their dialect, output schemas, annotations from the
 * tools' metadata); `tools/call` runs through `registry.execute`, so
 * validation, hooks, timeouts, mode policy and output schemas apply and the
 * client's cancellation aborts the call. Tools get `ctx.log` (to the
 * client's `notifications/message`, at or above its `logging/setLevel`),
 * `ctx.reportProgress` (when the client asked for progress) and `ctx.client`
 * (sampling and elicitation, when the client declared them). A failed call (validation, policy, the tool's own failure, a
 * timeout, an output JSON cannot carry) is an `isError` result with a
 * readable message; a tool that is not listed (unknown, disabled,
 * unavailable, refused by the mode) or a malformed request is a protocol
 * error (InvalidParams), as the MCP spec and the SDK's own server do.
 * Registering, removing, enabling or disabling a tool sends
 * `notifications/tools/list_changed`.
 */
export async function serveMcp(registry: ServableRegistry, options: ServeMcpOptions): Promise<McpServerHandle> {
  const maxTextLength = positiveLimit('maxTextLength', options.maxTextLength, DEFAULT_MAX_TEXT_LENGTH);
  // The conversations this connection opened (its session's, else its own), forgotten when it closes.
  const conversations = new Conversations(registry, options.context?.conversationId);
  // Each connection sees its own view: what its searches enabled.
  if (options.progressive) registry = new ProgressiveView(registry, options.progressive, options.context);
  const server = new Server(
    { name: options.name ?? 'victor-tools', version: options.version ?? packageVersion() },
    { capabilities: { ...options.capabilities, tools: { listChanged: true }, logging: {} }, instructions: options.instructions },
  );
  const logger = options.logger ?? console;
  // Loop detection is scoped by conversation: one per session, else one per connection.
  const connectionId = globalThis.crypto.randomUUID();
  // This connection's logging/setLevel (the SDK's own handler keys levels by session id, which stdio lacks).
  const logLevel = new ClientLogLevel();

  // An authenticated caller (serveMcpHttp's verifyToken) sees only the tools its scopes allow.
  server.setRequestHandler(ListToolsRequestSchema, (request, extra) => {
    // Every tool is listed at once, with no nextCursor: any cursor is one this server never gave (the spec: invalid, -32602).
    const cursor = request.params?.cursor;
    if (cursor !== undefined) {
      throw new JsonRpcError(ErrorCode.InvalidParams, `Invalid tools/list request: unknown cursor '${limitText(cursor, 100)}'; this server lists every tool at once and sends no nextCursor`);
    }
    return { tools: listMcpTools(registry, options, logger, extra.authInfo) };
  });
  // logging/setLevel is answered below too: the SDK's handler keys levels by
  // session id (stdio has none) and answers an unknown level with -32603.
  server.removeRequestHandler('logging/setLevel');
  // tools/call is answered here rather than through setRequestHandler: the
  // SDK's tools/call wrapper answers `arguments: []` with -32603 and a zod
  // dump, and a result it cannot validate with a protocol error.
  server.fallbackRequestHandler = async (request: JSONRPCRequest, extra) => {
    if (request.method === 'logging/setLevel') {
      logLevel.set(readLogLevel(request));
      return {};
    }
    if (request.method !== 'tools/call') throw new JsonRpcError(ErrorCode.MethodNotFound, 'Method not found');
    const call = readCallRequest(request);
    const tool = findListed(registry, call.name, options.context);
    const missing = tool === undefined ? [] : missingScopes(tool, extra.authInfo);
    if (missing.length > 0) {
      const refused = ToolResult.fail(insufficientScopeMessage(tool!.name, missing), { missingScopes: missing });
      return toCallToolResult(refused, { maxTextLength, toolName: call.name, structured: false }) satisfies CallToolResult;
    }
    const args = options.nullAsAbsent && tool ? normalizeStrictArguments(tool, call.args) : call.args;
    const progress = call.progressToken === undefined ? undefined : progressNotifier(call.progressToken, extra.sendNotification);
    const ctx: ToolExecutionContext = {
      ...options.context,
      conversationId: conversations.of(extra.sessionId ?? connectionId),
      signal: extra.signal,
      log: clientLogFunction(logLevel, tool?.name ?? call.name, extra.sendNotification),
    };
    // As at every adapter: only a framework's own approval step may vouch for a call (core's trustFrameworkApproval trusts it).
    delete ctx.approvedBy;
    const client = toolClientFor(server.getClientCapabilities(), extra);
    if (client) ctx.client = client;
    if (extra.authInfo) ctx.auth = extra.authInfo;
    if (progress) ctx.reportProgress = progress.report;
    let result: ToolResult;
    try {
      result = await registry.execute(call.name, args, ctx);
    } catch (error) {
      // The registry contract says execute never throws; a registry that does still gets an answer.
      result = ToolResult.fail(`Tool '${call.name}' failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      progress?.stop();
    }
    if (!result.success && !tool) {
      const message = limitText(result.error ?? `Tool '${call.name}' not found`, maxTextLength);
      throw new JsonRpcError(ErrorCode.InvalidParams, message, sendableData(result.metadata, maxTextLength));
    }
    return toCallToolResult(result, { maxTextLength, toolName: call.name, structured: declaresOutputSchema(tool) }) satisfies CallToolResult;
  };

  // The SDK reports what it could not deliver or read here; unheard, a lost answer leaves no trace.
  server.onerror = (error) => logger.warn(`MCP server: ${limitText(error.message, 1000)}`);

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
  // initialize and tools/list with malformed params: -32602 and one line, not the SDK's -32603 and zod dump.
  answerMalformedParams(options.transport, (error) => server.onerror?.(error));

  let closed = false;
  return {
    server,
    async close() {
      if (closed) return;
      closed = true;
      unsubscribe();
      conversations.forget();
      await server.close();
    },
  };
}

/**
 * The conversation of a connection's calls: the one of `options.context`
 * when given (the caller's, left alone), else the connection's own, whose
 * loop-detection counts are forgotten when it closes: a client that opens
 * and closes connections would otherwise fill the registry's bounds
 * (`resetLoopDetection`, when the registry has it).
 */
class Conversations {
  private readonly opened = new Set<string>();

  constructor(
    private readonly registry: ServableRegistry,
    private readonly given: string | undefined,
  ) {}

  of(own: string): string {
    if (this.given !== undefined) return this.given;
    this.opened.add(own);
    return own;
  }

  forget(): void {
    for (const conversationId of this.opened) this.registry.resetLoopDetection?.({ conversationId });
    this.opened.clear();
  }
}

function listMcpTools(registry: ServableRegistry, options: Omit<ServeMcpOptions, 'transport'>, logger: Pick<Logger, 'warn'>, auth: AuthInfo | undefined): Tool[] {
  const tools: Tool[] = [];
  for (const tool of registry.listTools()) {
    try {
      if (missingScopes(tool, auth).length > 0) continue;
      const { schema } = toMcpTool(tool, { level: options.level });
      if (checkModePolicy(tool, options.context).allowed) tools.push(schema);
    } catch (error) {
      // One bad tool (a name MCP rejects, a throwing getter) must not take the whole list down with it.
      logger.warn(`${error instanceof Error ? error.message : String(error)} It is left out of tools/list.`);
    }
  }
  return tools;
}

/** The listed tool answering to `name` (its name or an alias), if any: enabled, available and allowed by the server's mode. */
export function findListed(registry: ServableRegistry, name: string, context: ToolExecutionContext | undefined): BaseTool | undefined {
  const tool = registry.get !== undefined && registry.isToolEnabled !== undefined ? lookUpListed(registry, name) : walkListed(registry, name);
  return tool !== undefined && checkModePolicy(tool, context).allowed ? tool : undefined;
}

/** By lookup, as `listTools()` would have it (enabled and available): a call costs the same with 10 tools or 10,000. */
function lookUpListed(registry: ServableRegistry, name: string): BaseTool | undefined {
  const tool = registry.get!(name);
  if (tool === undefined || !registry.isToolEnabled!(tool.name)) return undefined;
  try {
    return tool.isAvailable() ? tool : undefined;
  } catch {
    return undefined; // as listTools() leaves it out
  }
}

function walkListed(registry: ServableRegistry, name: string): BaseTool | undefined {
  for (const tool of registry.listTools()) {
    if (tool.name === name || tool.aliases.includes(name)) return tool;
  }
  return undefined;
}

/** Whether the tool declares an output schema (its successful results then carry `structuredContent`). */
function declaresOutputSchema(tool: BaseTool | undefined): boolean {
  if (tool === undefined) return false;
  try {
    return outputSchemaOf(tool.outputSchema) !== undefined;
  } catch {
    // Such a tool is not listed (toMcpTool throws too); its call is answered as any other.
    return false;
  }
}

/** The result's metadata as the error's `data`, when it is JSON and not larger than the text limit. */
function sendableData(metadata: Record<string, unknown> | undefined, limit: number): unknown {
  if (metadata === undefined || Object.keys(metadata).length === 0) return undefined;
  try {
    const json = JSON.stringify(metadata);
    return json.length <= limit ? (JSON.parse(json) as unknown) : undefined;
  } catch {
    return undefined;
  }
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
