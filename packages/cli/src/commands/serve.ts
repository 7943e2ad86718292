import type { Command } from 'commander';
import { SchemaLevel, type SchemaLevelValue } from '@victor-tools/core';
import { serveMcp, serveMcpStdio, type ServeMcpOptions } from '@victor-tools/mcp';
import type { CommandContext } from '../command-context';
import { stderrLogger } from '../io';
import { levelOption, modeOption, sandboxOption } from '../options';
import { executionContext } from './call';

interface ServeOptions {
  level: string;
  mode?: string;
  sandbox?: string;
}

/**
 * While serving over stdio, stdout carries the protocol: a tool's stray
 * `console.log` would corrupt it, so the console's stdout methods write to
 * stderr until the server stops. Returns the function that undoes it.
 */
function routeConsoleToStderr(): () => void {
  const saved = { log: console.log, info: console.info, debug: console.debug };
  console.log = console.info = console.debug = (...args: unknown[]) => console.error(...args);
  return () => Object.assign(console, saved);
}

/** `victor-tools serve`: the tools as an MCP server over stdio, until the client closes stdin. */
export function registerServeCommand(program: Command, ctx: CommandContext): void {
  program
    .command('serve')
    .description('Serve the tools as an MCP server over stdio (stdout carries the protocol, logs go to stderr)')
    .addOption(levelOption('schema level of tools/list'))
    .addOption(modeOption('agent mode every call runs in (default: build)'))
    .addOption(sandboxOption())
    .addHelpText(
      'after',
      '\nIn an MCP client configuration (Claude Desktop and others):\n' +
        '  { "mcpServers": { "victor-tools": { "command": "npx", "args": ["-y", "@victor-tools/cli", "serve", "--tools", "/abs/path/to/dist/tools"] } } }',
    )
    .action(async (options: ServeOptions, command: Command) => {
      const context = executionContext(options);
      const loaded = await ctx.load(command);
      const { verbose } = ctx.globals(command);
      const settings: Omit<ServeMcpOptions, 'transport'> = {
        context,
        level: SchemaLevel.from(options.level as SchemaLevelValue),
        logger: stderrLogger(ctx.io.stderr, verbose ?? ctx.io.verbose ?? false),
      };
      const stdio = ctx.io.mcpTransport === undefined;
      const restoreConsole = stdio ? routeConsoleToStderr() : () => undefined;
      try {
        const handle = ctx.io.mcpTransport
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
      } finally {
        restoreConsole();
      }
    });
}
