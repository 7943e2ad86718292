import { analyze, type Term } from '../text/tokenize';
import { SEARCH_FIELDS } from './fields';
import type { ToolMetadata } from '@victor-tools/core';

/** What the index needs of one tool. */
export interface IndexedDoc {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly description: string;
  readonly metadata: ToolMetadata;
}

/** The documents holding one term, ascending by id, with precomputed BM25F weights. */
export interface Postings {
  readonly docs: Int32Array;
  readonly weights: Float32Array;
  /** Bit i set: the term occurs in SEARCH_FIELDS[i]. */
  readonly fields: Uint8Array;
}

/** For each bit mask of fields, their labels joined by ', ', built once. */
const FIELD_LABELS: readonly string[] = Array.from({ length: 1 << SEARCH_FIELDS.length }, (_, mask) =>
  SEARCH_FIELDS.filter((_field, f) => (mask & (1 << f)) !== 0)
    .map((field) => field.label)
    .join(', '),
);

// BM25 saturation; 1.2 is the usual choice and fits short fields well.
const K1 = 1.2;

/**
 * An inverted index over the tools' search fields, BM25F-scored at build
 * time: a query only adds up the precomputed weights of its terms' postings,
 * so its cost grows with the matches, not with the number of tools.
 */
export class SearchIndex {
  private readonly postings = new Map<string, Postings>();

  constructor(docs: readonly IndexedDoc[]) {
    const fieldCount = SEARCH_FIELDS.length;
    // Flat arrays, doc-major: one typed array per (stem, doc) pair was most of the build time, in GC.
    const lengths = new Float64Array(docs.length * fieldCount);
    const totals = new Float64Array(fieldCount);
    // stem -> the docs holding it (ascending, as docs are read in id order) and their
    // term frequencies, fieldCount per doc.
    const frequencies = new Map<string, { ids: number[]; tfs: number[] }>();
    docs.forEach((doc, id) => {
      SEARCH_FIELDS.forEach((field, f) => {
        const terms = analyze(field.text(doc.name, doc.aliases, doc.description, doc.metadata));
        lengths[id * fieldCount + f] = terms.length;
        totals[f] += terms.length;
        for (const { stem } of terms) {
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
          const field = SEARCH_FIELDS[f];
          mask |= 1 << f;
          pseudoTf += (field.boost * tf) / (1 - field.b + (field.b * lengths[id * fieldCount + f]) / averages[f]);
        }
        weights[i] = (idf * pseudoTf * (K1 + 1)) / (K1 + pseudoTf);
        fields[i] = mask;
      }
      this.postings.set(stem, { docs: Int32Array.from(ids), weights, fields });
    }
  }

  /** The postings of a stem, if any tool has it. */
  get(stem: string): Postings | undefined {
    return this.postings.get(stem);
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

  /** Distinct query terms (first spelling of each stem kept for reasons). */
  static queryTerms(query: string): Term[] {
    const seen = new Set<string>();
    return analyze(query).filter((term) => !seen.has(term.stem) && seen.add(term.stem) !== undefined);
  }
}
