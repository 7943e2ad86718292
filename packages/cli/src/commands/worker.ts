import type { Command } from 'commander';
import { Option } from 'commander';
import type { CommandContext } from '../command-context';
import { stderrLogger } from '../io';
import { loadQueue } from '../optional-packages';
import { parseMilliseconds, parsePositiveInteger, queueOption, queueSecretOption, redisOption } from '../options';

interface WorkerOptions {
  redis: string;
  queue?: string;
  concurrency?: number;
  grace: number;
  lockDuration?: number;
  queueSecret?: string;
  defaultTimeout?: number;
  maxTimeout?: number;
}

/**
 * `victor-tools worker --redis URL`: runs the calls queued by `queueInvoker`
 * (an MCP server started with `serve --http --redis`, or any registry built
 * with it) with the tools of `--tools`, until SIGTERM or SIGINT: then it takes
 * no new call, lets running ones finish within `--grace` ms, and exits.
 */
export function registerWorkerCommand(program: Command, ctx: CommandContext): void {
  program
    .command('worker')
    .description('Run queued tool calls (BullMQ on Redis) with the tools, until SIGTERM or SIGINT')
    .addOption(redisOption('the Redis server: redis://host:port, rediss://... or a unix socket path').makeOptionMandatory())
    .addOption(queueOption('the queue to take calls from (default: victor-tools)'))
    .option('-c, --concurrency <n>', 'tool runs at once, a run that outlives its deadline included (default: 10)', parsePositiveInteger)
    .addOption(new Option('--grace <ms>', 'on SIGTERM, how long running calls may take to finish').argParser(parsePositiveInteger).default(30_000))
    .addOption(
      new Option('--lock-duration <ms>', "how long a running call's lock lasts without renewal; a dead worker's calls are taken up after it (default: 10000)").argParser(
        parsePositiveInteger,
      ),
    )
    .addOption(
      queueSecretOption(
        "the secret the servers sign their calls with (16+ characters): with it, only signed calls run; without it, no tool that requires approval runs",
      ),
    )
    .addOption(
      new Option('--default-timeout <ms>', 'timeout of a tool that sets none, as the servers\' registries have it; 0: none (default: 30000)').argParser(
        parseMilliseconds,
      ),
    )
    .addOption(new Option('--max-timeout <ms>', 'the longest any call runs here, whatever the tool or the call says (default: no cap)').argParser(parseMilliseconds))
    .addHelpText('after', '\nExample:\n  victor-tools worker --tools ./dist/tools --redis redis://127.0.0.1:6379 --concurrency 20')
    .action(async (options: WorkerOptions, command: Command) => {
      // Before the tools load: a missing optional package is the first thing to say.
      const { startToolWorker } = loadQueue('victor-tools worker');
      const loaded = await ctx.load(command);
      const { verbose } = ctx.globals(command);
      const worker = await startToolWorker(loaded.registry, {
        connection: options.redis,
        queue: options.queue,
        concurrency: options.concurrency,
        lockDuration: options.lockDuration,
        secret: options.queueSecret,
        defaultTimeoutMs: options.defaultTimeout,
        maxTimeoutMs: options.maxTimeout,
        logger: stderrLogger(ctx.io.stderr, verbose ?? ctx.io.verbose ?? false),
      });
      const stopped = new Promise<string>((resolve) => {
        process.once('SIGTERM', () => resolve('SIGTERM'));
        process.once('SIGINT', () => resolve('SIGINT'));
      });
      ctx.err(`victor-tools: worker ${worker.name} taking calls from queue '${worker.queue}' with ${loaded.registry.size} tools from ${loaded.directory}`);
      const signal = await stopped;
      ctx.err(`victor-tools: ${signal}: taking no new calls; ${worker.running} running, ${options.grace} ms to finish`);
      await worker.close({ graceMs: options.grace });
      ctx.err('victor-tools: worker stopped');
    });
}
