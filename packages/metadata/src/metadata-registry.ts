import { AccessMode, CostTier, Priority, type BaseTool, type ToolMetadata } from '@victor-tools/core';
import type { AccessModeLike } from '@victor-tools/core/framework';
import { checkOptionKeys, cutText, describeValue } from '@victor-tools/core/internal';
import { resolveMetadata } from './auto-metadata';
import type { MetadataRegistryOptions } from './embedding/embedder';
import { embeddingText } from './embedding/tool-text';
import { VectorStore } from './embedding/vector-store';
import { fingerprintTool } from './fingerprint';
import { checkSearchOptions } from './search-option-keys';
import { Searcher, type SearchEntry, type SemanticScores } from './search/searcher';
import { requestText } from './text/request-text';
import { analyze, contentWords, splitWords, stemWord } from './text/tokenize';
import { toolsOf } from './tool-source';
import type { MetadataStatistics, RefreshOptions, SearchOptions, SearchResult, ToolSource } from './types';

/** The most characters of a request given to an embedder (about 2,000 tokens of English). */
export const MAX_EMBEDDED_REQUEST_CHARS = 8_000;

/** The `globalThis` key of the process-wide instance, shared by every copy of the package. */
export const METADATA_REGISTRY_KEY: unique symbol = Symbol.for('victor-tools.ToolMetadataRegistry') as never;

interface Entry extends SearchEntry {
  readonly explicit: boolean;
}

type Index = Map<string, Set<string>>;

/**
 * What the index is built from, read from a tool's getters at refresh time:
 * the index is built later (on the first query), but from what the tools
 * said when they were refreshed, the state the fingerprints describe.
 */
interface ToolView {
  tool: BaseTool;
  readonly name: string;
  readonly aliases: readonly string[];
  readonly description: string;
  readonly parameters: BaseTool['parameters'];
  readonly metadata: BaseTool['metadata'];
  readonly costTier: BaseTool['costTier'];
}

// Every key of configure's options, once: the compiler refuses a list that misses one.
const CONFIGURE_KEYS: { readonly [K in keyof Required<MetadataRegistryOptions>]: true } = { embedder: true, embeddingStore: true };
const CONFIGURE_OPTION_KEYS: readonly string[] = Object.freeze(Object.keys(CONFIGURE_KEYS));

/** `value` as the name a lookup (`getToolsByCategory`) takes, or a TypeError saying what was passed instead. */
function lookupText(value: unknown, method: string, what: string): string {
  if (typeof value === 'string') return value;
  throw new TypeError(`${method} expects the ${what} as a string, got ${describeValue(value)}.`);
}

const generations = new WeakMap<ToolMetadataRegistry, number>();

const criticalNames = new WeakMap<ToolMetadataRegistry, readonly string[]>();

const sources = new WeakMap<ToolMetadataRegistry, ToolSource>();

/** The names of the indexed CRITICAL-priority tools, sorted (package-internal: `selectTools` always includes them). */
export function criticalToolNames(registry: ToolMetadataRegistry): readonly string[] {
  if (registry.toolCount === 0) return [];
  return criticalNames.get(registry) ?? [];
}

/** How many times `registry` has rebuilt its indexes (package-internal: lets `selectTools` know its last check still holds). */
export function rebuildCount(registry: ToolMetadataRegistry): number {
  return generations.get(registry) ?? 0;
}

/**
 * What `registry` was last refreshed from (package-internal: a selection that
 * awaited checks that the shared index still holds its own registry's tools).
 */
export function indexedSource(registry: ToolMetadataRegistry): ToolSource | undefined {
  return sources.get(registry);
}

/**
 * A copy of declared metadata as deep as `normalizeMetadata` copies (the
 * object and its lists), so what is indexed later is what the tool declared
 * at the refresh even if it mutates its metadata in place meanwhile.
 */
function copyMetadata(metadata: BaseTool['metadata']): BaseTool['metadata'] {
  if (metadata === undefined || metadata === null) return metadata;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(metadata)) copy[key] = Array.isArray(value) ? [...(value as unknown[])] : value;
  return copy as BaseTool['metadata'];
}

function addTo(index: Index, key: string, name: string): void {
  let names = index.get(key);
  if (!names) index.set(key, (names = new Set()));
  names.add(name);
}

/** The enabled check of a source that has one (a ToolRegistry's `isToolEnabled`); an array of tools has none. */
function enabledCheckOf(source: ToolSource): ((name: string) => boolean) | undefined {
  const check = (source as { isToolEnabled?: unknown }).isToolEnabled;
  if (typeof check !== 'function') return undefined;
  return (name) => check.call(source, name) === true;
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
  // Set by a refresh that found changes; the indexes below are built from it on the next query.
  private pending: Map<string, ToolView> | undefined;
  private byCategory: Index = new Map();
  private byKeyword: Index = new Map();
  private byMandatoryKeyword: Index = new Map();
  // getToolsMatchingText: the stems of every text of the metadata (and name, description); keywords of several words as phrases.
  private byTextStem: Index = new Map();
  private textPhrases: Array<{ stems: string[]; names: ReadonlySet<string> }> = [];
  private byStage: Index = new Map();
  private byTaskType: Index = new Map();
  private byAccessMode: Index = new Map();
  private searcher = new Searcher([]);
  // The enabled state of the last refresh's source, when it has one (a ToolRegistry): search leaves out what it disabled.
  private enabledIn: ((name: string) => boolean) | undefined;
  private vectors: VectorStore | undefined;
  /** What is embedded for each tool, by the searcher's document id. */
  private embeddingTexts: readonly string[] = [];

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
   * Sets how the registry ranks. With `embedder`, `search` and `selectTools`
   * fuse the lexical score with the similarity of the request's vector to
   * each tool's (tool vectors are computed once per tool text and cached, in
   * memory and, with `embeddingStore`, beyond the process);
   * `embedder: null` goes back to lexical search. Options left out keep
   * their current value. Returns the registry.
   */
  configure(options: MetadataRegistryOptions): this {
    checkOptionKeys('configure', options, CONFIGURE_OPTION_KEYS);
    const embedder = 'embedder' in options ? options.embedder : this.vectors?.embedder;
    const store = 'embeddingStore' in options ? options.embeddingStore : this.vectors?.store;
    if (embedder !== undefined && embedder !== null && typeof (embedder as { embed?: unknown }).embed !== 'function') {
      throw new TypeError('configure({ embedder }): the embedder must have an embed(texts: string[]) method');
    }
    const embedQuery: unknown = embedder?.embedQuery;
    if (embedQuery !== undefined && typeof embedQuery !== 'function') {
      throw new TypeError(`configure({ embedder }): the embedder's embedQuery must be a method (texts: string[]) => vectors when it has one, got ${describeValue(embedQuery)}`);
    }
    if (store !== undefined && store !== null && (typeof store.get !== 'function' || typeof store.set !== 'function')) {
      throw new TypeError('configure({ embeddingStore }): the store must have get(keys) and set(keys, vectors) methods');
    }
    if (embedder !== this.vectors?.embedder || (store ?? undefined) !== this.vectors?.store) {
      this.vectors = embedder ? new VectorStore(embedder, store ?? undefined) : undefined;
      this.vectors?.retain(this.embeddingTexts);
    }
    return this;
  }

  /**
   * Whether `refreshFromTools(tools)` would rebuild: true before the first
   * refresh and when a tool was added or removed or changed its name,
   * description, parameters, cost tier, aliases or metadata.
   */
  needsReindex(tools: ToolSource): boolean {
    return !this.refreshed || this.changedFrom(toolsOf(tools));
  }

  /**
   * Rebuilds the metadata and indexes from `tools` when they changed (or with
   * `force`); returns whether it rebuilt. The tools are read now; the indexes
   * are built from what was read on the first query that needs them, so a
   * scan that registers many tools does not pay for an index no one asked for yet.
   */
  refreshFromTools(tools: ToolSource, options: RefreshOptions = {}): boolean {
    const list = toolsOf(tools);
    this.enabledIn = enabledCheckOf(tools);
    sources.set(this, tools);
    if (this.refreshed && !options.force && !this.changedFrom(list)) {
      this.adopt(list);
      return false;
    }
    this.rebuild(list);
    return true;
  }

  /** The metadata of a tool by name or alias. */
  getMetadata(name: string): ToolMetadata | undefined {
    this.settle();
    return this.entries.get(this.resolveName(name) ?? '')?.metadata;
  }

  /** Names of the tools of a category (case-insensitive), sorted. */
  getToolsByCategory(category: string): string[] {
    const key = lookupText(category, 'getToolsByCategory', 'category');
    this.settle();
    return sorted(this.byCategory.get(key.toLowerCase()));
  }

  /** Names of the tools with this keyword (case-insensitive), sorted. */
  getByKeyword(keyword: string): string[] {
    const key = lookupText(keyword, 'getByKeyword', 'keyword');
    this.settle();
    return sorted(this.byKeyword.get(key.toLowerCase()));
  }

  /** Names of the tools declaring this stage, sorted. */
  getToolsByStage(stage: string): string[] {
    const key = lookupText(stage, 'getToolsByStage', 'stage');
    this.settle();
    return sorted(this.byStage.get(key.toLowerCase()));
  }

  /** Names of the tools declaring this task type, sorted. */
  getToolsByTaskType(taskType: string): string[] {
    const key = lookupText(taskType, 'getToolsByTaskType', 'task type');
    this.settle();
    return sorted(this.byTaskType.get(key.toLowerCase()));
  }

  /** Names of the tools with this access mode, sorted. */
  getToolsByAccessMode(accessMode: AccessModeLike): string[] {
    this.settle();
    return sorted(this.byAccessMode.get(AccessMode.from(accessMode).value));
  }

  /** Names of the tools whose execution category may run beside others, sorted. */
  getParallelizableTools(): string[] {
    return this.query((metadata) => metadata.executionCategory.canParallelize);
  }

  /** Names of the tools that must not run at the same time as `name` (never itself), sorted. */
  getConflictingTools(name: string): string[] {
    this.settle();
    const own = this.resolveName(name);
    const category = own === undefined ? undefined : this.entries.get(own)?.metadata.executionCategory;
    if (!category) return [];
    return this.query((metadata, other) => other !== own && category.conflictsWith(metadata.executionCategory));
  }

  /**
   * Names of the tools sharing a word of `text` with any of their metadata:
   * name, description, category, keywords, mandatory keywords, use cases,
   * examples, priority hints, stages and task types. Whole words,
   * case-insensitively and by stem ('searching' finds 'search', 'thread' does
   * not match 'read'; a keyword of several words matches as a phrase), stop
   * words left out, sorted.
   */
  getToolsMatchingText(text: string): string[] {
    const stems = splitWords(requestText(text, 'getToolsMatchingText')).map(stemWord);
    this.settle();
    if (stems.length === 0) return [];
    const found = new Set<string>();
    for (const stem of stems) for (const name of this.byTextStem.get(stem) ?? []) found.add(name);
    for (const { stems: phrase, names } of this.textPhrases) {
      const hit = stems.some((_, start) => phrase.every((stem, i) => stems[start + i] === stem));
      if (hit) for (const name of names) found.add(name);
    }
    return sorted(found);
  }

  /** Names of the tools whose metadata satisfies `predicate` (custom merged fields included), sorted. */
  query(predicate: (metadata: ToolMetadata, name: string) => boolean): string[] {
    this.settle();
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
    this.settle();
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
   * An unknown option throws a TypeError naming it (and a close known one).
   */
  search(query: string, options: SearchOptions = {}): SearchResult[] {
    requestText(query, 'search');
    checkSearchOptions('search', options);
    this.settle();
    const semantic = this.semanticScores(query, undefined, true);
    if (semantic instanceof Promise) {
      // An asynchronous embedder: rank lexically now; the vectors are kept when they
      // arrive, and searchAsync waits for them (and reports the embedder's errors).
      semantic.catch(() => undefined);
      return this.searcher.search(query, this.onlyEnabled(options));
    }
    return this.searcher.search(query, this.onlyEnabled(options), semantic);
  }

  /**
   * `search` that waits for an asynchronous embedder's vectors (with a
   * synchronous one or none, the same ranking as `search`). The tools ranked
   * are those of the moment of the call.
   */
  async searchAsync(query: string, options: SearchOptions = {}): Promise<SearchResult[]> {
    requestText(query, 'searchAsync');
    checkSearchOptions('searchAsync', options);
    this.settle();
    const searcher = this.searcher;
    const filtered = this.onlyEnabled(options);
    const semantic = await this.semanticScores(query, options.signal);
    return searcher.search(query, filtered, semantic);
  }

  /**
   * `options` with the tools the refresh's source disabled left out, as
   * unavailable ones are: a disabled tool is not offered to a model. A
   * source without enabled states (an array of tools) leaves them all in.
   */
  private onlyEnabled(options: SearchOptions): SearchOptions {
    const enabled = this.enabledIn;
    if (enabled === undefined) return options;
    const accept = options.filter;
    return { ...options, filter: accept === undefined ? enabled : (name) => enabled(name) && accept(name) };
  }

  /**
   * The semantic scores of a request, when an embedder is configured and the
   * request has words. The embedder gets at most its first
   * `MAX_EMBEDDED_REQUEST_CHARS` characters: a hosted model is paid by the
   * token and refuses long inputs, and the start of a request says what it wants.
   */
  private semanticScores(
    query: string,
    signal?: AbortSignal,
    background = false,
  ): SemanticScores | undefined | Promise<SemanticScores | undefined> {
    if (this.vectors === undefined || this.embeddingTexts.length === 0 || analyze(query, 1).length === 0) return undefined;
    return this.vectors.scores(cutText(query, MAX_EMBEDDED_REQUEST_CHARS, ''), this.embeddingTexts, signal, background);
  }

  /** The tool object indexed under a name or alias (the one of the last refresh). */
  getTool(name: string): BaseTool | undefined {
    this.settle();
    return this.entries.get(this.resolveName(name) ?? '')?.tool;
  }

  /** How many tools are indexed. */
  get toolCount(): number {
    this.settle();
    return this.entries.size;
  }

  /** The names of the tools currently indexed, sorted. */
  getToolNames(): string[] {
    this.settle();
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
      const view = this.pending?.get(tool.name);
      if (view) view.tool = tool;
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

  /**
   * Records `tools` as the current set: their fingerprints (for change
   * detection) and what the index needs of each, read now. The index itself
   * is built by `settle` on the next query.
   */
  private rebuild(tools: readonly BaseTool[]): void {
    const keys = tools.map((tool) => fingerprintTool(tool));
    const fingerprints = new Map<string, string>();
    const views = new Map<string, ToolView>();
    for (let i = 0; i < tools.length; i++) {
      const tool = tools[i];
      const name = tool.name;
      // The first tool of a name wins, as in the registry.
      if (views.has(name)) continue;
      fingerprints.set(name, keys[i]);
      views.set(name, {
        tool,
        name,
        aliases: [...tool.aliases],
        description: tool.description,
        parameters: tool.parameters,
        metadata: copyMetadata(tool.metadata),
        costTier: tool.costTier,
      });
    }
    this.pending = views;
    this.fingerprints = fingerprints;
    this.lastTools = tools;
    this.lastKeys = keys;
    this.refreshed = true;
    generations.set(this, rebuildCount(this) + 1);
  }

  /** Builds the metadata and indexes from the views of the last refresh, when a query first needs them. */
  private settle(): void {
    const views = this.pending;
    if (views === undefined) return;
    this.pending = undefined;
    const ordered: Entry[] = [];
    for (const view of views.values()) {
      const { metadata, explicit } = resolveMetadata(view);
      ordered.push({
        name: view.name,
        aliases: view.aliases,
        description: view.description,
        parameters: view.parameters,
        metadata,
        explicit,
        tool: view.tool,
        costWeight: CostTier.from(view.costTier).weight,
      });
    }
    // Fresh maps every time: nothing of a removed tool can linger in an index.
    ordered.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
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
      for (const alias of entry.aliases) if (!views.has(alias) && !this.aliases.has(alias)) this.aliases.set(alias, name);
      addTo(this.byCategory, metadata.category.toLowerCase(), name);
      for (const keyword of metadata.keywords) addTo(this.byKeyword, keyword.toLowerCase(), name);
      for (const keyword of metadata.mandatoryKeywords) addTo(this.byMandatoryKeyword, keyword, name);
      for (const stage of metadata.stages) addTo(this.byStage, stage, name);
      for (const taskType of metadata.taskTypes) addTo(this.byTaskType, taskType, name);
      addTo(this.byAccessMode, metadata.accessMode.value, name);
    }
    this.byTextStem = new Map();
    this.textPhrases = [];
    for (const [keyword, names] of [...this.byKeyword, ...this.byMandatoryKeyword]) {
      const stems = splitWords(keyword).map(stemWord);
      if (stems.length === 1) for (const name of names) addTo(this.byTextStem, stems[0], name);
      else if (stems.length > 1) this.textPhrases.push({ stems, names });
    }
    for (const { name, description, metadata } of ordered) {
      const texts = [name, description, metadata.category, ...metadata.useCases, ...metadata.examples, ...metadata.priorityHints, ...metadata.stages, ...metadata.taskTypes];
      for (const word of contentWords(texts.join(' . '))) addTo(this.byTextStem, stemWord(word), name);
    }
    criticalNames.set(this, ordered.filter((e) => e.metadata.priority === Priority.CRITICAL).map((e) => e.name));
    this.searcher = new Searcher(ordered);
    this.embeddingTexts = ordered.map(embeddingText);
    this.vectors?.retain(this.embeddingTexts);
  }
}
