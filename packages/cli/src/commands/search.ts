import { Option, type Command } from 'commander';
import { CostTier, type CostTierValue } from '@victor-tools/core';
import { capText } from '@victor-tools/core/internal';
import type { SearchResult } from '@victor-tools/metadata';
import type { CommandContext } from '../command-context';
import { toJson } from '../format/json';
import { renderTable } from '../format/table';
import { jsonOption, modeOption, parsePositiveInteger, sandboxOption } from '../options';
import { executionContext } from './call';

interface SearchCommandOptions {
  limit: number;
  mode?: string;
  sandbox?: string;
  maxCostTier?: string;
  json?: boolean;
}

/** `victor-tools search TEXT`: the metadata registry's ranked search over the enabled tools. */
export function registerSearchCommand(program: Command, ctx: CommandContext): void {
  program
    .command('search')
    .description('Rank the tools for a task described in words, with score and reasons')
    .argument('<text...>', 'what the tool should do (several words need no quotes)')
    .option('-n, --limit <count>', 'how many results at most', parsePositiveInteger, 10)
    .addOption(modeOption('leave out tools this agent mode refuses'))
    .addOption(sandboxOption())
    .addOption(new Option('--max-cost-tier <tier>', 'leave out tools above this cost tier').choices(CostTier.values().map((t) => String(t.value))))
    .addOption(jsonOption())
    .addHelpText('after', '\nExamples:\n  victor-tools search count words in a text\n  victor-tools search "find files" --limit 3 --mode plan\n  victor-tools search "save notes" --mode explore --sandbox ./work')
    .action(async (words: string[], options: SearchCommandOptions, command: Command) => {
      const query = words.join(' ');
      // As for call: explore mode offers WRITE, EXECUTE and MIXED tools only with a sandbox, which must exist.
      const { mode, sandbox } = executionContext(options);
      const { registry, metadataRegistry } = await ctx.load(command);
      const enabled = new Set(registry.listTools().map((t) => t.name));
      const results: SearchResult[] = metadataRegistry.search(query, {
        limit: options.limit,
        mode,
        sandbox,
        maxCostTier: options.maxCostTier as CostTierValue | undefined,
        filter: (name) => enabled.has(name),
      });
      if (options.json) return ctx.out(toJson(results));
      // The request is echoed cut, as the registry echoes names: a pasted log must not come back whole.
      if (results.length === 0) return ctx.err(`No tool matches '${capText(query)}'. Try other words, or 'victor-tools list' to see them all.`);
      const table = results.map((r, i) => [i + 1, r.name, r.score.toFixed(2), r.reasons.join('; ')]);
      ctx.out(renderTable(['#', 'name', 'score', 'reasons'], table, { width: ctx.tableWidth, styles: ctx.styles.out }));
    });
}
