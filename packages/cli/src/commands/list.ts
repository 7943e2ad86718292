import type { Command } from 'commander';
import type { BaseTool } from '@victor-tools/core';
import type { CommandContext } from '../command-context';
import { toJson } from '../format/json';
import { renderTable } from '../format/table';
import { jsonOption } from '../options';
import type { LoadedTools } from '../load-tools';

/** One row of `victor-tools list`. */
export interface ToolListing {
  name: string;
  costTier: string;
  /** The declared access mode, or 'undeclared' (refused in plan and explore mode). */
  accessMode: string;
  category: string;
  enabled: boolean;
  available: boolean;
}

/** The rows of `list`: every registered tool, sorted by name. */
export function listTools({ registry, metadataRegistry }: LoadedTools): ToolListing[] {
  return registry
    .listTools({ onlyEnabled: false })
    .map((tool: BaseTool) => {
      const declared = tool.metadata?.accessMode;
      return {
        name: tool.name,
        costTier: String(tool.costTier.value),
        accessMode: declared === undefined ? 'undeclared' : String(typeof declared === 'string' ? declared : declared.value),
        category: metadataRegistry.getMetadata(tool.name)?.category ?? '',
        enabled: registry.isToolEnabled(tool.name),
        available: isAvailable(tool),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

// As the registry counts it: a check that throws means unavailable.
function isAvailable(tool: BaseTool): boolean {
  try {
    return tool.isAvailable();
  } catch {
    return false;
  }
}

function enabledCell(row: ToolListing): string {
  if (!row.enabled) return 'no';
  return row.available ? 'yes' : 'unavailable';
}

/** `victor-tools list`: a table of the tools with their cost tier, access mode, category and state. */
export function registerListCommand(program: Command, ctx: CommandContext): void {
  program
    .command('list')
    .description('List the tools: name, cost tier, access mode, category, enabled')
    .addOption(jsonOption())
    .action(async (options: { json?: boolean }, command: Command) => {
      const rows = listTools(await ctx.load(command));
      if (options.json) return ctx.out(toJson(rows));
      if (rows.length === 0) return ctx.err('No tools found. Check the --tools directory: it should hold compiled .js files exporting tools.');
      const table = rows.map((r) => [r.name, r.costTier, r.accessMode, r.category, enabledCell(r)]);
      ctx.out(renderTable(['name', 'tier', 'access', 'category', 'enabled'], table, { width: ctx.tableWidth, styles: ctx.styles.out }));
    });
}
