import { Option, type Command } from 'commander';
import { SchemaLevel, type BaseTool, type SchemaLevelValue } from '@victor-tools/core';
import { toAnthropicTool, toGeminiFunction, toMcpTool, toOpenAITool, type DroppedKeyword } from '@victor-tools/providers';
import type { ProviderName } from '@victor-tools/providers/framework';
import type { CommandContext } from '../command-context';
import { CliError } from '../errors/cli-error';
import { findTool } from '../find-tool';
import { toJson } from '../format/json';
import { levelOption, providerOption } from '../options';

interface SchemaOptions {
  level: string;
  provider?: string;
  strict?: boolean;
  json?: boolean;
}

/** One tool's schema in a provider's format, and what that format could not carry. */
export interface ToolSchemaExport {
  name: string;
  /** The provider, or null for the registry's own schema (the key is always there for a JSON reader). */
  provider: string | null;
  schema: unknown;
  /** Keywords the provider's format removed or rewrote (none without a provider). */
  dropped: DroppedKeyword[];
}

function checkSchemaOptions(options: SchemaOptions): void {
  if (options.strict && options.provider !== 'openai') {
    throw new CliError('--strict is an OpenAI option: add --provider openai, or leave --strict out.', 2);
  }
}

/** `tool` at `level` in a provider's format with the provider's report, or the registry's own schema (`toSchema`) without one. */
export function exportToolSchema(tool: BaseTool, options: SchemaOptions): ToolSchemaExport {
  checkSchemaOptions(options);
  const level = SchemaLevel.from(options.level as SchemaLevelValue);
  const provider = options.provider as ProviderName | undefined;
  if (provider === undefined) return { name: tool.name, provider: null, schema: tool.toSchema(level), dropped: [] };
  const exported =
    provider === 'openai'
      ? toOpenAITool(tool, { level, strict: options.strict ?? false })
      : provider === 'anthropic'
        ? toAnthropicTool(tool, { level })
        : provider === 'gemini'
          ? toGeminiFunction(tool, { level })
          : toMcpTool(tool, { level });
  return { name: tool.name, provider, schema: exported.schema, dropped: exported.dropped };
}

/** Renders `tool` at `level` in a provider's format, or the registry's own (`toSchema`) without one. */
export function renderToolSchema(tool: BaseTool, options: SchemaOptions): unknown {
  return exportToolSchema(tool, options).schema;
}

function droppedReport(exported: ToolSchemaExport, note: string): string[] {
  return [
    `${note} the ${exported.provider} format of '${exported.name}' dropped ${exported.dropped.length} keyword${exported.dropped.length === 1 ? '' : 's'}:`,
    ...exported.dropped.map((d) => `  ${d.path === '' ? '(root)' : d.path}: '${d.keyword}' ${d.action}: ${d.reason}`),
  ];
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
    .addOption(new Option('--json', 'print { name, provider, schema, dropped } objects, the provider report included, instead of the bare schemas'))
    .addHelpText(
      'after',
      "\nWith --provider, the keywords the provider's format cannot carry are listed on stderr;\n" +
        '--json prints { name, provider, schema, dropped } objects on stdout instead.\n\n' +
        'Examples:\n  victor-tools schema --provider anthropic\n  victor-tools schema find_files --level compact --provider openai --strict',
    )
    .action(async (name: string | undefined, options: SchemaOptions, command: Command) => {
      checkSchemaOptions(options);
      const { registry } = await ctx.load(command);
      const tools = name === undefined ? registry.listTools() : [await findTool(registry, name)];
      const exports = tools.map((tool) => exportToolSchema(tool, options));
      if (options.json) return ctx.out(toJson(name === undefined ? exports : exports[0]));
      ctx.out(toJson(name === undefined ? exports.map((e) => e.schema) : exports[0]!.schema));
      for (const exported of exports) if (exported.dropped.length > 0) ctx.err(droppedReport(exported, ctx.styles.err.cyan('note:')).join('\n'));
    });
}
