import type { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ErrorCode,
  LoggingMessageNotificationSchema,
  ToolListChangedNotificationSchema,
  type CreateMessageResult,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { ToolResult, type Logger, type ToolCallContext } from '@victor-tools/core';
import type { ElicitRequest, SampleRequest, ToolLogLevel } from '@victor-tools/core/framework';
import { cutText, errorMessage } from '@victor-tools/core/internal';
import { MAX_LOGGER_NAME_LENGTH, MAX_LOG_DATA_LENGTH, MAX_LOG_MESSAGE_LENGTH, limitText } from '../limits';
import { JsonRpcError } from '../protocol-error';
import { packageVersion } from '../package-version';
import { remoteToolResult } from './remote-result';
import type { McpRemoteTool, RemoteCaller } from './remote-tool';
import { sourceLabel, type ReadSource } from './source';
import { StderrTail } from './stderr-tail';
import { unlessAborted } from './unless-aborted';
import type { McpClientLike, McpCloseOptions, McpRequestOptions, McpRestartOptions, McpToolDescription, McpToolsOptions } from './types';

/** Thrown by `mcpTools` when the server cannot be started or reached, or does not answer initialize and `tools/list`. */
export class McpServerStartError extends Error {
  constructor(
    readonly server: string,
    reason: string,
  ) {
    super(`MCP server '${server}' could not be started: ${reason}`);
    this.name = 'McpServerStartError';
  }
}

/** Where a tool set's connection stands (`McpToolSet.status()`). */
export type McpConnectionState = 'ready' | 'restarting' | 'failed' | 'closed';

/** A call on its way to the server, with the context it came with. */
interface InFlightCall {
  readonly ctx: ToolCallContext;
  readonly tool: McpRemoteTool;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 60_000;
/** The SDK's request timeout of a call made outside a registry (a registry's own timeout cancels the call first). */
const CALL_TIMEOUT_WITHOUT_REGISTRY_MS = 60 * 60_000;
/** A server that ran this long before exiting restarts without the backoff of earlier exits. */
const STABLE_AFTER_MS = 30_000;
const MAX_PAGES = 100;
/** How long a server abandoned at its start (a timeout, an abort) has between SIGTERM and SIGKILL. */
const ABANDON_KILL_MS = 500;
const MAX_TOOLS = 10_000;

/**
 * One MCP server as a tool set sees it: its client (started here, or given),
 * the calls in flight, and, for a server started here, the answers to its
 * own requests (sampling, elicitation, logs, `tools/list_changed`) and its
 * restarts.
 */
export class McpConnection implements RemoteCaller {
  state: McpConnectionState = 'ready';
  /** Restarts so far. */
  restarts = 0;
  /** Why the server last stopped or could not start. */
  lastError: string | undefined;
  /** Called when the server says its tools changed, and after a restart. */
  onToolsChanged: () => void = () => undefined;

  private client: McpClientLike;
  private owned: { client: Client; transport: Transport; stderr: StderrTail | undefined } | undefined;
  private readonly inFlight = new Set<InFlightCall>();
  private readonly logger: Pick<Logger, 'info' | 'warn'>;
  private restartTimer: NodeJS.Timeout | undefined;
  private failedStarts = 0;
  private startedAt = 0;
  private readonly label: string;

  private constructor(
    private readonly source: ReadSource,
    private readonly options: McpToolsOptions,
  ) {
    this.logger = options.logger ?? console;
    this.label = options.prefix ?? sourceLabel(source);
    this.client = source.kind === 'client' ? source.client : (undefined as unknown as McpClientLike);
  }

  /** Connects (starting the server, for a stdio source); throws `McpServerStartError` when it cannot. */
  static async open(source: ReadSource, options: McpToolsOptions): Promise<McpConnection> {
    const connection = new McpConnection(source, options);
    if (source.kind !== 'client') await connection.start();
    return connection;
  }

  /** The server's name in messages: the prefix, else its own name, else its command or host. */
  get name(): string {
    return this.options.prefix ?? this.client?.getServerVersion?.()?.name ?? this.label;
  }

  /** The server's name, version and instructions, when it announced them. */
  get serverInfo(): { name: string; version: string; title?: string; instructions?: string } | undefined {
    const version = this.client?.getServerVersion?.();
    if (version === undefined) return undefined;
    const instructions = this.client.getInstructions?.();
    return { name: version.name, version: version.version, ...(version.title ? { title: version.title } : {}), ...(instructions ? { instructions } : {}) };
  }

  /** The process id of a stdio server started here, while it runs. */
  get pid(): number | undefined {
    const transport = this.owned?.transport;
    return transport instanceof StdioClientTransport ? (transport.pid ?? undefined) : undefined;
  }

  /** Every tool the server lists, page after page (bounded: 100 pages, 10,000 tools). */
  async listTools(): Promise<McpToolDescription[]> {
    const tools: McpToolDescription[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.client.listTools(cursor === undefined ? undefined : { cursor }, { timeout: this.connectTimeoutMs });
      if (!answer || !Array.isArray(answer.tools)) throw new Error(`MCP server '${this.name}' answered tools/list without a list of tools`);
      tools.push(...answer.tools);
      if (tools.length >= MAX_TOOLS) {
        this.logger.warn(`MCP server '${this.name}' lists more than ${MAX_TOOLS} tools; only the first ${MAX_TOOLS} are taken`);
        return tools.slice(0, MAX_TOOLS);
      }
      cursor = typeof answer.nextCursor === 'string' && answer.nextCursor !== '' ? answer.nextCursor : undefined;
      if (cursor === undefined) return tools;
    }
    this.logger.warn(`MCP server '${this.name}' lists tools over more than ${MAX_PAGES} pages; only those of the first ${MAX_PAGES} are taken`);
    return tools;
  }

  /** Runs one call on the server; always answers, a failed result when the server cannot. */
  async call(tool: McpRemoteTool, args: Record<string, unknown>, ctx: ToolCallContext): Promise<ToolResult> {
    const who = `Tool '${tool.remoteName}' of MCP server '${this.name}'`;
    if (this.state !== 'ready') return ToolResult.fail(`${who} cannot be called: ${this.unavailableReason()}`);
    const call: InFlightCall = { ctx, tool };
    this.inFlight.add(call);
    try {
      const options: McpRequestOptions = {
        signal: ctx.signal,
        timeout: tool.timeoutMs === undefined ? CALL_TIMEOUT_WITHOUT_REGISTRY_MS : tool.timeoutMs + 1000,
        onprogress: (p) => ctx.reportProgress?.(p.progress, p.total, p.message),
      };
      return remoteToolResult(await callTool(this.client, { name: tool.remoteName, arguments: args }, options), who);
    } catch (error) {
      const restarting = (this.state as McpConnectionState) === 'restarting' ? ' (the server exited; it is being restarted)' : '';
      return ToolResult.fail(`${who} failed: ${errorMessage(error)}${restarting}`);
    } finally {
      this.inFlight.delete(call);
    }
  }

  /** Ends the connection and, for a server started here, the server; calls in flight fail. */
  async close(options: McpCloseOptions = {}): Promise<void> {
    if (this.state === 'closed') return;
    this.state = 'closed';
    clearTimeout(this.restartTimer);
    await this.closeOwned(options.graceMs);
  }

  /** `close()` for a set that failed to start: answers at once, the server it started is stopped in the background (`abandonOwned`). */
  abandon(): void {
    this.state = 'closed';
    clearTimeout(this.restartTimer);
    this.abandonOwned();
  }

  private get connectTimeoutMs(): number {
    return this.options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  }

  private unavailableReason(): string {
    if (this.state === 'closed') return 'its tool set was closed';
    const why = this.lastError === undefined ? '' : `; ${this.lastError}`;
    if (this.state === 'restarting') return `the server stopped and is being restarted, try again in a moment${why}`;
    return `the server stopped and was not restarted${why}`;
  }

  // ---------------------------------------------------------------- a server started here

  private async start(): Promise<void> {
    const { client, transport, stderr } = this.makeClient();
    this.client = client;
    this.owned = { client, transport, stderr };
    let timer: NodeJS.Timeout | undefined;
    try {
      const connected = Promise.race([
        client.connect(transport, { timeout: this.connectTimeoutMs }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer to initialize within ${this.connectTimeoutMs} ms`)), this.connectTimeoutMs);
        }),
      ]);
      await unlessAborted(connected, this.options.signal);
    } catch (error) {
      this.abandonOwned();
      // Let the last lines the server wrote arrive before they are quoted.
      await new Promise((resolve) => setImmediate(resolve));
      throw new McpServerStartError(this.label, `${startFailure(error)}${stderr?.describe() ?? ''}`);
    } finally {
      clearTimeout(timer);
    }
    this.startedAt = Date.now();
    // Set once connected: a failure to start is reported by the error thrown above.
    client.onerror = (error) => this.logger.warn(`MCP server '${this.name}': ${limitText(error.message, 1000)}`);
    client.onclose = () => this.closedByServer(client, stderr);
  }

  private makeClient(): { client: Client; transport: Transport; stderr: StderrTail | undefined } {
    const capabilities = {
      ...(this.options.sampling !== false ? { sampling: {} } : {}),
      ...(this.options.elicitation !== false ? { elicitation: {} } : {}),
    };
    const client = new Client({ name: this.options.clientName ?? 'victor-tools', version: packageVersion() }, { capabilities });
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.onToolsChanged());
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => this.serverLog(notification.params));
    if (this.options.sampling !== false) {
      client.setRequestHandler(CreateMessageRequestSchema, async (request, extra) => {
        const ctx = this.askingCall('sampling', 'canSample');
        return (await ctx.client!.sample(request.params as SampleRequest, { signal: extra.signal })) as CreateMessageResult;
      });
    }
    if (this.options.elicitation !== false) {
      client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
        const ctx = this.askingCall('elicitation', 'canElicit');
        return (await ctx.client!.elicit(request.params as ElicitRequest, { signal: extra.signal })) as ElicitResult;
      });
    }
    if (this.source.kind === 'http') {
      const { url, headers, token } = this.source.server;
      const allHeaders = { ...headers, ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }) };
      return { client, transport: new StreamableHTTPClientTransport(url, { requestInit: { headers: allHeaders } }), stderr: undefined };
    }
    const server = this.source.kind === 'stdio' ? this.source.server : undefined!;
    const sink = server.stderr === 'ignore' ? undefined : typeof server.stderr === 'function' ? server.stderr : (line: string) => process.stderr.write(`${line}\n`);
    const transport = new StdioClientTransport({ command: server.command, args: [...(server.args ?? [])], env: server.env, cwd: server.cwd, stderr: 'pipe' });
    const stderr = new StderrTail(sink);
    stderr.follow(transport.stderr as unknown as Readable | null);
    return { client, transport, stderr };
  }

  /**
   * Ends a server that failed to start without waiting for it: the start's
   * caller is answered at its timeout, not after the SDK's close, which
   * closes stdin and waits 2 s before SIGTERM (then 2 s more before
   * SIGKILL). The child gets SIGTERM now, so it is stopped even when the
   * caller exits right after, and SIGKILL `ABANDON_KILL_MS` later if it is
   * still running: a server that hangs and ignores SIGTERM would otherwise
   * keep the caller's process alive for the SDK's 4 s (`gateway --check`
   * took 6 s with a 2 s timeout). The SDK's close finishes in the background.
   */
  private abandonOwned(): void {
    const owned = this.owned;
    this.owned = undefined;
    if (owned === undefined) return;
    owned.client.onclose = undefined;
    const pid = owned.transport instanceof StdioClientTransport ? owned.transport.pid : null; // null once the child exited and its pipes closed
    if (pid === null) {
      void closeQuietly(owned);
      return;
    }
    signal(pid, 'SIGTERM');
    const kill = setTimeout(() => signal(pid, 'SIGKILL'), ABANDON_KILL_MS);
    // The SDK's close resolves once the child exited: the pid is not signalled after it may have been reused.
    void closeQuietly(owned).finally(() => clearTimeout(kill));
  }

  /**
   * Ends a client started here. The SDK's close ends a stdio server's stdin,
   * then waits 2 s before SIGTERM and 2 s more before SIGKILL; with
   * `graceMs`, SIGTERM follows after `graceMs` and SIGKILL `graceMs` later,
   * so that a process shutting down (the gateway, which its own client
   * kills 2 s after closing its stdin) ends its servers before it ends.
   */
  private async closeOwned(graceMs?: number): Promise<void> {
    const owned = this.owned;
    this.owned = undefined;
    if (owned === undefined) return;
    owned.client.onclose = undefined;
    const pid = owned.transport instanceof StdioClientTransport ? owned.transport.pid : null;
    if (pid === null || graceMs === undefined || !(graceMs >= 0)) {
      await closeQuietly(owned);
      return;
    }
    const term = setTimeout(() => signal(pid, 'SIGTERM'), graceMs);
    const kill = setTimeout(() => signal(pid, 'SIGKILL'), 2 * graceMs);
    try {
      // Resolves as soon as the process exited: the SDK's close waits for it.
      await closeQuietly(owned);
    } finally {
      clearTimeout(term);
      clearTimeout(kill);
    }
  }

  /** The server went away on its own: its calls in flight have failed (the SDK answers them); start it again with backoff. */
  private closedByServer(client: Client, stderr: StderrTail | undefined): void {
    if (this.state === 'closed' || this.owned?.client !== client) return;
    this.owned = undefined;
    const ranFor = Date.now() - this.startedAt;
    this.lastError = `it exited after ${Math.round(ranFor / 100) / 10} s${stderr?.describe() ?? ''}`;
    if (ranFor >= STABLE_AFTER_MS) this.failedStarts = 0;
    const restart = this.restartOptions();
    if (restart === undefined) {
      this.state = 'failed';
      this.logger.warn(`MCP server '${this.name}' stopped: ${this.lastError}; it is not restarted (restart: false)`);
      return;
    }
    this.state = 'restarting';
    this.scheduleRestart(restart);
  }

  private restartOptions(): Required<McpRestartOptions> | undefined {
    if (this.options.restart === false) return undefined;
    return { initialDelayMs: 500, maxDelayMs: 30_000, maxAttempts: Infinity, ...this.options.restart };
  }

  private scheduleRestart(restart: Required<McpRestartOptions>): void {
    if (this.failedStarts >= restart.maxAttempts) {
      this.state = 'failed';
      this.logger.warn(`MCP server '${this.name}' stopped: ${this.lastError}; gave up after ${this.failedStarts} attempts to restart it`);
      return;
    }
    const delay = Math.min(restart.maxDelayMs, restart.initialDelayMs * 2 ** this.failedStarts);
    this.failedStarts += 1;
    this.logger.warn(`MCP server '${this.name}' stopped: ${this.lastError}; restarting it in ${delay} ms`);
    this.restartTimer = setTimeout(() => void this.restart(restart), delay);
    this.restartTimer.unref();
  }

  private async restart(restart: Required<McpRestartOptions>): Promise<void> {
    if (this.state !== 'restarting') return;
    try {
      await this.start();
    } catch (error) {
      if (this.state !== 'restarting') return;
      this.lastError = errorMessage(error);
      this.scheduleRestart(restart);
      return;
    }
    if (this.state !== 'restarting') {
      await this.closeOwned(); // closed while it started
      return;
    }
    this.state = 'ready';
    this.restarts += 1;
    this.logger.info(`MCP server '${this.name}' restarted`);
    this.onToolsChanged();
  }

  // ---------------------------------------------------------------- the server's own requests

  /**
   * The context of the call a server request belongs to. Requests carry no
   * call id over stdio, so it is the one call in flight, or the latest of
   * calls of one conversation; with calls of several callers in flight, which
   * one asked cannot be told, and the request is refused rather than sent to
   * the wrong caller.
   */
  private currentCall(): InFlightCall | undefined {
    let latest: InFlightCall | undefined;
    let conversation: unknown;
    for (const call of this.inFlight) {
      const id = call.ctx.conversationId ?? call;
      if (latest !== undefined && id !== conversation) return undefined;
      conversation = id;
      latest = call;
    }
    return latest;
  }

  private askingCall(what: 'sampling' | 'elicitation', can: 'canSample' | 'canElicit'): ToolCallContext {
    const call = this.currentCall();
    if (call === undefined) {
      const why = this.inFlight.size === 0 ? 'no tool call of it is running' : 'calls of several callers are running and the request does not say which one it belongs to';
      throw new JsonRpcError(ErrorCode.InvalidRequest, `victor-tools refused the ${what} request of MCP server '${this.name}': ${why}`);
    }
    if (call.ctx.client?.[can] !== true) {
      throw new JsonRpcError(
        ErrorCode.InvalidRequest,
        `victor-tools refused the ${what} request of MCP server '${this.name}': the caller of '${call.tool.name}' has no client that can answer it (ctx.client.${can} is not true)`,
      );
    }
    return call.ctx;
  }

  /**
   * A `notifications/message`: to the running call's `ctx.log` when there is
   * exactly one caller, else to the logger. Text `data` is the message; other
   * `data` goes on as the data (when its JSON fits in 64 KB), with its JSON
   * as the message (cut at 10,000 characters), so that a model or client
   * reading only the message reads it too; the server's `logger` goes on as
   * the logger's name.
   */
  private serverLog(params: { level: string; logger?: string; data?: unknown }): void {
    const { data } = params;
    const json = typeof data === 'string' ? data : safeJson(data);
    const text = limitText(json, MAX_LOG_MESSAGE_LENGTH);
    const logger = typeof params.logger === 'string' && params.logger !== '' ? limitText(params.logger, MAX_LOGGER_NAME_LENGTH) : undefined;
    const call = this.currentCall();
    if (call?.ctx.log) {
      const structured = typeof data === 'string' || data === undefined || json.length > MAX_LOG_DATA_LENGTH ? undefined : data;
      call.ctx.log(params.level as ToolLogLevel, text, structured, logger);
      return;
    }
    this.logger.info(`MCP server '${this.name}'${logger === undefined ? '' : ` (${logger})`} [${params.level}]: ${text}`);
  }
}

/**
 * `client.callTool` with `options` where each SDK line expects them: 1.x
 * takes `(params, resultSchema?, options?)`, 2.x `(params, options?)`. 1.x's
 * second parameter has a default value, so its declared length is 1.
 */
function callTool(client: McpClientLike, params: { name: string; arguments: Record<string, unknown> }, options: McpRequestOptions): Promise<unknown> {
  return client.callTool.length >= 2 ? client.callTool(params, options) : client.callTool(params, undefined, options);
}

/** Sends `name` to a process that may have exited meanwhile. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // It exited meanwhile.
  }
}

/** Ends a client started here (and its HTTP session); never rejects. */
async function closeQuietly(owned: { client: Client; transport: Transport }): Promise<void> {
  if (owned.transport instanceof StreamableHTTPClientTransport) await owned.transport.terminateSession().catch(() => undefined);
  await owned.client.close().catch(() => undefined);
}

/** Why a server could not be started or reached, in one line (the stderr tail, appended after it, keeps its lines). */
function startFailure(error: unknown): string {
  const code: unknown = (error as { code?: unknown } | undefined)?.code;
  if (code === 'ENOENT') return `the command was not found (${oneLine(errorMessage(error))}); check 'command' and PATH`;
  // The SDK's StreamableHTTPError carries the HTTP status as its code, and as its message the body: often empty, or a proxy's HTML page.
  if (typeof code === 'number' && code >= 400 && code < 600) {
    const hint = code === 401 || code === 403 ? "; check the server's 'headers' (its token)" : '';
    return `the server answered HTTP ${code} (${cutText(oneLine(errorMessage(error)), MAX_HTTP_BODY_IN_REASON)})${hint}`;
  }
  return unreachable(error) ?? oneLine(errorMessage(error));
}

/** The most characters of an HTTP error's body quoted in a start failure. */
const MAX_HTTP_BODY_IN_REASON = 200;

/**
 * What fetch's "fetch failed" hides in its `cause`: the connection refused at
 * which address, the host not found. The cause of a name with several
 * addresses (localhost: ::1 and 127.0.0.1) is an AggregateError of one per address.
 */
function unreachable(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown } | undefined)?.cause as
    | { code?: unknown; address?: unknown; port?: unknown; hostname?: unknown; errors?: unknown; message?: unknown }
    | undefined;
  if (cause === null || typeof cause !== 'object') return undefined;
  // fetch refuses some URLs itself, with a cause of no code ('bad port' for a port browsers block, such as 1 or 6000).
  if (typeof cause.code !== 'string') return typeof cause.message === 'string' && cause.message !== '' ? `cannot connect: ${oneLine(cutText(cause.message, 500))}` : undefined;
  const attempts = Array.isArray(cause.errors) ? (cause.errors as Array<{ address?: unknown; port?: unknown }>) : [cause];
  const where = attempts
    .filter((a) => a !== null && typeof a === 'object' && typeof a.address === 'string')
    .map((a) => (typeof a.port === 'number' ? `${String(a.address).includes(':') ? `[${String(a.address)}]` : String(a.address)}:${a.port}` : String(a.address)))
    .join(', ');
  if (cause.code === 'ECONNREFUSED') return `cannot connect: the connection was refused${where ? ` at ${where}` : ''} (ECONNREFUSED); is the server running at that URL?`;
  if (cause.code === 'ENOTFOUND' || cause.code === 'EAI_AGAIN') {
    return `cannot connect: the host${typeof cause.hostname === 'string' ? ` '${cause.hostname}'` : ''} was not found (${cause.code}); check the URL`;
  }
  const message = typeof cause.message === 'string' && cause.message !== '' ? `${oneLine(cutText(cause.message, 500))} ` : '';
  return `cannot connect: ${message}(${cause.code}${where ? ` at ${where}` : ''})`;
}

/** `text` on one line: a reason is read in a table row or a one-line warning. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
