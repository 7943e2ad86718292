import { AccessMode, CostTier, type AccessModeLike, type BaseTool, type ToolMetadata } from '@victor-tools/core';
import { resolveMetadata } from './auto-metadata';
import { fingerprintTool } from './fingerprint';
import { Searcher, type SearchEntry } from './search/searcher';
import { splitWords } from './text/tokenize';
import { toolsOf } from './tool-source';
import type { MetadataStatistics, RefreshOptions, SearchOptions, SearchResult, ToolSource } from './types';

/** The `globalThis` key of the process-wide instance, shared by every copy of the package. */
export const METADATA_REGISTRY_KEY: unique symbol = Symbol.for('victor-tools.ToolMetadataRegistry') as never;

interface Entry extends SearchEntry {
  readonly explicit: boolean;
}

type Index = Map<string, Set<string>>;

const generations = new WeakMap<ToolMetadataRegistry, number>();

/** How many times `registry` has rebuilt its indexes (package-internal: lets `selectTools` know its last check still holds). */
export function rebuildCount(registry: ToolMetadataRegistry): number {
  return generations.get(registry) ?? 0;
}

function addTo(index: Index, key: string, name: string): void {
  let names = index.get(key);
  if (!names) index.set(key, (names = new Set()));
  names.add(name);
}

function sorted(names: Iterable<string> | undefined): string[] {
  return names ? [...names].sort() : [];
}

/** A metadata value equals a queried one: enums by value, arrays by membership, else strictly. */
function fieldMatches(actual: unknown, expected: unknown): boolean {
  const plain = (v: unknown): unknown => (v !== null && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v);
  if (Array.isArray(actual)) {
    const wanted = plain(expected);
    return actual.some((item) => {
      const value = plain(item);
      return typeof value === 'string' && typeof wanted === 'string' ? value.toLowerCase() === wanted.toLowerCase() : value === wanted;
    });
  }
  return plain(actual) === plain(expected);
}

/**
 * The metadata of every known tool, with indexes for the queries of the
 * selection layer and a ranked text search. One instance per process
 * (`getInstance()`); it is rebuilt from a set of tools by `refreshFromTools`,
 * which does nothing when no tool changed.
 */
export class ToolMetadataRegistry {
  private entries = new Map<string, Entry>();
  private aliases = new Map<string, string>();
  private fingerprints = new Map<string, string>();
  // The tool list of the last refresh and each one's fingerprint, by position:
  // the usual check (same tools, same order) needs no map.
  private lastTools: readonly BaseTool[] = [];
  private lastKeys: readonly string[] = [];
  private refreshed = false;
  private byCategory: Index = new Map();
  private byKeyword: Index = new Map();
  private byMandatoryKeyword: Index = new Map();
  private textMatchers: Array<{ words: string[]; names: ReadonlySet<string> }> = [];
  private byStage: Index = new Map();
  private byTaskType: Index = new Map();
  private byAccessMode: Index = new Map();
  private searcher = new Searcher([]);

  /** The process-wide instance, shared even by two installed copies of the package. */
  static getInstance(): ToolMetadataRegistry {
    const holder = globalThis as unknown as Record<symbol, ToolMetadataRegistry | undefined>;
    return (holder[METADATA_REGISTRY_KEY] ??= new ToolMetadataRegistry());
  }

  /** Drops the process-wide instance, so the next `getInstance()` starts empty (for tests). */
  static resetInstance(): void {
    delete (globalThis as unknown as Record<symbol, unknown>)[METADATA_REGISTRY_KEY];
  }

  /**
   * Whether `refreshFromTools(tools)` would rebuild: true before the first
   * refresh and when a tool was added or removed or changed its name,
   * description, parameters, cost tier, aliases or metadata.
   */
  needsReindex(tools: ToolSource): boolean {
    return !this.refreshed || this.changedFrom(toolsOf(tools));
  }

  /** Rebuilds the metadata and indexes from `tools` when they changed (or with `force`); returns whether it rebuilt. */
  refreshFromTools(tools: ToolSource, options: RefreshOptions = {}): boolean {
    const list = toolsOf(tools);
    if (this.refreshed && !options.force && !this.changedFrom(list)) {
      this.adopt(list);
      return false;
    }
    this.rebuild(list);
    return true;
  }

  /** The metadata of a tool by name or alias. */
  getMetadata(name: string): ToolMetadata | undefined {
    return this.entries.get(this.resolveName(name) ?? '')?.metadata;
  }

  /** Names of the tools of a category (case-insensitive), sorted. */
  getToolsByCategory(category: string): string[] {
    return sorted(this.byCategory.get(category.toLowerCase()));
  }

  /** Names of the tools with this keyword (case-insensitive), sorted. */
  getByKeyword(keyword: string): string[] {
    return sorted(this.byKeyword.get(keyword.toLowerCase()));
  }

  /** Names of the tools declaring this stage, sorted. */
  getToolsByStage(stage: string): string[] {
    return sorted(this.byStage.get(stage.toLowerCase()));
  }

  /** Names of the tools declaring this task type, sorted. */
  getToolsByTaskType(taskType: string): string[] {
    return sorted(this.byTaskType.get(taskType.toLowerCase()));
  }

  /** Names of the tools with this access mode, sorted. */
  getToolsByAccessMode(accessMode: AccessModeLike): string[] {
    return sorted(this.byAccessMode.get(AccessMode.from(accessMode).value));
  }

  /** Names of the tools whose execution category may run beside others, sorted. */
  getParallelizableTools(): string[] {
    return this.query((metadata) => metadata.executionCategory.canParallelize);
  }

  /** Names of the tools that must not run at the same time as `name` (never itself), sorted. */
  getConflictingTools(name: string): string[] {
    const own = this.resolveName(name);
    const category = own === undefined ? undefined : this.entries.get(own)?.metadata.executionCategory;
    if (!category) return [];
    return this.query((metadata, other) => other !== own && category.conflictsWith(metadata.executionCategory));
  }

  /**
   * Names of the tools one of whose keywords or mandatory keywords occurs in
   * `text` as whole words, case-insensitively ('thread' does not match
   * 'read'; a keyword of several words matches as a phrase), sorted.
   */
  getToolsMatchingText(text: string): string[] {
    const words = splitWords(text);
    if (words.length === 0) return [];
    const wordSet = new Set(words);
    const padded = ` ${words.join(' ')} `;
    const found = new Set<string>();
    for (const { words: keywordWords, names } of this.textMatchers) {
      const hit = keywordWords.length === 1 ? wordSet.has(keywordWords[0]) : padded.includes(` ${keywordWords.join(' ')} `);
      if (hit) for (const name of names) found.add(name);
    }
    return sorted(found);
  }

  /** Names of the tools whose metadata satisfies `predicate` (custom merged fields included), sorted. */
  query(predicate: (metadata: ToolMetadata, name: string) => boolean): string[] {
    const names: string[] = [];
    for (const [name, entry] of this.entries) if (predicate(entry.metadata, name)) names.push(name);
    return names.sort();
  }

  /**
   * Names of the tools whose metadata field equals `value` (an array field:
   * contains it; an enum field: its instance or value), sorted. Works for
   * fields added by declaration merging.
   */
  getToolsWhere<K extends keyof ToolMetadata>(field: K, value: unknown): string[] {
    return this.query((metadata) => fieldMatches(metadata[field], value));
  }

  /** Counts of the current tools, metadata kinds, categories (sorted) and keywords. */
  getStatistics(): MetadataStatistics {
    const explicit = [...this.entries.values()].filter((e) => e.explicit).length;
    return {
      totalTools: this.entries.size,
      toolsWithExplicitMetadata: explicit,
      toolsWithAutoMetadata: this.entries.size - explicit,
      totalCategories: this.byCategory.size,
      totalKeywords: this.byKeyword.size,
      categories: [...this.byCategory.keys()].sort(),
    };
  }

  /**
   * Ranked tools for a request: BM25F relevance over name, keywords,
   * category, description, use cases and examples (stemmed, stop words
   * dropped), raised by stage, task type and priority, lowered by cost when
   * a cheaper tool matches as well; mandatory keywords force a tool in first.
   */
  search(query: string, options: SearchOptions = {}): SearchResult[] {
    return this.searcher.search(query, options);
  }

  /** The tool object indexed under a name or alias (the one of the last refresh). */
  getTool(name: string): BaseTool | undefined {
    return this.entries.get(this.resolveName(name) ?? '')?.tool;
  }

  /** How many tools are indexed. */
  get toolCount(): number {
    return this.entries.size;
  }

  /** The names of the tools currently indexed, sorted. */
  getToolNames(): string[] {
    return sorted(this.entries.keys());
  }

  private resolveName(name: string): string | undefined {
    if (this.entries.has(name)) return name;
    return this.aliases.get(name);
  }

  private fingerprintsOf(tools: readonly BaseTool[]): Map<string, string> {
    const fingerprints = new Map<string, string>();
    // The first tool of a name wins, as in the registry.
    for (const tool of tools) if (!fingerprints.has(tool.name)) fingerprints.set(tool.name, fingerprintTool(tool));
    return fingerprints;
  }

  /**
   * Takes the objects of `tools` (unchanged in content) as the indexed ones,
   * so a registry that re-created its tool objects is checked on the fast
   * path next time and `getTool` returns the current objects.
   */
  private adopt(tools: readonly BaseTool[]): void {
    const { lastTools } = this;
    if (tools.length === lastTools.length && tools.every((tool, i) => tool === lastTools[i])) return;
    const seen = new Set<string>();
    for (const tool of tools) {
      if (seen.has(tool.name)) continue;
      seen.add(tool.name);
      const entry = this.entries.get(tool.name);
      if (entry) entry.tool = tool;
    }
    this.lastTools = tools;
    this.lastKeys = tools.map((tool) => fingerprintTool(tool));
  }

  /** Whether `tools` differ from the last refresh; the same tools in the same order are checked without a map. */
  private changedFrom(tools: readonly BaseTool[]): boolean {
    const { lastTools, lastKeys } = this;
    if (tools.length === lastTools.length) {
      let same = true;
      for (let i = 0; i < tools.length && same; i++) same = tools[i] === lastTools[i] && fingerprintTool(tools[i]) === lastKeys[i];
      if (same) return false;
    }
    return this.changed(this.fingerprintsOf(tools));
  }

  private changed(fingerprints: Map<string, string>): boolean {
    if (fingerprints.size !== this.fingerprints.size) return true;
    for (const [name, fingerprint] of fingerprints) if (this.fingerprints.get(name) !== fingerprint) return true;
    return false;
  }

  private rebuild(tools: readonly BaseTool[]): void {
    const fingerprints = this.fingerprintsOf(tools);
    const entries = new Map<string, Entry>();
    for (const tool of tools) {
      if (entries.has(tool.name)) continue;
      const { metadata, explicit } = resolveMetadata(tool);
      entries.set(tool.name, {
        name: tool.name,
        aliases: [...tool.aliases],
        description: tool.description,
        metadata,
        explicit,
        tool,
        costWeight: CostTier.from(tool.costTier).weight,
      });
    }
    // Fresh maps every time: nothing of a removed tool can linger in an index.
    const ordered = [...entries.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    this.entries = new Map(ordered.map((e) => [e.name, e]));
    this.aliases = new Map();
    this.byCategory = new Map();
    this.byKeyword = new Map();
    this.byMandatoryKeyword = new Map();
    this.byStage = new Map();
    this.byTaskType = new Map();
    this.byAccessMode = new Map();
    for (const entry of ordered) {
      const { name, metadata } = entry;
      for (const alias of entry.aliases) if (!entries.has(alias) && !this.aliases.has(alias)) this.aliases.set(alias, name);
      addTo(this.byCategory, metadata.category.toLowerCase(), name);
      for (const keyword of metadata.keywords) addTo(this.byKeyword, keyword.toLowerCase(), name);
      for (const keyword of metadata.mandatoryKeywords) addTo(this.byMandatoryKeyword, keyword, name);
      for (const stage of metadata.stages) addTo(this.byStage, stage, name);
      for (const taskType of metadata.taskTypes) addTo(this.byTaskType, taskType, name);
      addTo(this.byAccessMode, metadata.accessMode.value, name);
    }
    this.textMatchers = [...this.byKeyword, ...this.byMandatoryKeyword]
      .map(([keyword, names]) => ({ words: splitWords(keyword), names }))
      .filter((matcher) => matcher.words.length > 0);
    this.searcher = new Searcher(ordered);
    this.fingerprints = fingerprints;
    this.lastTools = tools;
    this.lastKeys = tools.map((tool) => fingerprintTool(tool));
    this.refreshed = true;
    generations.set(this, rebuildCount(this) + 1);
  }
}
