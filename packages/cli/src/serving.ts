import type { Readable } from 'node:stream';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Option, type Command } from 'commander';
import type { ToolExecutionContext, ToolRegistry } from '@victor-tools/core';
import { checkModePolicy } from '@victor-tools/core/framework';
import {
  DEFAULT_MAX_REQUEST_BYTES,
  MissingTokenError,
  WeakTokenError,
  serveMcp,
  serveMcpHttp,
  serveMcpStdio,
  type McpServerHandle,
  type ServeMcpOptions,
  type VerifyToken,
} from '@victor-tools/mcp';
import type { CommandContext } from './command-context';
import { ShutdownGuard } from './shutdown-guard';
import { CliError } from './errors/cli-error';
import { parseDuration, parsePort, parsePositiveInteger, parseSize } from './options';

/** The `--http` flags `serve` and `gateway` share, as commander parses them. */
export interface HttpFlags {
  http?: boolean;
  port?: number;
  host?: string;
  stateful?: boolean;
  token?: string[];
  verifyToken?: string;
  authorizationServer?: string[];
  requestTimeout?: number;
  maxConnections?: number;
  maxBuffered?: number;
  sessionIdle?: number;
  sessionInit?: number;
  maxSessions?: number;
  maxSessionsPerCaller?: number;
}

/** The options that only make sense with `--http`, by their flag. */
const HTTP_ONLY = {
  port: '--port',
  host: '--host',
  stateful: '--stateful',
  token: '--token',
  verifyToken: '--verify-token',
  authorizationServer: '--authorization-server',
  requestTimeout: '--request-timeout',
  maxConnections: '--max-connections',
  maxBuffered: '--max-buffered',
  sessionIdle: '--session-idle',
  sessionInit: '--session-init',
  maxSessions: '--max-sessions',
  maxSessionsPerCaller: '--max-sessions-per-caller',
} as const;

/** The options that only make sense with `--stateful`. */
const STATEFUL_ONLY = {
  sessionIdle: '--session-idle',
  sessionInit: '--session-init',
  maxSessions: '--max-sessions',
  maxSessionsPerCaller: '--max-sessions-per-caller',
} as const;

/** Adds `--http` and the flags of the HTTP server (`--port`, `--host`, `--stateful`, `--token`, its limits) to a command. */
export function addHttpOptions(command: Command): Command {
  return command
    .addOption(new Option('--http', 'serve MCP over Streamable HTTP instead of stdio; the URL is printed on stderr'))
    .addOption(new Option('--port <port>', 'HTTP port (default: a free one)').argParser(parsePort))
    .addOption(new Option('--host <host>', 'HTTP interface to bind (default: 127.0.0.1); anything but loopback needs a --token of 16+ characters'))
    .addOption(new Option('--stateful', 'HTTP: keep MCP sessions (default: stateless, a fresh server per request)'))
    .addOption(
      new Option('--token <token>', 'HTTP: the bearer token every request must carry; repeat for one token per client')
        .env('VICTOR_TOOLS_TOKEN')
        .argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]),
    )
    .addOption(
      new Option(
        '--verify-token <module>',
        "HTTP: a module whose default export verifies each bearer token (token, request) => AuthInfo | undefined, instead of --token; tools see the caller as ctx.auth and their metadata's requiredScopes are enforced",
      ),
    )
    .addOption(
      new Option('--authorization-server <url>', 'with --verify-token: an authorization server that issues the tokens, named in /.well-known/oauth-protected-resource; repeat for several').argParser(
        (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
      ),
    )
    .addOption(new Option('--request-timeout <duration>', "HTTP: the most time a request's headers and body may take to arrive, e.g. 10s (default: 10s)").argParser(parseDuration))
    .addOption(new Option('--max-connections <n>', 'HTTP: the most connections open at once (default: 256)').argParser(parsePositiveInteger))
    .addOption(new Option('--max-buffered <size>', 'HTTP: the most bytes of request bodies held at once, e.g. 32MiB (default: 32MiB)').argParser(parseSize))
    .addOption(new Option('--session-idle <duration>', 'with --stateful: close a session idle this long, e.g. 30m (default: 30m)').argParser(parseDuration))
    .addOption(
      new Option('--session-init <duration>', 'with --stateful: close a session whose client has not finished its handshake this long after initialize, e.g. 10s (default: 10s)').argParser(parseDuration),
    )
    .addOption(new Option('--max-sessions <n>', 'with --stateful: the most sessions at once (default: 1000)').argParser(parsePositiveInteger))
    .addOption(
      new Option(
        '--max-sessions-per-caller <n>',
        'with --stateful and a --token or --verify-token: the most sessions one caller (a user, or a token) holds (default: a tenth of --max-sessions with a --verify-token or several --tokens; else none)',
      ).argParser(
        parsePositiveInteger,
      ),
    );
}

/** Refuses an HTTP-only flag given on the command line without `--http`, and a session flag without `--stateful` (usage errors). */
export function checkHttpFlags(options: HttpFlags, command: Command): void {
  // --token may come from the environment; only a flag given on the command line is a mistake.
  const given = (key: keyof HttpFlags) => options[key] !== undefined && command.getOptionValueSource(key) === 'cli';
  if (!options.http) {
    const misplaced = (Object.keys(HTTP_ONLY) as Array<keyof typeof HTTP_ONLY>).find(given);
    if (misplaced) throw new CliError(`${HTTP_ONLY[misplaced]} needs --http`, 2);
    return;
  }
  const stateless = options.stateful ? undefined : (Object.keys(STATEFUL_ONLY) as Array<keyof typeof STATEFUL_ONLY>).find(given);
  if (stateless) throw new CliError(`${STATEFUL_ONLY[stateless]} needs --stateful: a stateless server keeps no sessions`, 2);
  if (options.verifyToken !== undefined && given('token')) throw new CliError('--token and --verify-token exclude each other: the verifier decides which tokens are good', 2);
  // Without a token a request names no caller, and the limit would silently limit no one.
  if (options.maxSessionsPerCaller !== undefined && options.verifyToken === undefined && options.token === undefined) {
    throw new CliError('--max-sessions-per-caller needs --token or --verify-token: without one a request names no caller to count sessions for', 2);
  }
  if (options.authorizationServer !== undefined && options.verifyToken === undefined) {
    throw new CliError('--authorization-server needs --verify-token: it names who issues the tokens the verifier checks', 2);
  }
  if (options.maxBuffered !== undefined && options.maxBuffered < DEFAULT_MAX_REQUEST_BYTES) {
    throw new CliError(`--max-buffered must be at least ${DEFAULT_MAX_REQUEST_BYTES} bytes (4MiB), the largest request body, got ${options.maxBuffered}`, 2);
  }
}

/**
 * While serving, stdout carries the protocol (stdio) or stays clean (HTTP):
 * a tool's stray `console.log` would corrupt it, so the console's stdout
 * methods write to stderr until the server stops. Returns the function that
 * undoes it.
 */
function routeConsoleToStderr(): () => void {
  const saved = { log: console.log, info: console.info, debug: console.debug };
  console.log = console.info = console.debug = (...args: unknown[]) => console.error(...args);
  return () => Object.assign(console, saved);
}

/** What `serveRegistry` serves with, besides the registry: the gateway's. */
export interface ServeRegistryOptions {
  /** Holds SIGINT and SIGTERM; the command's own (the gateway's, which has servers to close after) rather than one of the serving alone. */
  guard?: ShutdownGuard;
  /** Where the stdio server reads its messages; the process's stdin by default. */
  stdin?: Readable;
}

/**
 * Serves `registry` over MCP until the client leaves (stdio) or SIGINT/SIGTERM
 * (both). `what` completes the line announcing it ('5 tools from DIR').
 */
export async function serveRegistry(
  ctx: CommandContext,
  registry: ToolRegistry,
  settings: Omit<ServeMcpOptions, 'transport'>,
  flags: HttpFlags,
  what: () => string,
  options: ServeRegistryOptions = {},
): Promise<void> {
  const guard = options.guard ?? new ShutdownGuard();
  const restoreConsole = ctx.io.mcpTransport === undefined ? routeConsoleToStderr() : () => undefined;
  try {
    if (flags.http) await serveHttp(ctx, registry, settings, flags, what, guard);
    else await serveStdio(ctx, registry, settings, what, guard, options.stdin);
  } finally {
    restoreConsole();
    if (options.guard === undefined) guard.release();
  }
}

/**
 * How many tools `tools/list` offers at first: the enabled ones the mode of
 * `context` allows (`--mode plan` leaves out the writing tools), for the
 * line announcing what is served.
 */
export function listedToolCount(registry: ToolRegistry, context: ToolExecutionContext | undefined): number {
  return registry.listTools().filter((tool) => checkModePolicy(tool, context).allowed).length;
}

/** Resolves when `signal` aborts (at once when it has). */
function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
}

/**
 * Serves over stdio (or the transport `run` was given) until the client
 * leaves or `guard` stops (SIGINT/SIGTERM). Either ends the session and
 * returns, so that the command ends what it started (the gateway, its
 * servers) before the process exits: killed by the default action of
 * SIGTERM, the gateway would leave behind every mounted server that does
 * not stop when its stdin closes.
 */
async function serveStdio(
  ctx: CommandContext,
  registry: ToolRegistry,
  settings: Omit<ServeMcpOptions, 'transport'>,
  what: () => string,
  guard: ShutdownGuard,
  stdin: Readable | undefined,
): Promise<void> {
  const transport = ctx.io.mcpTransport;
  const input = stdin ?? process.stdin;
  const handle: McpServerHandle = transport ? await serveMcp(registry, { ...settings, transport: transport() }) : await serveMcpStdio(registry, { ...settings, stdin });
  const closed = new Promise<void>((resolve) => {
    handle.server.onclose = resolve;
  });
  const stop = () => void handle.close();
  // The client closing our stdin ends the session (the SDK's client does
  // that first, and only kills the process 2 s later).
  if (transport === undefined) input.once('end', stop);
  ctx.err(`victor-tools: serving ${what()} over MCP`);
  try {
    await Promise.race([closed, aborted(guard.signal).then(stop)]);
    await closed;
  } finally {
    if (transport === undefined) input.off('end', stop);
  }
}

/** Serves over Streamable HTTP until `guard` stops (SIGINT or SIGTERM), then closes every session and connection. */
async function serveHttp(
  ctx: CommandContext,
  registry: ToolRegistry,
  settings: Omit<ServeMcpOptions, 'transport'>,
  flags: HttpFlags,
  what: () => string,
  guard: ShutdownGuard,
): Promise<void> {
  const verifyToken = flags.verifyToken === undefined ? undefined : await loadVerifier(flags.verifyToken);
  let handle;
  try {
    handle = await serveMcpHttp(registry, {
      ...settings,
      port: flags.port,
      host: flags.host,
      stateless: !flags.stateful,
      // A token from the environment (VICTOR_TOOLS_TOKEN) gives way to a verifier named on the command line.
      token: verifyToken === undefined ? flags.token : undefined,
      verifyToken,
      resourceMetadata: flags.authorizationServer === undefined ? undefined : { authorizationServers: flags.authorizationServer },
      requestTimeoutMs: flags.requestTimeout,
      maxConnections: flags.maxConnections,
      maxBufferedBytes: flags.maxBuffered,
      sessionIdleMs: flags.sessionIdle,
      sessionInitMs: flags.sessionInit,
      maxSessions: flags.maxSessions,
      maxSessionsPerCaller: flags.maxSessionsPerCaller,
    });
  } catch (error) {
    if (error instanceof MissingTokenError || error instanceof WeakTokenError) throw new CliError(error.message, 2);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      throw new CliError(`cannot listen on ${flags.host ?? '127.0.0.1'}:${flags.port ?? 0}: ${(error as Error).message}`, 1);
    }
    throw error;
  }
  const mode = flags.stateful ? 'stateful' : 'stateless';
  ctx.err(`victor-tools: serving ${what()} over MCP (Streamable HTTP, ${mode}) at ${handle.url}`);
  await aborted(guard.signal);
  await handle.close();
  ctx.err('victor-tools: stopped');
}

/** The verifier a `--verify-token` module exports (as its default export, or as `verifyToken`). */
async function loadVerifier(path: string): Promise<VerifyToken> {
  let loaded: { default?: unknown; verifyToken?: unknown };
  try {
    loaded = (await import(pathToFileURL(resolve(path)).href)) as { default?: unknown; verifyToken?: unknown };
  } catch (error) {
    throw new CliError(`--verify-token: cannot load '${path}': ${error instanceof Error ? error.message : String(error)}`, 2);
  }
  // A CommonJS module's `module.exports = fn` arrives as the default export.
  const verifier = typeof loaded.default === 'function' ? loaded.default : loaded.verifyToken;
  if (typeof verifier !== 'function') {
    throw new CliError(`--verify-token: '${path}' must export a function (token, request) => AuthInfo | undefined as its default export or as verifyToken`, 2);
  }
  return verifier as VerifyToken;
}
