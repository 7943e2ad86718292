import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { ToolExecutionContext, ToolResult } from '@victor-tools/core';
import { DeferredArguments, parseCallArguments, readDeferredArguments } from '../call-arguments';
import type { CommandContext } from '../command-context';
import { SandboxNotFoundError } from '../errors/sandbox-not-found-error';
import { ToolNotFoundError } from '../errors/tool-not-found-error';
import { UnserializableOutputError } from '../errors/unserializable-output-error';
import { toJson } from '../format/json';
import { modeOption, sandboxOption, toAgentMode } from '../options';

interface CallOptions {
  mode?: string;
  sandbox?: string;
}

/** `--sandbox DIR` as the real path of an existing directory; `SandboxNotFoundError` (a usage error) otherwise. */
function sandboxDirectory(dir: string): string {
  const full = resolve(dir);
  try {
    if (statSync(full).isDirectory()) return realpathSync(full);
  } catch {
    // reported below
  }
  throw new SandboxNotFoundError(full);
}

/** The execution context of `--mode` and `--sandbox`; a `--sandbox` that is not a directory is a usage error. */
export function executionContext(options: CallOptions): ToolExecutionContext {
  const ctx: ToolExecutionContext = {};
  const mode = toAgentMode(options.mode);
  if (mode !== undefined) ctx.mode = mode;
  if (options.sandbox !== undefined) ctx.sandbox = sandboxDirectory(options.sandbox);
  return ctx;
}

/** The result as JSON, or, when its output cannot be written as JSON, a failed result saying so in the words of every other door (MCP, the adapters). */
function resultJson(name: string, result: ToolResult): { json: string; error?: string } {
  try {
    return { json: toJson(result) };
  } catch (error) {
    if (!(error instanceof UnserializableOutputError)) throw error;
    const message = `Tool '${name}' returned an output that cannot be sent as JSON: ${error.reason}`;
    return { json: toJson({ success: false, output: null, error: message }), error: message };
  }
}

/** `victor-tools call NAME [JSON]`: runs a tool through the registry and prints its ToolResult. */
export function registerCallCommand(program: Command, ctx: CommandContext): void {
  program
    .command('call')
    .description('Run a tool through the registry (validation, mode policy, hooks, timeout) and print its ToolResult as JSON')
    .argument('<name>', 'the tool name or alias')
    .argument('[json]', 'the arguments: a JSON object, - to read it from stdin, or @FILE to read it from a file', parseCallArguments, {})
    .addOption(modeOption('agent mode the call runs in (default: build)'))
    .addOption(sandboxOption())
    .addHelpText(
      'after',
      '\nExit status: 0 when the result succeeded, 1 when it failed (the result is still printed).\n\n' +
        'Examples:\n' +
        '  victor-tools call text_stats \'{"text": "Hello there. Bye."}\'\n' +
        '  victor-tools call find_files \'{"pattern": "*.json"}\' --mode plan\n' +
        '  victor-tools call custom_tool @args.json --mode explore --sandbox ./scratch\n' +
        '  generate-args | victor-tools call word_count -',
    )
    .action(async (name: string, given: Record<string, unknown> | DeferredArguments, options: CallOptions, command: Command) => {
      const context = executionContext(options);
      const args = given instanceof DeferredArguments ? await readDeferredArguments(given, ctx.io.stdin ?? process.stdin) : given;
      const { registry } = await ctx.load(command);
      const result = await registry.execute(name, args, context);
      const { json, error } = resultJson(name, result);
      ctx.out(json);
      if (error !== undefined) {
        ctx.error(error);
        ctx.exitCode = 1;
      } else if (!result.success) {
        // An unknown tool: the same message, with the registry's suggestions, as `schema` prints.
        const suggestions = registry.get(name) ? undefined : result.metadata?.['suggestions'];
        ctx.error(Array.isArray(suggestions) ? new ToolNotFoundError(name, suggestions.map(String)).message : (result.error ?? `tool '${name}' failed`));
        ctx.exitCode = 1;
      }
    });
}
