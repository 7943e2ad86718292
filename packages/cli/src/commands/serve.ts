import { Option, type Command } from 'commander';
import { SchemaLevel, type Logger, type SchemaLevelValue } from '@victor-tools/core';
import { MissingTokenError, serveMcp, serveMcpHttp, serveMcpStdio, type McpServerHandle, type ServeMcpOptions } from '@victor-tools/mcp';
import { queueInvoker, syncToolStates, type QueueInvoker, type ToolStateSync } from '@victor-tools/queue';
import type { CommandContext } from '../command-context';
import { CliError } from '../errors/cli-error';
import { stderrLogger } from '../io';
import type { LoadedTools } from '../load-tools';
import { levelOption, modeOption, parsePort, queueOption, queueSecretOption, redisOption, sandboxOption } from '../options';
import { executionContext } from './call';

interface ServeOptions {
  level: string;
  mode?: string;
  sandbox?: string;
  http?: boolean;
  port?: number;
  host?: string;
  stateful?: boolean;
  token?: string;
  redis?: string;
  queue?: string;
  queueSecret?: string;
}

/** The options that only make sense with `--http`. */
const HTTP_ONLY = ['port', 'host', 'stateful', 'token'] as const;

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

/** `victor-tools serve`: the tools as an MCP server, over stdio until the client closes stdin, or over HTTP until SIGINT/SIGTERM. */
export function registerServeCommand(program: Command, ctx: CommandContext): void {
  program
    .command('serve')
    .description('Serve the tools as an MCP server: over stdio (stdout carries the protocol, logs go to stderr), or over Streamable HTTP with --http')
    .addOption(levelOption('schema level of tools/list'))
    .addOption(modeOption('agent mode every call runs in, and that tools/list follows (default: build)'))
    .addOption(sandboxOption())
    .addOption(new Option('--http', 'serve MCP over Streamable HTTP instead of stdio; the URL is printed on stderr'))
    .addOption(new Option('--port <port>', 'HTTP port (default: a free one)').argParser(parsePort))
    .addOption(new Option('--host <host>', 'HTTP interface to bind (default: 127.0.0.1); anything but loopback needs --token'))
    .addOption(new Option('--stateful', 'HTTP: keep MCP sessions (default: stateless, a fresh server per request)'))
    .addOption(new Option('--token <token>', 'HTTP: the bearer token every request must carry').env('VICTOR_TOOLS_TOKEN'))
    .addOption(redisOption('run the calls on the workers of a queue on this Redis server (victor-tools worker), and share the tool states through it'))
    .addOption(queueOption('with --redis: the queue the calls go to (default: victor-tools)'))
    .addOption(queueSecretOption('with --redis: the secret the calls are signed with, which the workers check (16+ characters)'))
    .addHelpText(
      'after',
      '\nIn an MCP client configuration (Claude Desktop and others), over stdio:\n' +
        '  { "mcpServers": { "victor-tools": { "command": "npx", "args": ["-y", "@victor-tools/cli", "serve", "--tools", "/abs/path/to/dist/tools"] } } }\n' +
        'Over HTTP: start `npx -y @victor-tools/cli serve --http --port 8765 --tools /abs/path/to/dist/tools`, then give the client\n' +
        '  { "mcpServers": { "victor-tools": { "type": "http", "url": "http://127.0.0.1:8765/mcp" } } }\n' +
        'On a pool of workers: `victor-tools worker --tools DIR --redis redis://127.0.0.1:6379` (any number, anywhere), then\n' +
        '  victor-tools serve --http --redis redis://127.0.0.1:6379 --tools DIR',
    )
    .action(async (options: ServeOptions, command: Command) => {
      if (!options.http) {
        // --token may come from the environment; only a flag given on the command line is a mistake.
        const misplaced = HTTP_ONLY.find((key) => options[key] !== undefined && command.getOptionValueSource(key) === 'cli');
        if (misplaced) throw new CliError(`--${misplaced} needs --http`, 2);
      }
      if (options.queue !== undefined && options.redis === undefined) throw new CliError('--queue needs --redis', 2);
      if (options.redis === undefined && command.getOptionValueSource('queueSecret') === 'cli') throw new CliError('--queue-secret needs --redis', 2);
      const context = executionContext(options);
      const { verbose } = ctx.globals(command);
      const logger = stderrLogger(ctx.io.stderr, verbose ?? ctx.io.verbose ?? false);
      const remote = options.redis === undefined ? undefined : new RemoteTools(options.redis, options.queue, options.queueSecret, logger);
      try {
        const loaded = await ctx.load(command, { invoker: remote?.invoker });
        if (remote) {
          await remote.connect(loaded);
          ctx.err(`victor-tools: calls run on the workers of queue '${remote.invoker.queueName}' (Redis); tool states are shared through it`);
        }
        const settings: Omit<ServeMcpOptions, 'transport'> = { context, level: SchemaLevel.from(options.level as SchemaLevelValue), logger };
        const restoreConsole = ctx.io.mcpTransport === undefined ? routeConsoleToStderr() : () => undefined;
        try {
          if (options.http) await serveHttp(ctx, loaded, settings, options);
          else await serveStdio(ctx, loaded, settings);
        } finally {
          restoreConsole();
        }
      } finally {
        // After the MCP server: calls still waiting are answered, then the connections close.
        await remote?.close();
      }
    });
}

/**
 * `serve --redis`: the registry's calls go to the queue's workers
 * (`queueInvoker`), and its enabled/disabled states are shared with every
 * process synced on the queue (`syncToolStates`), so a change made anywhere
 * reaches this server's clients as `tools/list_changed`.
 */
class RemoteTools {
  readonly invoker: QueueInvoker;
  private states: ToolStateSync | undefined;

  constructor(
    private readonly connection: string,
    private readonly queue: string | undefined,
    secret: string | undefined,
    private readonly logger: Logger,
  ) {
    this.invoker = queueInvoker({ connection, queue, secret, logger });
  }

  /**
   * Applies the shared tool states and starts hearing the queue's events. Waits
   * for Redis as the worker does (ioredis reconnects, each failure logged), so
   * that the server and Redis may start in any order.
   */
  async connect(loaded: LoadedTools): Promise<void> {
    this.states = await syncToolStates(loaded.registry, { connection: this.connection, queue: this.queue, logger: this.logger });
    await this.invoker.ready();
  }

  async close(): Promise<void> {
    await this.states?.close();
    await this.invoker.close();
  }
}

/** Serves over stdio (or the transport `run` was given) until the client leaves. */
async function serveStdio(ctx: CommandContext, loaded: LoadedTools, settings: Omit<ServeMcpOptions, 'transport'>): Promise<void> {
  const stdio = ctx.io.mcpTransport === undefined;
  const handle: McpServerHandle = ctx.io.mcpTransport
    ? await serveMcp(loaded.registry, { ...settings, transport: ctx.io.mcpTransport() })
    : await serveMcpStdio(loaded.registry, settings);
  const closed = new Promise<void>((resolve) => {
    handle.server.onclose = resolve;
  });
  // The client closing our stdin ends the session (the SDK's client does
  // that first, and only kills the process 2 s later).
  if (stdio) process.stdin.once('end', () => void handle.close());
  ctx.err(`victor-tools: serving ${loaded.registry.listTools().length} tools from ${loaded.directory} over MCP`);
  await closed;
}

/** Serves over Streamable HTTP until SIGINT or SIGTERM, then closes every session and connection. */
async function serveHttp(
  ctx: CommandContext,
  loaded: LoadedTools,
  settings: Omit<ServeMcpOptions, 'transport'>,
  options: ServeOptions,
): Promise<void> {
  let handle;
  try {
    handle = await serveMcpHttp(loaded.registry, {
      ...settings,
      port: options.port,
      host: options.host,
      stateless: !options.stateful,
      token: options.token,
    });
  } catch (error) {
    if (error instanceof MissingTokenError) throw new CliError(error.message, 2);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      throw new CliError(`cannot listen on ${options.host ?? '127.0.0.1'}:${options.port ?? 0}: ${(error as Error).message}`, 1);
    }
    throw error;
  }
  const mode = options.stateful ? 'stateful' : 'stateless';
  ctx.err(`victor-tools: serving ${loaded.registry.listTools().length} tools from ${loaded.directory} over MCP (Streamable HTTP, ${mode}) at ${handle.url}`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await handle.close();
  ctx.err('victor-tools: stopped');
}
