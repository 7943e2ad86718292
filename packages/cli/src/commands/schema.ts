import type { Command } from 'commander';
import { SchemaLevel, type BaseTool, type SchemaLevelValue } from '@victor-tools/core';
import { createOpenAIRenderer, getRenderer } from '@victor-tools/providers';
import type { CommandContext } from '../command-context';
import { CliError } from '../errors/cli-error';
import { findTool } from '../find-tool';
import { toJson } from '../format/json';
import { levelOption, providerOption } from '../options';

interface SchemaOptions {
  level: string;
  provider?: string;
  strict?: boolean;
}

function checkSchemaOptions(options: SchemaOptions): void {
  if (options.strict && options.provider !== 'openai') {
    throw new CliError('--strict is an OpenAI option: add --provider openai, or leave --strict out.', 2);
  }
}

/** Renders `tool` at `level` in a provider's format, or the registry's own (`toSchema`) without one. */
export function renderToolSchema(tool: BaseTool, options: SchemaOptions): unknown {
  checkSchemaOptions(options);
  const level = SchemaLevel.from(options.level as SchemaLevelValue);
  if (options.provider === undefined) return tool.toSchema(level);
  const renderer = options.strict ? createOpenAIRenderer({ strict: true }) : getRenderer(options.provider);
  return renderer.render(tool, level);
}

/** `victor-tools schema [NAME]`: the JSON schema of one tool, or of every listed tool. */
export function registerSchemaCommand(program: Command, ctx: CommandContext): void {
  program
    .command('schema')
    .description('Print the JSON schema of every enabled tool, or of the one named')
    .argument('[name]', 'a tool name or alias (default: all enabled and available tools)')
    .addOption(levelOption('schema level'))
    .addOption(providerOption())
    .option('--strict', 'OpenAI strict mode (Structured Outputs); needs --provider openai')
    .addHelpText('after', '\nExamples:\n  victor-tools schema --provider anthropic\n  victor-tools schema find_files --level compact --provider openai --strict')
    .action(async (name: string | undefined, options: SchemaOptions, command: Command) => {
      checkSchemaOptions(options);
      const { registry } = await ctx.load(command);
      const tools = name === undefined ? registry.listTools() : [await findTool(registry, name)];
      const schemas = tools.map((tool) => renderToolSchema(tool, options));
      ctx.out(toJson(name === undefined ? schemas : schemas[0]));
    });
}
