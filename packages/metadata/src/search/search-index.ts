import { stemWord } from '../text/tokenize';
import { SEARCH_FIELDS, type FieldSource } from './fields';
import type { RankingParameters } from './ranking';

/** What the index needs of one tool. */
export type IndexedDoc = FieldSource;

/** The documents holding one term, ascending by id, with precomputed BM25F weights. */
export interface Postings {
  readonly docs: Int32Array;
  readonly weights: Float32Array;
  /** Bit i set: the term occurs in SEARCH_FIELDS[i]. */
  readonly fields: Uint8Array;
}

// Related stems (`relatedStems`): the least letters two stems share, the most letters
// either has past them, the most stems one word reaches, and the most index stems read
// past a binary search (a prefix that many stems share says little anyway).
const MIN_SHARED = 5;
const MAX_ENDING = 3;
const MAX_RELATED = 3;
const MAX_SCAN = 64;
const LETTERS = /^[a-z]+$/;

/** For each bit mask of fields, their labels joined by ', ', built once. */
const FIELD_LABELS: readonly string[] = Array.from({ length: 1 << SEARCH_FIELDS.length }, (_, mask) =>
  SEARCH_FIELDS.filter((_field, f) => (mask & (1 << f)) !== 0)
    .map((field) => field.label)
    .join(', '),
);

/**
 * The words an agent noun is made from: 'finder' -> find, 'scanner' -> scan,
 * 'timer' -> time, 'computer' -> compute. Only candidates: the index keeps
 * those that are terms of its tools, so 'water' never becomes 'wat'.
 */
export function agentNounBases(word: string): string[] {
  const singular = word.endsWith('ers') ? word.slice(0, -1) : word;
  if (singular.length < 5 || !singular.endsWith('er')) return [];
  const base = singular.slice(0, -2);
  const bases = [base, `${base}e`];
  // A doubled final consonant: scanner -> scan, runner -> run.
  if (base.length >= 3 && base[base.length - 1] === base[base.length - 2]) bases.push(base.slice(0, -1));
  return bases;
}

/**
 * An inverted index over the tools' search fields, BM25F-scored at build
 * time: a query only adds up the precomputed weights of its terms' postings,
 * so its cost grows with the matches, not with the number of tools.
 */
export class SearchIndex {
  private readonly postings = new Map<string, Postings>();
  /** stem -> the index's agent nouns that may be made from it ('find' -> ['finder'], also 'wat' -> ['water']: only asked for words the index lacks). */
  private readonly agentNouns = new Map<string, string[]>();
  /** The index's word stems (no phrase keys), sorted: a stem's relatives are found by binary search. */
  private readonly sortedStems: string[];
  /** How many words each tool's fields hold together: the tie-break (the more focused tool first). */
  readonly lengths: Int32Array;

  constructor(
    docs: readonly IndexedDoc[],
    readonly parameters: RankingParameters,
  ) {
    const fieldCount = SEARCH_FIELDS.length;
    const boosts = SEARCH_FIELDS.map((field) => parameters.fields[field.label]?.boost ?? 0);
    const bs = SEARCH_FIELDS.map((field) => parameters.fields[field.label]?.b ?? 0);
    const k1 = parameters.k1;
    // Flat arrays, doc-major: one typed array per (stem, doc) pair was most of the build time, in GC.
    const lengths = new Float64Array(docs.length * fieldCount);
    const totals = new Float64Array(fieldCount);
    this.lengths = new Int32Array(docs.length);
    // stem -> the docs holding it (ascending, as docs are read in id order) and their
    // term frequencies, fieldCount per doc.
    const frequencies = new Map<string, { ids: number[]; tfs: number[] }>();
    // Surface words ending in -er, for the agent-noun map.
    const erWords = new Map<string, string>();
    docs.forEach((doc, id) => {
      SEARCH_FIELDS.forEach((field, f) => {
        const terms = field.terms(doc);
        lengths[id * fieldCount + f] = terms.length;
        totals[f] += terms.length;
        this.lengths[id] += terms.length;
        for (const { word, stem } of terms) {
          if (word.length >= 5 && (word.endsWith('er') || word.endsWith('ers'))) erWords.set(word, stem);
          let rows = frequencies.get(stem);
          if (!rows) frequencies.set(stem, (rows = { ids: [], tfs: [] }));
          if (rows.ids[rows.ids.length - 1] !== id) {
            rows.ids.push(id);
            for (let i = 0; i < fieldCount; i++) rows.tfs.push(0);
          }
          rows.tfs[(rows.ids.length - 1) * fieldCount + f] += 1;
        }
      });
    });
    const averages = Array.from(totals, (total) => (docs.length ? total / docs.length : 0) || 1);
    const n = docs.length;
    for (const [stem, { ids, tfs }] of frequencies) {
      const df = ids.length;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      const weights = new Float32Array(df);
      const fields = new Uint8Array(df);
      for (let i = 0; i < df; i++) {
        const id = ids[i];
        let pseudoTf = 0;
        let mask = 0;
        for (let f = 0; f < fieldCount; f++) {
          const tf = tfs[i * fieldCount + f];
          if (tf === 0) continue;
          mask |= 1 << f;
          const b = bs[f];
          pseudoTf += (boosts[f] * tf) / (1 - b + (b * lengths[id * fieldCount + f]) / averages[f]);
        }
        weights[i] = pseudoTf > 0 ? (idf * pseudoTf * (k1 + 1)) / (k1 + pseudoTf) : 0;
        fields[i] = mask;
      }
      this.postings.set(stem, { docs: Int32Array.from(ids), weights, fields });
    }
    this.sortedStems = [...this.postings.keys()].filter((stem) => !stem.includes(' ')).sort();
    for (const [word, stem] of erWords) {
      for (const base of agentNounBases(word)) {
        const baseStem = stemWord(base);
        if (baseStem === stem) continue;
        const list = this.agentNouns.get(baseStem) ?? [];
        if (!list.includes(stem)) list.push(stem);
        this.agentNouns.set(baseStem, list);
      }
    }
  }

  /** How many tools are indexed. */
  get size(): number {
    return this.lengths.length;
  }

  /** The postings of a stem, if any tool has it. */
  get(stem: string): Postings | undefined {
    return this.postings.get(stem);
  }

  /** Stems of the index's agent nouns made from `stem` ('find' -> ['finder']). */
  agentNounsOf(stem: string): readonly string[] {
    return this.agentNouns.get(stem) ?? [];
  }

  /**
   * Stems of the index that differ from `stem` only in their endings
   * ('musician' -> music, 'therapist' -> therapi, 'dramas' -> dramat): they
   * share the longest prefix any index stem shares with it, at least
   * MIN_SHARED letters, and neither has more than MAX_ENDING letters past it.
   * None when more than MAX_RELATED stems qualify (the prefix says too
   * little). Bounded: a few binary searches and at most MAX_SCAN stems read.
   */
  relatedStems(stem: string): string[] {
    if (!LETTERS.test(stem)) return [];
    const sorted = this.sortedStems;
    const shortest = Math.max(MIN_SHARED, stem.length - MAX_ENDING);
    for (let shared = stem.length; shared >= shortest; shared--) {
      const prefix = stem.slice(0, shared);
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sorted[mid] < prefix) lo = mid + 1;
        else hi = mid;
      }
      const related: string[] = [];
      for (let i = lo; i < sorted.length && i < lo + MAX_SCAN && sorted[i].startsWith(prefix); i++) {
        if (sorted[i] !== stem && sorted[i].length - shared <= MAX_ENDING) related.push(sorted[i]);
      }
      if (related.length > 0) return related.length <= MAX_RELATED ? related : [];
    }
    return [];
  }

  /** The labels of the fields where `stem` occurs in document `id`, joined by ', ' (binary search); undefined if none. */
  fieldLabelsOf(stem: string, id: number): string | undefined {
    const postings = this.postings.get(stem);
    if (!postings) return undefined;
    const { docs } = postings;
    let lo = 0;
    let hi = docs.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const doc = docs[mid];
      if (doc === id) return FIELD_LABELS[postings.fields[mid]];
      if (doc < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }
}
