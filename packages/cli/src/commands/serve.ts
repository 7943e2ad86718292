import type { Command } from 'commander';
import { SchemaLevel, type Logger, type SchemaLevelValue } from '@victor-tools/core';
import type { ServeMcpOptions } from '@victor-tools/mcp';
import type { QueueInvoker, ToolStateSync } from '@victor-tools/queue';
import type { CommandContext } from '../command-context';
import { CliError } from '../errors/cli-error';
import { stderrLogger } from '../io';
import type { LoadedTools } from '../load-tools';
import { loadQueue } from '../optional-packages';
import { levelOption, modeOption, queueOption, queueSecretOption, redisOption, sandboxOption } from '../options';
import { addHttpOptions, checkHttpFlags, listedToolCount, serveRegistry, type HttpFlags } from '../serving';
import { executionContext } from './call';

interface ServeOptions extends HttpFlags {
  level: string;
  mode?: string;
  sandbox?: string;
  redis?: string;
  queue?: string;
  queueSecret?: string;
}

/** `victor-tools serve`: the tools as an MCP server, over stdio until the client closes stdin, or over either until SIGINT/SIGTERM. */
export function registerServeCommand(program: Command, ctx: CommandContext): void {
  const command = program
    .command('serve')
    .description('Serve the tools as an MCP server: over stdio (stdout carries the protocol, logs go to stderr), or over Streamable HTTP with --http')
    .addOption(levelOption('schema level of tools/list'))
    .addOption(modeOption('agent mode every call runs in, and that tools/list follows (default: build)'))
    .addOption(sandboxOption());
  addHttpOptions(command)
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
      checkHttpFlags(options, command);
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
        await serveRegistry(ctx, loaded.registry, settings, options, () => `${listedToolCount(loaded.registry, context)} tools from ${loaded.directory}`);
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
  private readonly queuePackage = loadQueue('victor-tools serve --redis');

  constructor(
    private readonly connection: string,
    private readonly queue: string | undefined,
    secret: string | undefined,
    private readonly logger: Logger,
  ) {
    this.invoker = this.queuePackage.queueInvoker({ connection, queue, secret, logger });
  }

  /**
   * Applies the shared tool states and starts hearing the queue's events. Waits
   * for Redis as the worker does (ioredis reconnects, each failure logged), so
   * that the server and Redis may start in any order.
   */
  async connect(loaded: LoadedTools): Promise<void> {
    this.states = await this.queuePackage.syncToolStates(loaded.registry, { connection: this.connection, queue: this.queue, logger: this.logger });
    await this.invoker.ready();
  }

  async close(): Promise<void> {
    await this.states?.close();
    await this.invoker.close();
  }
}
