import { PassThrough, type Readable } from 'node:stream';
import { Option, type Command } from 'commander';
import { SchemaLevel, ToolRegistry, type SchemaLevelValue } from '@victor-tools/core';
import type { ServeMcpOptions } from '@victor-tools/mcp';
import { ToolMetadataRegistry } from '@victor-tools/metadata';
import type { CommandContext } from '../command-context';
import { CliError } from '../errors/cli-error';
import { toJson } from '../format/json';
import { renderTable } from '../format/table';
import { closeServers, mountServersUntilStopped, toolListTokens, type FailedServer, type MountedServer } from '../gateway/mount-servers';
import { readServersConfig } from '../gateway/servers-config';
import { stderrLogger } from '../io';
import { loadSemantic } from '../optional-packages';
import { jsonOption, levelOption, modeOption, parseDuration, sandboxOption } from '../options';
import { addHttpOptions, checkHttpFlags, listedToolCount, serveRegistry, type HttpFlags } from '../serving';
import { ShutdownGuard } from '../shutdown-guard';
import { executionContext } from './call';

/**
 * How long a mounted stdio server may take to exit once its stdin closes,
 * and then once it got SIGTERM, when the gateway stops. The SDK's own 2 s
 * each would outlast the gateway: its MCP client (the SDK's, too) sends
 * SIGTERM 2 s after closing the gateway's stdin, and SIGKILL 2 s later.
 */
const SERVER_GRACE_MS = 500;

/**
 * The flags that say how to serve, by their option key: `--check` serves
 * nothing, and taking them silently would let a user believe they were
 * checked. (`--tools` is loaded by `--check`, so a missing directory is
 * still reported.)
 */
const SERVING_ONLY = { http: '--http', progressive: '--progressive', mode: '--mode', sandbox: '--sandbox', level: '--level' } as const;

interface GatewayOptions extends HttpFlags {
  config: string;
  level: string;
  mode?: string;
  sandbox?: string;
  progressive?: boolean;
  pin?: string[];
  semantic?: boolean;
  check?: boolean;
  json?: boolean;
  connectTimeout?: number;
}

/**
 * `victor-tools gateway --config servers.json`: mounts every MCP server of an
 * `mcpServers` configuration (and the `--tools` directory, when given) into
 * one registry and serves the union over stdio or HTTP, with the registry's
 * modes, approval, timeouts and hooks; `--progressive` lists a search tool
 * instead of every schema; `--check` starts the servers, reports and exits.
 */
export function registerGatewayCommand(program: Command, ctx: CommandContext): void {
  const command = program
    .command('gateway')
    .description('Mount the MCP servers of an mcpServers configuration and serve their tools as one MCP server (stdio, or HTTP with --http)')
    .requiredOption('-c, --config <file>', 'the servers: { "mcpServers": { "name": { "command", "args", "env", "cwd" } | { "url", "headers" } } }')
    .addOption(levelOption('schema level of tools/list'))
    .addOption(modeOption('agent mode every call runs in, and that tools/list follows (default: build)'))
    .addOption(sandboxOption())
    .addOption(new Option('--progressive', 'list only a search_tools tool and the pinned tools; each search enables the tools it finds for the session'))
    .addOption(new Option('--pin <names...>', 'with --progressive: tools always listed (besides those of priority CRITICAL)'))
    .addOption(new Option('--semantic', "with --progressive: rank with @victor-tools/semantic's offline word vectors as well as words (hybrid search)"))
    .addOption(new Option('--check', 'start every server, print what each offers and what failed, and exit (1 if any failed)'))
    .addOption(new Option('--connect-timeout <duration>', 'how long each step of starting a server may take (initialize, each page of tools/list) before it is left out; default 60s').argParser(parseDuration))
    .addOption(jsonOption('with --check: print its report as JSON instead of a table'));
  addHttpOptions(command).addHelpText(
    'after',
    '\nThe configuration is the one MCP clients use; each server\'s tools are named <server>_<tool>:\n' +
      '  { "mcpServers": {\n' +
      '      "fs": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/srv/notes"] },\n' +
      '      "github": { "url": "https://api.example.com/mcp", "headers": { "Authorization": "Bearer ${GITHUB_TOKEN}" } } } }\n' +
      'Examples:\n' +
      '  victor-tools gateway --config servers.json --check\n' +
      '  victor-tools gateway --config servers.json --mode plan --progressive\n' +
      '  victor-tools gateway --config servers.json --http --stateful --port 8765',
  );
  command.action(async (options: GatewayOptions, cmd: Command) => {
    checkHttpFlags(options, cmd);
    if ((options.pin !== undefined || options.semantic) && !options.progressive) throw new CliError(`--${options.pin !== undefined ? 'pin' : 'semantic'} needs --progressive`, 2);
    if (options.json && !options.check) throw new CliError('--json needs --check: it is the format of the report --check prints', 2);
    if (options.check) {
      // --level has a default: only one given on the command line is a mistake.
      const serving = (Object.keys(SERVING_ONLY) as Array<keyof typeof SERVING_ONLY>).find((key) => options[key] !== undefined && cmd.getOptionValueSource(key) === 'cli');
      if (serving) throw new CliError(`${SERVING_ONLY[serving]} means nothing with --check: it starts the servers, reports and exits, serving nothing`, 2);
    }
    if (options.progressive && options.http && !options.stateful) {
      throw new CliError('--progressive over HTTP needs --stateful: a stateless server forgets what search_tools enabled after each request', 2);
    }
    // Before any server starts: a missing optional package is the first thing to say.
    const semantic = options.semantic ? loadSemantic('victor-tools gateway --semantic') : undefined;
    const config = readServersConfig(options.config, ctx.io.env ?? process.env);
    for (const skipped of config.skipped) ctx.warn(`server '${skipped.name}' is left out: ${skipped.reason}`);
    const { tools, verbose } = ctx.globals(cmd);
    const logger = stderrLogger(ctx.io.stderr, verbose ?? ctx.io.verbose ?? false);
    const stderr = (name: string) => (ctx.verbose ? (line: string) => ctx.err(`[${name}] ${line}`) : ('ignore' as const));

    if (options.check) {
      // Exit 0 says every server started: with none to start it would say nothing.
      if (config.servers.length === 0) throw new CliError(`the servers configuration '${options.config}' names no server to check`, 1);
      // The --tools the gateway would mount must load: a missing directory is a usage error here too.
      if (tools !== undefined) await ctx.load(cmd);
      const guard = new ShutdownGuard();
      try {
        const outcome = await mountServersUntilStopped(config.servers, { logger, stderr, connectTimeoutMs: options.connectTimeout }, SERVER_GRACE_MS, guard);
        if (outcome.stopped) {
          ctx.err('victor-tools: stopped');
          return;
        }
        return await check(ctx, outcome, options.json === true, guard);
      } finally {
        guard.release();
      }
    }

    const context = executionContext(options);
    const local = tools === undefined ? undefined : await ctx.load(cmd);
    const registry = local?.registry ?? new ToolRegistry({ logger });
    const guard = new ShutdownGuard();
    // Over stdio, the client may leave while the servers start (an MCP client gives up on a slow initialize and
    // closes our stdin): stdin is read from now on, into `input` for the server, so that its end is seen.
    const input = !options.http && ctx.io.mcpTransport === undefined ? readStdin(guard) : undefined;
    const serving: MountedServer[] = [];
    try {
      const { mounted, failed, stopped } = await mountServersUntilStopped(config.servers, { logger, stderr, connectTimeoutMs: options.connectTimeout }, SERVER_GRACE_MS, guard);
      if (stopped) {
        ctx.err('victor-tools: stopped');
        return;
      }
      for (const server of failed) ctx.warn(`${server.reason}; it is left out`);
      for (const server of mounted) {
        try {
          server.set.attach(registry);
          serving.push(server);
        } catch (error) {
          ctx.warn(`server '${server.name}' is left out: ${(error as Error).message}`);
          await closeServers([server], SERVER_GRACE_MS, guard);
        }
      }
      if (serving.length === 0 && registry.size === 0) throw new CliError(`no server of '${options.config}' started, and no --tools were given: nothing to serve`, 1);
      const settings: Omit<ServeMcpOptions, 'transport'> = { context, level: SchemaLevel.from(options.level as SchemaLevelValue), logger };
      if (options.progressive) {
        for (const name of options.pin ?? []) if (!registry.has(name)) ctx.warn(`--pin '${name}' names no tool of the gateway; it pins nothing`);
        const searcher = local?.metadataRegistry ?? ToolMetadataRegistry.getInstance();
        if (semantic) searcher.configure({ embedder: semantic.wordVectorEmbedder() });
        settings.progressive = { searcher, pinned: options.pin };
      }
      const what = () =>
        `${listedToolCount(registry, context)} tools of ${serving.length} MCP server${serving.length === 1 ? '' : 's'}${local ? ` and ${local.directory}` : ''}` +
        (options.progressive ? ' (progressive: search_tools and the pinned tools listed)' : '');
      await serveRegistry(ctx, registry, settings, options, what, { guard, stdin: input?.stream });
    } finally {
      // From here a signal forces the stop (SIGKILL) rather than starting one.
      guard.stop();
      await closeServers(serving, SERVER_GRACE_MS, guard);
      input?.release();
      guard.release();
    }
  });
}

/**
 * Reads the process's stdin into a stream the MCP server reads later, and
 * stops `guard` when stdin ends. Nothing is lost: what the client sent
 * while the servers started waits in the stream.
 */
function readStdin(guard: ShutdownGuard): { stream: Readable; release(): void } {
  const stream = new PassThrough();
  const ended = () => guard.stop();
  process.stdin.once('end', ended);
  process.stdin.pipe(stream);
  return {
    stream,
    release() {
      process.stdin.off('end', ended);
      process.stdin.unpipe(stream);
      // Reading stdin would keep the process alive once everything else ended.
      process.stdin.pause();
    },
  };
}

/** `--check`: one row per server (status, tools, tokens of its tools/list), then exit 1 if any failed. */
async function check(ctx: CommandContext, outcome: { mounted: MountedServer[]; failed: FailedServer[] }, json: boolean, guard: ShutdownGuard): Promise<void> {
  try {
    const rows = [
      ...outcome.mounted.map((server) => ({
        server: server.name,
        status: 'ok' as const,
        tools: server.set.tools.map((tool) => tool.name),
        tokens: toolListTokens(server.set),
        serverInfo: server.set.server,
      })),
      ...outcome.failed.map((server) => ({ server: server.name, status: 'failed' as const, error: server.reason })),
    ];
    if (json) ctx.out(toJson(rows));
    else {
      const table = rows.map((row) =>
        row.status === 'ok' ? [row.server, 'ok', row.tools.length, row.tokens, row.tools.join(', ')] : [row.server, 'failed', '-', '-', row.error],
      );
      ctx.out(renderTable(['server', 'status', 'tools', 'tokens', 'tools offered, or why it failed'], table, { width: ctx.tableWidth, styles: ctx.styles.out }));
    }
    if (outcome.failed.length > 0) ctx.exitCode = 1;
  } finally {
    // The report is out: a signal now forces the stop (SIGKILL) rather than starting one.
    guard.stop();
    await closeServers(outcome.mounted, SERVER_GRACE_MS, guard);
  }
}
