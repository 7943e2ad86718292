import { AgentMode, CostTier, type BaseTool } from '@victor-tools/core';
import { checkModePolicy } from '../policy/check-mode-policy';
import { analyze } from '../text/tokenize';
import type { SearchOptions, SearchResult } from '../types';
import { SearchIndex, type IndexedDoc } from './search-index';

/** One tool as the searcher sees it. */
export interface SearchEntry extends IndexedDoc {
  readonly tool: BaseTool;
  readonly costWeight: number;
}

interface MandatoryPhrase {
  readonly doc: number;
  readonly stems: readonly string[];
  readonly keyword: string;
}

// How much an affinity or a priority moves a score: enough to reorder close
// matches, not enough to lift a weak match over a clearly better one.
const STAGE_FACTOR = 1.4;
const TASK_TYPE_FACTOR = 1.4;
const PRIORITY_FACTOR: Readonly<Record<number, number>> = { 1: 1.25, 2: 1.1, 3: 1, 4: 0.95, 5: 0.9 };
const PRIORITY_LABEL: Readonly<Record<number, string>> = { 1: 'critical', 2: 'high', 4: 'low', 5: 'contextual' };
// Per tier above the cheapest matching tool.
const COST_PENALTY_PER_TIER = 0.1;
const DEFAULT_LIMIT = 10;

/**
 * Ranks the tools of one refresh for a query: BM25F relevance from the
 * inverted index, then affinities, priority and cost, then the top `limit`.
 * Scratch arrays are reused across queries, so a search allocates only its
 * results.
 */
export class Searcher {
  private readonly index: SearchIndex;
  private readonly scores: Float64Array;
  private readonly stamps: Uint32Array;
  private readonly touched: Int32Array;
  private readonly candidates: Int32Array;
  private readonly costWeights: Uint8Array;
  private readonly priorityFactors: Float64Array;
  private epoch = 0;
  private readonly mandatory = new Map<string, MandatoryPhrase[]>();
  private readonly modeVerdicts = new Map<string, Int8Array>();

  constructor(private readonly entries: readonly SearchEntry[]) {
    this.index = new SearchIndex(entries);
    this.scores = new Float64Array(entries.length);
    this.stamps = new Uint32Array(entries.length);
    this.touched = new Int32Array(entries.length);
    this.candidates = new Int32Array(entries.length);
    this.costWeights = Uint8Array.from(entries, (e) => e.costWeight);
    this.priorityFactors = Float64Array.from(entries, (e) => PRIORITY_FACTOR[e.metadata.priority.value]);
    entries.forEach((entry, doc) => {
      for (const keyword of entry.metadata.mandatoryKeywords) {
        const stems = analyze(keyword).map((t) => t.stem);
        if (stems.length === 0) continue;
        const list = this.mandatory.get(stems[0]) ?? [];
        list.push({ doc, stems, keyword });
        this.mandatory.set(stems[0], list);
      }
    });
  }

  search(query: string, options: SearchOptions = {}): SearchResult[] {
    const limit = options.limit ?? DEFAULT_LIMIT;
    const all = analyze(query);
    if (limit <= 0 || all.length === 0) return [];
    const terms = SearchIndex.queryTerms(query);

    const count = this.accumulate(terms.map((t) => t.stem));
    const forced = this.forcedDocs(all.map((t) => t.stem));
    let touchedCount = count;
    for (const doc of forced.keys()) touchedCount = this.touch(doc, touchedCount);

    const candidateCount = this.filter(touchedCount, options);
    if (candidateCount === 0) return [];
    const { candidates, costWeights, priorityFactors } = this;
    let cheapest = Infinity;
    for (let i = 0; i < candidateCount; i++) cheapest = Math.min(cheapest, costWeights[candidates[i]]);

    const stage = options.stage?.toLowerCase();
    const taskType = options.taskType?.toLowerCase();
    const top = new TopK(limit);
    let bestUnforced = 0;
    // The hot loop: typed arrays only, no allocation per candidate.
    for (let i = 0; i < candidateCount; i++) {
      const doc = candidates[i];
      let score = this.scores[doc] * priorityFactors[doc];
      const extraCost = costWeights[doc] - cheapest;
      if (extraCost > 0) score *= Math.max(0.5, 1 - COST_PENALTY_PER_TIER * extraCost);
      if (stage !== undefined && this.entries[doc].metadata.stages.includes(stage)) score *= STAGE_FACTOR;
      if (taskType !== undefined && this.entries[doc].metadata.taskTypes.includes(taskType)) score *= TASK_TYPE_FACTOR;
      const isForced = forced.size > 0 && forced.has(doc);
      if (!isForced && score > bestUnforced) bestUnforced = score;
      top.offer(doc, score, isForced);
    }

    return top.ranked().map(({ doc, score, forced: isForced }) => ({
      name: this.entries[doc].name,
      // Forced tools rank first; the bonus keeps scores in the same order as the list.
      score: isForced ? score + bestUnforced + 1 : score,
      reasons: this.reasons(doc, terms, forced.get(doc), stage, taskType, cheapest),
    }));
  }

  private touch(doc: number, count: number): number {
    if (this.stamps[doc] === this.epoch) return count;
    this.stamps[doc] = this.epoch;
    this.scores[doc] = 0;
    this.touched[count] = doc;
    return count + 1;
  }

  /** Adds up the term weights into `scores`; returns how many documents matched. */
  private accumulate(stems: readonly string[]): number {
    this.epoch += 1;
    if (this.epoch === 0xffffffff) {
      this.stamps.fill(0);
      this.epoch = 1;
    }
    let count = 0;
    for (const stem of stems) {
      const postings = this.index.get(stem);
      if (!postings) continue;
      const { docs, weights } = postings;
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i];
        if (this.stamps[doc] !== this.epoch) {
          this.stamps[doc] = this.epoch;
          this.scores[doc] = 0;
          this.touched[count++] = doc;
        }
        this.scores[doc] += weights[i];
      }
    }
    return count;
  }

  /** Tools whose mandatory keyword (a word or a phrase) occurs in the query, with that keyword. */
  private forcedDocs(stems: readonly string[]): Map<number, string> {
    const forced = new Map<number, string>();
    if (this.mandatory.size === 0) return forced;
    stems.forEach((stem, start) => {
      for (const phrase of this.mandatory.get(stem) ?? []) {
        if (forced.has(phrase.doc)) continue;
        if (phrase.stems.every((s, i) => stems[start + i] === s)) forced.set(phrase.doc, phrase.keyword);
      }
    });
    return forced;
  }

  /** Writes the touched documents that pass the filters into `candidates`; returns how many. */
  private filter(count: number, options: SearchOptions): number {
    const maxWeight = options.maxCostTier === undefined ? Infinity : CostTier.from(options.maxCostTier).weight;
    const verdicts = options.mode === undefined ? undefined : this.verdictsFor(AgentMode.from(options.mode));
    let out = 0;
    for (let i = 0; i < count; i++) {
      const doc = this.touched[i];
      if (this.costWeights[doc] > maxWeight) continue;
      if (verdicts && !this.allowedIn(verdicts, doc, options)) continue;
      if (options.filter && !options.filter(this.entries[doc].name)) continue;
      this.candidates[out++] = doc;
    }
    return out;
  }

  private verdictsFor(mode: AgentMode): Int8Array {
    let verdicts = this.modeVerdicts.get(mode.value);
    if (!verdicts) this.modeVerdicts.set(mode.value, (verdicts = new Int8Array(this.entries.length)));
    return verdicts;
  }

  /** Mode verdicts are cached per tool: they depend only on the tool, which a refresh replaces. */
  private allowedIn(verdicts: Int8Array, doc: number, options: SearchOptions): boolean {
    if (verdicts[doc] === 0) {
      const { allowed } = checkModePolicy(this.entries[doc].tool, { mode: options.mode }, undefined);
      verdicts[doc] = allowed ? 1 : -1;
    }
    return verdicts[doc] === 1;
  }

  private reasons(
    doc: number,
    terms: ReadonlyArray<{ word: string; stem: string }>,
    mandatoryKeyword: string | undefined,
    stage: string | undefined,
    taskType: string | undefined,
    cheapest: number,
  ): string[] {
    const entry = this.entries[doc];
    const reasons: string[] = [];
    if (mandatoryKeyword !== undefined) reasons.push(`mandatory keyword '${mandatoryKeyword}'`);
    for (const term of terms) {
      const fields = this.index.fieldsOf(term.stem, doc);
      if (fields.length > 0) reasons.push(`matched '${term.word}' in ${fields.join(', ')}`);
    }
    if (stage !== undefined && entry.metadata.stages.includes(stage)) reasons.push(`stage '${stage}'`);
    if (taskType !== undefined && entry.metadata.taskTypes.includes(taskType)) reasons.push(`task type '${taskType}'`);
    const priority = PRIORITY_LABEL[entry.metadata.priority.value];
    if (priority !== undefined) reasons.push(`priority ${priority}`);
    if (entry.costWeight > cheapest) reasons.push('cheaper tool preferred');
    return reasons;
  }
}

type Ranked = { doc: number; score: number; forced: boolean };

/** The best `limit` documents seen, best first: forced, then score, then lower id (name order). */
class TopK {
  private readonly items: Ranked[] = [];

  constructor(private readonly limit: number) {}

  offer(doc: number, score: number, forced: boolean): void {
    const { items, limit } = this;
    if (items.length === limit && !better(doc, score, forced, items[limit - 1])) return;
    let i = items.length === limit ? limit - 1 : items.length;
    while (i > 0 && better(doc, score, forced, items[i - 1])) {
      items[i] = items[i - 1];
      i -= 1;
    }
    items[i] = { doc, score, forced };
  }

  ranked(): Ranked[] {
    return this.items;
  }
}

function better(doc: number, score: number, forced: boolean, than: Ranked): boolean {
  if (forced !== than.forced) return forced;
  if (score !== than.score) return score > than.score;
  return doc < than.doc;
}
