import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { ToolExecutionContext } from '@victor-tools/core';
import type { CommandContext } from '../command-context';
import { toJson } from '../format/json';
import { modeOption, parseJsonArguments, sandboxOption, toAgentMode } from '../options';

interface CallOptions {
  mode?: string;
  sandbox?: string;
}

/** The execution context of `--mode` and `--sandbox`. */
export function executionContext(options: CallOptions): ToolExecutionContext {
  const ctx: ToolExecutionContext = {};
  const mode = toAgentMode(options.mode);
  if (mode !== undefined) ctx.mode = mode;
  if (options.sandbox !== undefined) ctx.sandbox = resolve(options.sandbox);
  return ctx;
}

/** `victor-tools call NAME [JSON]`: runs a tool through the registry and prints its ToolResult. */
export function registerCallCommand(program: Command, ctx: CommandContext): void {
  program
    .command('call')
    .description('Run a tool through the registry (validation, mode policy, hooks, timeout) and print its ToolResult as JSON')
    .argument('<name>', 'the tool name or alias')
    .argument('[json]', 'the arguments, a JSON object', parseJsonArguments, {})
    .addOption(modeOption('agent mode the call runs in (default: build)'))
    .addOption(sandboxOption())
    .addHelpText(
      'after',
      '\nExit status: 0 when the result succeeded, 1 when it failed (the result is still printed).\n\n' +
        'Examples:\n  victor-tools call text_stats \'{"text": "Hello there. Bye."}\'\n  victor-tools call find_files \'{"pattern": "*.json"}\' --mode plan',
    )
    .action(async (name: string, args: Record<string, unknown>, options: CallOptions, command: Command) => {
      const context = executionContext(options);
      const { registry } = await ctx.load(command);
      const result = await registry.execute(name, args, context);
      ctx.out(toJson(result));
      if (!result.success) {
        ctx.err(`error: ${result.error ?? `tool '${name}' failed`}`);
        ctx.exitCode = 1;
      }
    });
}
