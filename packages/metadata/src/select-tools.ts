import { CostTier, Priority, SchemaLevel, estimateTokens, type BaseTool, type SchemaRenderer } from '@victor-tools/core';
import { checkModePolicy } from './policy/check-mode-policy';
import { ToolMetadataRegistry } from './metadata-registry';
import type { SelectableRegistry, SelectedTool, SelectToolsOptions, ToolSelection } from './types';

const DEFAULT_MAX_TOOLS = 10;

/** The OpenAI chat format of `toJSONSchema()`, at a level. */
const defaultRenderer: SchemaRenderer = { name: 'openai', render: (tool, level) => tool.toSchema(level) };

/** Levels from most to least verbose, starting at the cap. */
function levelsFrom(cap: SchemaLevel): SchemaLevel[] {
  const all = [SchemaLevel.FULL, SchemaLevel.COMPACT, SchemaLevel.STUB];
  return all.slice(all.indexOf(cap));
}

interface Candidate {
  name: string;
  tool: BaseTool;
  rendered: Map<SchemaLevel, { schema: unknown; tokens: number }>;
  level?: SchemaLevel;
}

function render(candidate: Candidate, level: SchemaLevel, provider: SchemaRenderer): { schema: unknown; tokens: number } {
  let out = candidate.rendered.get(level);
  if (!out) {
    const schema = provider.render(candidate.tool, level);
    out = { schema, tokens: estimateTokens(schema) };
    candidate.rendered.set(level, out);
  }
  return out;
}

/**
 * The tools to send to a model for `query`: the best-ranked enabled and
 * available tools the mode allows, each at the most verbose schema level the
 * token budget leaves room for. Every chosen tool first gets its smallest
 * level, in rank order, while the budget holds; then, again in rank order,
 * each is raised as far as the rest of the budget allows — so the best tools
 * are the most verbose and the total never exceeds `tokenBudget`. Schemas are
 * rendered and counted in the `provider`'s format. A blank query ranks by
 * priority, then name.
 */
export function selectTools(registry: SelectableRegistry, query: string, options: SelectToolsOptions = {}): ToolSelection {
  const maxTools = options.maxTools ?? DEFAULT_MAX_TOOLS;
  const budget = options.tokenBudget ?? Infinity;
  const provider = options.provider ?? defaultRenderer;
  const levels = levelsFrom(SchemaLevel.from(options.level ?? SchemaLevel.FULL));
  const metadataRegistry = options.metadataRegistry ?? ToolMetadataRegistry.getInstance();

  const usable = new Map<string, BaseTool>();
  for (const tool of registry.listTools()) if (!usable.has(tool.name)) usable.set(tool.name, tool);
  // Index every registered tool, so the shared registry is not narrowed to the enabled ones.
  metadataRegistry.refreshFromTools(registry.listTools({ onlyEnabled: false }));

  const names = query.trim()
    ? metadataRegistry
        .search(query, {
          limit: maxTools,
          stage: options.stage,
          taskType: options.taskType,
          mode: options.mode,
          maxCostTier: options.maxCostTier,
          filter: (name) => usable.has(name),
        })
        .map((result) => result.name)
    : rankWithoutQuery(metadataRegistry, usable, options, maxTools);

  const candidates: Candidate[] = names.map((name) => ({ name, tool: usable.get(name)!, rendered: new Map() }));
  let total = 0;
  const smallest = levels[levels.length - 1];
  for (const candidate of candidates) {
    const { tokens } = render(candidate, smallest, provider);
    if (total + tokens > budget) continue;
    candidate.level = smallest;
    total += tokens;
  }
  for (const candidate of candidates) {
    if (!candidate.level) continue;
    const current = render(candidate, candidate.level, provider).tokens;
    for (const level of levels) {
      if (level === candidate.level) break;
      const { tokens } = render(candidate, level, provider);
      if (total - current + tokens <= budget) {
        total += tokens - current;
        candidate.level = level;
        break;
      }
    }
  }

  const tools: SelectedTool[] = candidates
    .filter((c): c is Candidate & { level: SchemaLevel } => c.level !== undefined)
    .map((c) => ({ name: c.name, level: c.level, ...render(c, c.level, provider) }));
  return { tools, totalTokens: tools.reduce((sum, t) => sum + t.tokens, 0) };
}

function rankWithoutQuery(
  metadataRegistry: ToolMetadataRegistry,
  usable: ReadonlyMap<string, BaseTool>,
  options: SelectToolsOptions,
  maxTools: number,
): string[] {
  const maxWeight = options.maxCostTier === undefined ? Infinity : CostTier.from(options.maxCostTier).weight;
  return [...usable]
    .filter(([, tool]) => CostTier.from(tool.costTier).weight <= maxWeight)
    .filter(([, tool]) => options.mode === undefined || checkModePolicy(tool, { mode: options.mode }, undefined).allowed)
    .map(([name]) => ({ name, priority: metadataRegistry.getMetadata(name)?.priority.weight ?? Priority.MEDIUM.weight }))
    .sort((a, b) => a.priority - b.priority || (a.name < b.name ? -1 : 1))
    .slice(0, maxTools)
    .map((r) => r.name);
}
