import { CostTier, Priority, SchemaLevel, type BaseTool } from '@victor-tools/core';
import { checkModePolicy, type SchemaRenderer } from '@victor-tools/core/framework';
import { describeValue, getSchemaRenderer } from '@victor-tools/core/internal';
import { criticalToolNames, indexedSource, rebuildCount, ToolMetadataRegistry } from './metadata-registry';
import { checkSelectOptions } from './select-option-keys';
import { requestText } from './text/request-text';
import { renderedTokens } from './token-count';
import type { SearchOptions } from './types';
import type { SelectableRegistry, SelectedTool, SelectToolsOptions, ToolSelection } from './selection-types';

const DEFAULT_MAX_TOOLS = 10;

/** The OpenAI chat format of `toJSONSchema()`, at a level. */
const defaultRenderer: SchemaRenderer = { name: 'openai', render: (tool, level) => tool.toSchema(level) };

/** Levels from most to least verbose, from the cap down to the floor. */
function levelsBetween(cap: SchemaLevel, floor: SchemaLevel): SchemaLevel[] {
  const all = [SchemaLevel.FULL, SchemaLevel.COMPACT, SchemaLevel.STUB];
  const levels = all.slice(all.indexOf(cap), all.indexOf(floor) + 1);
  if (levels.length === 0) throw new RangeError(`selectTools: lowestLevel '${floor.value}' is more verbose than level '${cap.value}'`);
  return levels;
}

interface Candidate {
  name: string;
  tool: BaseTool;
  level?: SchemaLevel;
}

/** What both `selectTools` and `selectToolsAsync` prepare before ranking. */
export interface SelectionPlan {
  /** The registry selected from: the shared metadata registry was refreshed from it. */
  readonly registry: SelectableRegistry;
  /** The metadata registry's rebuild count right after that refresh. */
  readonly rebuilds: number;
  readonly metadataRegistry: ToolMetadataRegistry;
  readonly usable: ReadonlyMap<string, BaseTool> | undefined;
  readonly listed: readonly BaseTool[];
  readonly maxTools: number;
  readonly searchOptions: SearchOptions;
}

function plan(registry: SelectableRegistry, options: SelectToolsOptions): SelectionPlan {
  const metadataRegistry = options.metadataRegistry ?? ToolMetadataRegistry.getInstance();
  // A view may yield its tools; core's ToolRegistry answers an array already.
  const tools = registry.listTools();
  const listed = Array.isArray(tools) ? (tools as BaseTool[]) : [...tools];
  refreshIfChanged(registry, metadataRegistry);
  // Usually every indexed tool is enabled and available: then search needs no
  // filter and no name -> tool map has to be built (milliseconds at 10,000 tools).
  const everyToolUsable = listed.length === metadataRegistry.toolCount;
  const usable = everyToolUsable ? undefined : new Map<string, BaseTool>();
  if (usable) for (const tool of listed) if (!usable.has(tool.name)) usable.set(tool.name, tool);
  const maxTools = options.maxTools ?? DEFAULT_MAX_TOOLS;
  const searchOptions: SearchOptions = {
    limit: maxTools,
    stage: options.stage,
    taskType: options.taskType,
    mode: options.mode,
    sandbox: options.sandbox,
    maxCostTier: options.maxCostTier,
    filter: usable ? (name) => usable.has(name) : undefined,
    signal: options.signal,
  };
  return { registry, rebuilds: rebuildCount(metadataRegistry), metadataRegistry, usable, listed, maxTools, searchOptions };
}

/**
 * `prepared` when the metadata registry still holds what it was refreshed
 * with for it, otherwise a new plan. The metadata registry is shared (by
 * default process-wide): while a selection awaits `searchAsync`, another
 * selection may refresh it from another registry, and looking tools, CRITICAL
 * ones included, up in that index would offer the other registry's tools.
 * Call it after every await, right before the index is used again.
 */
export function currentPlan(prepared: SelectionPlan, options: SelectToolsOptions): SelectionPlan {
  const { registry, metadataRegistry } = prepared;
  if (indexedSource(metadataRegistry) === registry && rebuildCount(metadataRegistry) === prepared.rebuilds) return prepared;
  return plan(registry, options);
}

/**
 * The tools to send to a model for `query`: the best-ranked enabled and
 * available tools the mode allows (in EXPLORE, WRITE, EXECUTE and MIXED tools
 * only with a `sandbox`, as `registry.execute` allows them), each at the most verbose schema level the
 * token budget leaves room for. Every chosen tool first gets its smallest
 * level, in rank order, while the budget holds; then, again in rank order,
 * each is raised as far as the rest of the budget allows, but never above a
 * better-ranked tool, so the best tools are the most verbose and the total
 * never exceeds `tokenBudget`. A `Priority.CRITICAL` tool is always chosen
 * (when the mode, the cost cap and the budget allow it), in place of the
 * worst-ranked others when `maxTools` is reached, but never of the best
 * match (so `maxTools: 1` with a critical tool selects two). Schemas are rendered and
 * counted in the `provider`'s format. A blank query ranks by priority, then name.
 * An unknown option throws a TypeError naming it (and a close known one).
 */
export function selectTools(registry: SelectableRegistry, query: string, options: SelectToolsOptions = {}): ToolSelection {
  requestText(query, 'selectTools');
  checkSelectOptions('selectTools', options);
  const provider = resolveProvider(options.provider);
  const prepared = plan(registry, options);
  const names = query.trim() ? prepared.metadataRegistry.search(query, prepared.searchOptions).map((r) => r.name) : rankWithoutQuery(prepared, options);
  return fit(prepared, names, options, provider);
}

/**
 * `selectTools` ranking with `searchAsync`: waits for an asynchronous
 * embedder's vectors (configured with `ToolMetadataRegistry.configure({ embedder })`).
 */
export async function selectToolsAsync(registry: SelectableRegistry, query: string, options: SelectToolsOptions = {}): Promise<ToolSelection> {
  requestText(query, 'selectToolsAsync');
  checkSelectOptions('selectToolsAsync', options);
  const provider = resolveProvider(options.provider);
  const prepared = plan(registry, options);
  const names = query.trim()
    ? (await prepared.metadataRegistry.searchAsync(query, prepared.searchOptions)).map((r) => r.name)
    : rankWithoutQuery(prepared, options);
  return fit(currentPlan(prepared, options), names, options, provider);
}

/**
 * The tools the selection must hold: the CRITICAL ones and the `pinned`
 * ones, usable, allowed by the mode and under the cost cap, by name.
 */
function alwaysSelected(prepared: SelectionPlan, options: SelectToolsOptions): string[] {
  const wanted: string[] = [...criticalToolNames(prepared.metadataRegistry)];
  for (const pinned of options.pinned ?? []) {
    if (typeof pinned !== 'string') throw new TypeError(`selectTools: pinned must hold tool names, got ${describeValue(pinned)}`);
    wanted.push(pinned);
  }
  return selectable(prepared, options, wanted);
}

/**
 * The tools of `wanted` (names or aliases, in order, each once) that are
 * usable, allowed by the mode and under the cost cap, by name.
 */
function selectable(prepared: SelectionPlan, options: SelectToolsOptions, wanted: Iterable<string>): string[] {
  const { metadataRegistry, usable } = prepared;
  const maxWeight = options.maxCostTier === undefined ? Infinity : CostTier.from(options.maxCostTier).weight;
  const names = new Set<string>();
  for (const wantedName of wanted) {
    const name = metadataRegistry.getTool(wantedName)?.name;
    if (name === undefined || names.has(name)) continue;
    const tool = usable ? usable.get(name) : metadataRegistry.getTool(name);
    if (tool === undefined) continue;
    if (CostTier.from(tool.costTier).weight > maxWeight) continue;
    if (options.mode !== undefined && !checkModePolicy(tool, { mode: options.mode, sandbox: options.sandbox }, undefined).allowed) continue;
    names.add(name);
  }
  return [...names];
}

/**
 * The tools to send for an order of names ranked elsewhere (by
 * `selectToolsForConversation`): the same fitting as `selectTools`, after
 * `selectTools`' own bringing up to date of the metadata registry.
 */
export function selectRanked(
  registry: SelectableRegistry,
  rank: (current: () => SelectionPlan) => Promise<{ names: string[]; matched: boolean }>,
  options: SelectToolsOptions,
  kept: readonly string[] = [],
): Promise<ToolSelection> {
  const provider = resolveProvider(options.provider);
  let prepared = plan(registry, options);
  const current = (): SelectionPlan => (prepared = currentPlan(prepared, options));
  return rank(current).then(({ names, matched }) => fit(current(), names, options, provider, kept, matched));
}

/**
 * Fits the ranked `names` (plus every CRITICAL and pinned tool) into
 * `maxTools` and the token budget. `kept` (names, the most wanted first: the
 * tools a conversation called, the latest first) come after the CRITICAL and
 * pinned tools and the best match, before the other ranked tools, and never
 * push the selection past `maxTools`. Without a request (`matched` false), the
 * ranking (by priority, then name) matches nothing: the kept tools come
 * before it, the first of them in the best match's place.
 */
function fit(
  prepared: SelectionPlan,
  ranked: readonly string[],
  options: SelectToolsOptions,
  provider: SchemaRenderer,
  kept: readonly string[] = [],
  matched = true,
): ToolSelection {
  const { metadataRegistry, usable, maxTools } = prepared;
  const budget = options.tokenBudget ?? Infinity;
  const levels = levelsBetween(SchemaLevel.from(options.level ?? SchemaLevel.FULL), SchemaLevel.from(options.lowestLevel ?? SchemaLevel.STUB));
  const toolOf = (name: string): BaseTool | undefined => (usable ? usable.get(name) : metadataRegistry.getTool(name));

  // Critical tools the ranking left out take the places of the worst-ranked others,
  // never of the best match: the selection is there for the request first.
  const critical = new Set(alwaysSelected(prepared, options));
  const best = ranked.length > 0 && !critical.has(ranked[0]) ? ranked[0] : undefined;
  const room = Math.max(maxTools, critical.size + (best === undefined ? 0 : 1));
  const keep = new Set(critical);
  const keptNames = selectable(prepared, options, kept).filter((name) => !critical.has(name));
  const wanted = matched || keptNames.length === 0 ? [...(best === undefined ? [] : [best]), ...keptNames, ...ranked] : [...keptNames, ...ranked];
  for (const name of wanted) {
    if (keep.size >= room) break;
    keep.add(name);
  }
  // In rank order, then the kept tools the ranking left out, then the critical ones.
  const names = [...new Set([...ranked, ...wanted, ...critical])].filter((name) => keep.has(name));

  const candidates: Candidate[] = [];
  for (const name of names) {
    const tool = toolOf(name);
    if (tool) candidates.push({ name, tool });
  }
  const tokensOf = (candidate: Candidate, level: SchemaLevel): number => renderedTokens(candidate.tool, level, provider);
  let total = 0;
  const smallest = levels[levels.length - 1];
  // Critical tools claim their smallest schema first, so the budget never drops them for a better-ranked one.
  // Critical and pinned tools claim first, then the best match, the kept ones and the rest.
  const claimOrder = new Map([...keep].map((name, i) => [name, i]));
  const byClaim = [...candidates].sort((a, b) => (claimOrder.get(a.name) ?? 0) - (claimOrder.get(b.name) ?? 0));
  for (const candidate of byClaim) {
    const tokens = tokensOf(candidate, smallest);
    if (total + tokens > budget) continue;
    candidate.level = smallest;
    total += tokens;
  }
  // A tool is never raised above a better-ranked one: FULL for the best, then
  // COMPACT, then STUB (SPEC section 8), even where a smaller, worse-ranked
  // schema would still fit at a higher level.
  let ceiling = 0;
  for (const candidate of candidates) {
    if (!candidate.level) continue;
    const current = tokensOf(candidate, candidate.level);
    for (const level of levels.slice(ceiling)) {
      if (level === candidate.level) break;
      const tokens = tokensOf(candidate, level);
      if (total - current + tokens <= budget) {
        total += tokens - current;
        candidate.level = level;
        break;
      }
    }
    ceiling = levels.indexOf(candidate.level);
  }

  // Only the chosen level of each tool is rendered for the result; its count comes along.
  const tools: SelectedTool[] = [];
  for (const { name, tool, level } of candidates) {
    if (level === undefined) continue;
    const schema = provider.render(tool, level);
    tools.push({ name, level, schema, tokens: renderedTokens(tool, level, provider, () => schema) });
  }
  return { tools, totalTokens: tools.reduce((sum, t) => sum + t.tokens, 0) };
}

interface Watch {
  /** The metadata registry last brought up to date from this registry, and its rebuild count then. */
  metadataRegistry?: ToolMetadataRegistry;
  rebuilds: number;
  changed: boolean;
}

const watches = new WeakMap<SelectableRegistry, Watch>();

/**
 * Brings the metadata registry up to date with every registered tool (the
 * shared registry is not narrowed to the enabled ones). The registry itself
 * is the source, not its list of tools: the metadata registry then keeps
 * asking it which tools are enabled, so its own `search` still leaves out
 * the disabled ones after a selection (an array has no enabled state). A registry with
 * `onChange` is re-checked only after it reported a change, or when the
 * metadata registry was rebuilt from something else since: checking 10,000
 * tools' getters costs milliseconds, the search itself microseconds.
 */
function refreshIfChanged(registry: SelectableRegistry, metadataRegistry: ToolMetadataRegistry): void {
  let watch = watches.get(registry);
  if (watch === undefined && typeof registry.onChange === 'function') {
    const created: Watch = { rebuilds: 0, changed: true };
    registry.onChange(() => {
      created.changed = true;
    });
    watches.set(registry, (watch = created));
  }
  if (
    watch &&
    !watch.changed &&
    watch.metadataRegistry === metadataRegistry &&
    watch.rebuilds === rebuildCount(metadataRegistry) &&
    indexedSource(metadataRegistry) === registry
  ) {
    return;
  }
  metadataRegistry.refreshFromTools(registry);
  if (watch) {
    watch.changed = false;
    watch.metadataRegistry = metadataRegistry;
    watch.rebuilds = rebuildCount(metadataRegistry);
  }
}

/** The usable tools by priority, then name: the ranking of a request without words. */
export function rankWithoutQuery(prepared: SelectionPlan, options: SelectToolsOptions): string[] {
  const { metadataRegistry, maxTools } = prepared;
  const usable = prepared.usable ?? new Map(prepared.listed.map((tool) => [tool.name, tool]));
  const maxWeight = options.maxCostTier === undefined ? Infinity : CostTier.from(options.maxCostTier).weight;
  return [...usable]
    .filter(([, tool]) => CostTier.from(tool.costTier).weight <= maxWeight)
    .filter(([, tool]) => options.mode === undefined || checkModePolicy(tool, { mode: options.mode, sandbox: options.sandbox }, undefined).allowed)
    .map(([name]) => ({ name, priority: metadataRegistry.getMetadata(name)?.priority.weight ?? Priority.MEDIUM.weight }))
    .sort((a, b) => a.priority - b.priority || (a.name < b.name ? -1 : 1))
    .slice(0, maxTools)
    .map((r) => r.name);
}

/**
 * The renderer for `provider`: a `SchemaRenderer` as it is, or a name looked
 * up among the renderers registered with core (`@victor-tools/providers`
 * registers 'openai', 'anthropic', 'gemini' and 'mcp' when it loads; this
 * package cannot import it). 'openai' without providers loaded is the chat
 * format of `toSchema(level)`, the default.
 */
function resolveProvider(provider: SchemaRenderer | string | undefined): SchemaRenderer {
  if (provider === undefined) return defaultRenderer;
  if (typeof provider !== 'string') return provider;
  // An unknown name was refused by checkSelectOptions, before any selection starts; 'openai' needs no registration.
  return getSchemaRenderer(provider) ?? defaultRenderer;
}
