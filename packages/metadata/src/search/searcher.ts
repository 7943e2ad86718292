import { AgentMode, CostTier, type BaseTool } from '@victor-tools/core';
import { checkModePolicy } from '@victor-tools/core/framework';
import { analyze, type Term } from '../text/tokenize';
import type { SearchOptions, SearchResult } from '../types';
import { LruCache, stringBytes } from '../lru-cache';
import { queryTerms, type QueryTerm } from './query-terms';
import { DEFAULT_RANKING, type RankingParameters } from './ranking';
import { SearchIndex, type IndexedDoc } from './search-index';
import { TopK } from './top-k';

/** One tool as the searcher sees it. */
export interface SearchEntry extends IndexedDoc {
  /** The latest object of this tool: a refresh that finds equal content adopts new objects without rebuilding. */
  tool: BaseTool;
  readonly costWeight: number;
}

/**
 * The mandatory keywords as a trie of their stems: a node ends the keywords
 * of `docs` (with the keyword each tool declared); `ends` counts the nodes
 * with docs at or below it, so a search skips a branch all of whose keywords
 * it has found.
 */
interface MandatoryNode {
  readonly next: Map<string, MandatoryNode>;
  readonly docs: Array<{ readonly doc: number; readonly keyword: string }>;
  ends: number;
}

const mandatoryNode = (): MandatoryNode => ({ next: new Map(), docs: [], ends: 0 });

// How much an affinity or a priority moves a score: enough to reorder close
// matches, not enough to lift a weak match over a clearly better one.
const STAGE_FACTOR = 1.4;
const TASK_TYPE_FACTOR = 1.4;
const PRIORITY_FACTOR: Readonly<Record<number, number>> = { 1: 1.25, 2: 1.1, 3: 1, 4: 0.95, 5: 0.9 };
const PRIORITY_LABEL: Readonly<Record<number, string>> = { 1: 'critical', 2: 'high', 4: 'low', 5: 'contextual' };
// Per tier above the cheapest matching tool.
const COST_PENALTY_PER_TIER = 0.1;
const DEFAULT_LIMIT = 10;

// Queries remembered with their analysis (agents repeat themselves), in bytes: a few
// hundred typical requests; a request over a quarter of it is analyzed each time.
const QUERY_CACHE_BYTES = 512 * 1024;
// What a query's analysis holds besides its text, per term and per forced tool (estimates).
const TERM_BYTES = 96;
const FORCED_BYTES = 48;
// The content words of a request that are searched: its first ten thousand, as
// Elasticsearch analyzes at most 10,000 tokens of a text (index.analyze.max_token_count).
// More than any request typed to an agent holds; the text of a pasted log or dump past
// them is lower-cased (linear, milliseconds per megabyte) and never cut into words.
export const MAX_QUERY_WORDS = 10_000;
// Stage / task-type values remembered with their per-tool flags (a byte per tool).
const AFFINITY_CACHE_BYTES = 1024 * 1024;
// Guards the early rejection against rounding: a bound is only trusted with this much slack.
const BOUND_SLACK = 1 + 1e-9;

/**
 * Whether the tool can run now, as the registry's `listTools()` decides it:
 * an `isAvailable()` that throws counts as unavailable (SPEC section 6), so a
 * tool whose own check fails is left out of the results instead of making
 * `search` (and `selectTools`) throw.
 */
function isAvailable(tool: BaseTool): boolean {
  try {
    return Boolean(tool.isAvailable());
  } catch {
    return false;
  }
}

/** A query analyzed once against this index: what `search` needs besides the options. */
interface PreparedQuery {
  /** Distinct index terms with their weights, the query's word kept for reasons. */
  readonly terms: readonly QueryTerm[];
  /** Tools forced in by a mandatory keyword found in the query, with that keyword. */
  readonly forced: ReadonlyMap<number, string>;
}

const EMPTY_QUERY: PreparedQuery = { terms: [], forced: new Map() };

function preparedBytes(query: string, prepared: PreparedQuery): number {
  let bytes = stringBytes(query) + FORCED_BYTES * prepared.forced.size;
  // A term's word is the request's own ('web site' for a joined pair): counted, as it is a new string.
  for (const term of prepared.terms) bytes += TERM_BYTES + stringBytes(term.word);
  return bytes;
}

function flagsBytes(value: string, flags: Uint8Array): number {
  return stringBytes(value) + flags.byteLength;
}

/**
 * A semantic signal for one search: the cosine similarity of the query's
 * vector to its most similar tools (`docs`, any order), with the mean and
 * the standard deviation of the similarity over all tools. A tool fares as
 * well as it stands out above the mean; those left out count as at most the mean.
 */
export interface SemanticScores {
  readonly docs: Int32Array;
  readonly similarities: Float32Array;
  readonly mean: number;
  readonly deviation: number;
}

/**
 * Ranks the tools of one refresh for a query: BM25F relevance from the
 * inverted index, then affinities, priority and cost, then the top `limit`.
 * Scratch arrays are reused across queries and a repeated query is not
 * analyzed again, so a search allocates little more than its results.
 */
export class Searcher {
  private readonly index: SearchIndex;
  private readonly scores: Float64Array;
  private readonly stamps: Uint32Array;
  private readonly forcedStamps: Uint32Array;
  private readonly touched: Int32Array;
  private readonly candidates: Int32Array;
  private readonly costWeights: Uint8Array;
  private readonly priorityFactors: Float64Array;
  private epoch = 0;
  private readonly mandatory = mandatoryNode();
  private readonly modeVerdicts = new Map<string, Int8Array>();
  private readonly stageFlags = new LruCache<string, Uint8Array>(AFFINITY_CACHE_BYTES, flagsBytes);
  private readonly taskTypeFlags = new LruCache<string, Uint8Array>(AFFINITY_CACHE_BYTES, flagsBytes);
  private readonly queries = new LruCache<string, PreparedQuery>(QUERY_CACHE_BYTES, preparedBytes);
  private readonly unforcedTop: TopK;

  constructor(
    private readonly entries: readonly SearchEntry[],
    private readonly parameters: RankingParameters = DEFAULT_RANKING,
  ) {
    this.index = new SearchIndex(entries, parameters);
    // Equal scores: the more focused tool (fewer words in its fields) first, then by name.
    const order = Array.from(entries.keys()).sort((a, b) => this.index.lengths[a] - this.index.lengths[b] || a - b);
    const ranks = new Int32Array(entries.length);
    order.forEach((doc, rank) => (ranks[doc] = rank));
    this.unforcedTop = new TopK(ranks);
    this.scores = new Float64Array(entries.length);
    this.stamps = new Uint32Array(entries.length);
    this.forcedStamps = new Uint32Array(entries.length);
    this.touched = new Int32Array(entries.length);
    this.candidates = new Int32Array(entries.length);
    this.costWeights = Uint8Array.from(entries, (e) => e.costWeight);
    this.priorityFactors = Float64Array.from(entries, (e) => PRIORITY_FACTOR[e.metadata.priority.value]);
    entries.forEach((entry, doc) => {
      for (const keyword of entry.metadata.mandatoryKeywords) {
        const stems = analyze(keyword).map((t) => t.stem);
        if (stems.length === 0) continue;
        const path = [this.mandatory];
        for (const stem of stems) {
          const at = path[path.length - 1];
          let next = at.next.get(stem);
          if (next === undefined) at.next.set(stem, (next = mandatoryNode()));
          path.push(next);
        }
        const end = path[path.length - 1];
        if (end.docs.length === 0) for (const node of path) node.ends += 1;
        end.docs.push({ doc, keyword });
      }
    });
  }

  /** The tool count this searcher ranks. */
  get size(): number {
    return this.entries.length;
  }

  /**
   * Ranks the tools for `query`. With `semantic`, its tools are candidates
   * too: a tool's lexical score gains its similarity's standard score above
   * the mean, weighed by the ranking's `semanticWeight` (see `fuse`).
   */
  search(query: string, options: SearchOptions = {}, semantic?: SemanticScores): SearchResult[] {
    // No more results than tools: `limit: Infinity` (no cap) or a huge limit must not size
    // the top-k arrays by it (a RangeError, or gigabytes). Callers refuse fractions; internal ones are floored.
    const limit = Math.min(Math.floor(options.limit ?? DEFAULT_LIMIT), this.entries.length);
    if (!(limit > 0)) return [];
    const prepared = this.prepare(query);
    if (prepared === EMPTY_QUERY) return [];

    const { forced } = prepared;
    let touchedCount = this.accumulate(prepared.terms);
    for (const doc of forced.keys()) {
      touchedCount = this.touch(doc, touchedCount);
      this.forcedStamps[doc] = this.epoch;
    }
    const matchedCount = touchedCount;
    if (semantic !== undefined) touchedCount = this.fuse(semantic, touchedCount);
    const { candidateCount, cheapest } = this.filter(touchedCount, matchedCount, options);
    if (candidateCount === 0) return [];

    const stage = options.stage?.toLowerCase();
    const taskType = options.taskType?.toLowerCase();
    const stageFlags = stage === undefined ? undefined : this.flags(this.stageFlags, stage, (m) => m.stages);
    const taskTypeFlags = taskType === undefined ? undefined : this.flags(this.taskTypeFlags, taskType, (m) => m.taskTypes);
    // No adjustment raises a score by more than this, so a tool whose relevance times its
    // priority, times this, stays under the current k-th cannot get in.
    const bound = (stageFlags ? STAGE_FACTOR : 1) * (taskTypeFlags ? TASK_TYPE_FACTOR : 1) * BOUND_SLACK;
    const { candidates, costWeights, priorityFactors, scores, forcedStamps, epoch, entries } = this;
    const top = this.unforcedTop;
    top.reset(limit);
    const forcedRanked: Array<{ doc: number; score: number }> = [];
    // The hot loop: typed arrays only, no allocation per unforced candidate.
    for (let i = 0; i < candidateCount; i++) {
      const doc = candidates[i];
      let score = scores[doc] * priorityFactors[doc];
      const isForced = forcedStamps[doc] === epoch;
      if (!isForced && score * bound < top.threshold) continue;
      const extraCost = costWeights[doc] - cheapest;
      if (extraCost > 0) score *= Math.max(0.5, 1 - COST_PENALTY_PER_TIER * extraCost);
      if (stageFlags !== undefined && stageFlags[doc] === 1) score *= STAGE_FACTOR;
      if (taskTypeFlags !== undefined && taskTypeFlags[doc] === 1) score *= TASK_TYPE_FACTOR;
      // Availability is asked last, and only of a tool that would get in: the tool's own check may cost.
      if (isForced) {
        if (isAvailable(entries[doc].tool)) forcedRanked.push({ doc, score });
      } else if (top.admits(doc, score) && isAvailable(entries[doc].tool)) {
        top.offer(doc, score);
      }
    }

    // Forced tools rank first; the bonus keeps scores in the same order as the list.
    const bestUnforced = top.size > 0 ? Math.max(0, top.scoreAt(0)) : 0;
    forcedRanked.sort((a, b) => b.score - a.score || a.doc - b.doc);
    const results: SearchResult[] = [];
    for (const { doc, score } of forcedRanked) {
      if (results.length === limit) break;
      results.push(this.result(doc, score + bestUnforced + 1, prepared, forced.get(doc), stage, taskType, cheapest, semantic));
    }
    for (let rank = 0; rank < top.size && results.length < limit; rank++) {
      results.push(this.result(top.docAt(rank), top.scoreAt(rank), prepared, undefined, stage, taskType, cheapest, semantic));
    }
    return results;
  }

  /** The analysis of a query against this index, cached by the query text. */
  private prepare(query: string): PreparedQuery {
    const cached = this.queries.get(query);
    if (cached !== undefined) return cached;
    const all = analyze(query, MAX_QUERY_WORDS);
    let prepared = EMPTY_QUERY;
    if (all.length > 0) prepared = { terms: queryTerms(all, this.index), forced: this.forcedDocs(query, all) };
    this.queries.set(query, prepared);
    return prepared;
  }

  /**
   * Adds the similarities to the lexical scores of the touched tools and
   * touches the semantic candidates; returns the new touched count.
   */
  private fuse(semantic: SemanticScores, touchedCount: number): number {
    const { docs, similarities, mean } = semantic;
    // In a catalogue of near-alike tools the spread is tiny and would turn a sibling's
    // slightly higher cosine into many deviations: it counts as at least a share of the
    // room above the mean (cosines stop at 1).
    const { semanticFloor, semanticWeight, semanticCap, weakMatch } = this.parameters;
    const deviation = Math.max(semantic.deviation, semanticFloor * (1 - mean));
    if (!(deviation > 0)) return touchedCount;
    const n = this.entries.length;
    const uniqueWord = Math.log(1 + (n + 0.5) / 1.5);
    // Words that match weakly (no tool scores weakMatch.below words only one tool holds)
    // leave the ranking to meaning: the paraphrasing request.
    let bestLexical = 0;
    for (let i = 0; i < touchedCount; i++) bestLexical = Math.max(bestLexical, this.scores[this.touched[i]]);
    const weight = bestLexical < weakMatch.below * uniqueWord ? weakMatch.semanticWeight : semanticWeight;
    // One outlying similarity counts as at most semanticCap deviations: it adds to the
    // words a tool matched, and does not outweigh several of them.
    const maxAbove = semanticCap * deviation;
    // A similarity's standard score (how far it stands out among these tools: the same
    // for an embedder whose cosines crowd near 0.8 as for one spread around 0.3), in
    // units of the idf of a word only one tool holds, the most one word can bring here:
    // the lexical score keeps its size, so a weak lexical match (a word or two, generic
    // ones discounted) can lose to a tool that stands out by meaning, and a strong one not.
    const scale = (weight * uniqueWord) / deviation;
    let count = touchedCount;
    for (let i = 0; i < docs.length; i++) {
      const above = Math.min(similarities[i] - mean, maxAbove);
      if (above <= 0) continue;
      count = this.touch(docs[i], count);
      this.scores[docs[i]] += above * scale;
    }
    return count;
  }

  private touch(doc: number, count: number): number {
    if (this.stamps[doc] === this.epoch) return count;
    this.stamps[doc] = this.epoch;
    this.scores[doc] = 0;
    this.touched[count] = doc;
    return count + 1;
  }

  /** Adds up the term weights into `scores`; returns how many documents matched. */
  private accumulate(terms: readonly QueryTerm[]): number {
    this.epoch += 1;
    if (this.epoch === 0xffffffff) {
      this.stamps.fill(0);
      this.forcedStamps.fill(0);
      this.epoch = 1;
    }
    const { stamps, scores, touched, epoch } = this;
    let count = 0;
    for (const { postings, weight } of terms) {
      const { docs, weights } = postings;
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i];
        if (stamps[doc] !== epoch) {
          stamps[doc] = epoch;
          scores[doc] = weight * weights[i];
          touched[count++] = doc;
        } else {
          scores[doc] += weight * weights[i];
        }
      }
    }
    return count;
  }

  /**
   * Tools whose mandatory keyword (a word or a phrase) occurs in the query,
   * with that keyword. Keywords are stored lower-cased ('getUser' as
   * 'getuser'), so the request is read as it is (get + user) and lower-cased
   * (getuser). Each keyword's tools are visited once: linear in the request's
   * words times the longest keyword, plus the tools forced.
   */
  private forcedDocs(query: string, terms: readonly Term[]): Map<number, string> {
    const forced = new Map<number, string>();
    if (this.mandatory.ends === 0) return forced;
    const found = new Map<MandatoryNode, number>();
    const ended = new Set<MandatoryNode>();
    this.findMandatory(terms, forced, found, ended);
    const lowered = query.toLowerCase();
    if (lowered !== query) this.findMandatory(analyze(lowered, MAX_QUERY_WORDS), forced, found, ended);
    return forced;
  }

  /**
   * Walks the keyword trie from each word of `terms`; `found` counts the
   * keywords found at or below each node, `ended` holds the nodes whose own keyword was found.
   */
  private findMandatory(terms: readonly Term[], forced: Map<number, string>, found: Map<MandatoryNode, number>, ended: Set<MandatoryNode>): void {
    const root = this.mandatory;
    const path: MandatoryNode[] = [];
    for (let start = 0; start < terms.length && (found.get(root) ?? 0) < root.ends; start++) {
      path.length = 0;
      let node = root.next.get(terms[start].stem);
      for (let at = start + 1; node !== undefined && (found.get(node) ?? 0) < node.ends; at++) {
        path.push(node);
        if (node.docs.length > 0 && !ended.has(node)) {
          ended.add(node);
          for (const { doc, keyword } of node.docs) if (!forced.has(doc)) forced.set(doc, keyword);
          // This keyword is found: it counts at its node and every node above it.
          found.set(root, (found.get(root) ?? 0) + 1);
          for (const above of path) found.set(above, (found.get(above) ?? 0) + 1);
        }
        node = at < terms.length ? node.next.get(terms[at].stem) : undefined;
      }
    }
  }

  /**
   * Writes the touched documents that pass the filters into `candidates`;
   * returns how many, and the lowest cost weight among the first
   * `matchedCount` (those the query's words or mandatory keywords reached).
   */
  private filter(count: number, matchedCount: number, options: SearchOptions): { candidateCount: number; cheapest: number } {
    const maxWeight = options.maxCostTier === undefined ? Infinity : CostTier.from(options.maxCostTier).weight;
    const verdicts = options.mode === undefined ? undefined : this.verdictsFor(AgentMode.from(options.mode), hasSandbox(options));
    const { touched, costWeights, candidates } = this;
    const accept = options.filter;
    let out = 0;
    let cheapest = Infinity;
    let cheapestOfAll = Infinity;
    for (let i = 0; i < count; i++) {
      const doc = touched[i];
      const cost = costWeights[doc];
      if (cost > maxWeight) continue;
      if (verdicts && !this.allowedIn(verdicts, doc, options)) continue;
      if (accept && !accept(this.entries[doc].name)) continue;
      candidates[out++] = doc;
      if (i < matchedCount && cost < cheapest) cheapest = cost;
      if (cost < cheapestOfAll) cheapestOfAll = cost;
    }
    // "A cheaper tool matches as well": among the tools the words matched; with only
    // semantic candidates, among all of them.
    return { candidateCount: out, cheapest: cheapest === Infinity ? cheapestOfAll : cheapest };
  }

  /** The verdicts of a mode, with or without a sandbox: the tool-level rules read only whether there is one, not where. */
  private verdictsFor(mode: AgentMode, sandboxed: boolean): Int8Array {
    const key = sandboxed ? `${mode.value}+sandbox` : mode.value;
    let verdicts = this.modeVerdicts.get(key);
    if (!verdicts) this.modeVerdicts.set(key, (verdicts = new Int8Array(this.entries.length)));
    return verdicts;
  }

  /** Mode verdicts are cached per tool: they depend only on the tool, which a refresh replaces. */
  private allowedIn(verdicts: Int8Array, doc: number, options: SearchOptions): boolean {
    if (verdicts[doc] === 0) {
      const { allowed } = checkModePolicy(this.entries[doc].tool, { mode: options.mode, sandbox: options.sandbox }, undefined);
      verdicts[doc] = allowed ? 1 : -1;
    }
    return verdicts[doc] === 1;
  }

  /** Per tool, 1 when its metadata list (stages or task types) holds `value`; cached per value. */
  private flags(cache: LruCache<string, Uint8Array>, value: string, list: (m: SearchEntry['metadata']) => readonly string[]): Uint8Array {
    let flags = cache.get(value);
    if (flags === undefined) {
      flags = Uint8Array.from(this.entries, (entry) => (list(entry.metadata).includes(value) ? 1 : 0));
      cache.set(value, flags);
    }
    return flags;
  }

  private result(
    doc: number,
    score: number,
    prepared: PreparedQuery,
    mandatoryKeyword: string | undefined,
    stage: string | undefined,
    taskType: string | undefined,
    cheapest: number,
    semantic: SemanticScores | undefined,
  ): SearchResult {
    const entry = this.entries[doc];
    const reasons: string[] = [];
    if (mandatoryKeyword !== undefined) reasons.push(`mandatory keyword '${mandatoryKeyword}'`);
    for (const term of prepared.terms) {
      const fields = this.index.fieldLabelsOf(term.stem, doc);
      if (fields !== undefined) reasons.push(`matched '${term.word}' in ${fields}`);
    }
    if (stage !== undefined && entry.metadata.stages.includes(stage)) reasons.push(`stage '${stage}'`);
    if (taskType !== undefined && entry.metadata.taskTypes.includes(taskType)) reasons.push(`task type '${taskType}'`);
    const priority = PRIORITY_LABEL[entry.metadata.priority.value];
    if (priority !== undefined) reasons.push(`priority ${priority}`);
    if (entry.costWeight > cheapest) reasons.push('cheaper tool preferred');
    const similar = semantic === undefined ? -1 : semantic.docs.indexOf(doc);
    if (similar >= 0) reasons.push(`similarity ${semantic!.similarities[similar].toFixed(2)}`);
    return { name: entry.name, score, reasons };
  }
}

/** Whether `options` name a sandbox, as core's policy reads `ctx.sandbox`: a non-empty string. */
function hasSandbox(options: SearchOptions): boolean {
  return typeof options.sandbox === 'string' && options.sandbox.length > 0;
}
