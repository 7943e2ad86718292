/** BM25F weight and length normalization of one field. */
export interface FieldWeight {
  /** How much one occurrence in this field counts. */
  readonly boost: number;
  /** BM25 `b`: how much a long field is discounted (0: not at all, 1: fully). */
  readonly b: number;
}

/** Everything the lexical ranking is tuned by. */
export interface RankingParameters {
  /** BM25 saturation of a term's (boosted) frequency in a tool. */
  readonly k1: number;
  /** Per field of SEARCH_FIELDS, by label. */
  readonly fields: Readonly<Record<string, FieldWeight>>;
  /**
   * A query term's weight in a request: w = 1 / (1 + commonness * share),
   * where share is the fraction of tools holding the term. Terms most tools
   * share ('get', 'data', 'provide') add up little however many a long
   * request holds; 0 leaves BM25's idf alone.
   */
  readonly commonness: number;
  /**
   * A request word's weight by how generic it is in English (`genericness`,
   * the cosine of its word vector with the centroid of frequent words): 1 up
   * to `from`, falling linearly to `floor` at `to` and beyond. Request filler
   * ('provide', 'planning', 'looking', 'help') gets a high idf in a small
   * catalogue, where few descriptions hold it; this takes it back. Subject
   * words ('weather' 0.47, 'stock' 0.51) are below `from`.
   */
  readonly generic: { readonly from: number; readonly to: number; readonly floor: number };
  /** Weight of a term reached through a compound split, a joined pair or an agent noun (finder -> find). */
  readonly variantWeight: number;
  /**
   * With an embedder, a tool's score is lexical + w * M * max(0, z): z the
   * standard score of its similarity among all tools ((similarity - mean) /
   * standard deviation, so any embedder's range of cosines fits), M the idf
   * of a word only one tool holds (ln(1 + (n + 0.5) / 1.5), n tools). w is
   * how many such words one standard deviation of similarity is worth.
   */
  readonly semanticWeight: number;
  /**
   * The least standard deviation of similarities the fusion assumes, as a
   * share of 1 - mean: near-alike tools' tiny spread does not turn a
   * sibling's slightly higher cosine into many deviations.
   */
  readonly semanticFloor: number;
  /** The most standard deviations one similarity counts for (z is capped here): it adds to matched words, never outweighs several. */
  readonly semanticCap: number;
  /**
   * Meaning counts for more when words match weakly: while no tool's lexical
   * score reaches `below` times M (that many words only one tool holds),
   * one standard deviation of similarity is worth `semanticWeight` such
   * words instead of the ranking's. A request that names its tool's words
   * is ranked by them; one that paraphrases leans more on meaning.
   */
  readonly weakMatch: { readonly below: number; readonly semanticWeight: number };
}

/**
 * Tuned on the BFCL development set (scripts/selection-eval/tune.ts): a
 * coordinate search from plain BM25 (every field weighing 1, k1 1.2, b 0.75)
 * maximizing the MRR of the pooled (counted twice) and per-request settings,
 * with the tools' parameter schemas and without them, a change kept only when
 * it gains 0.001; checked by leaving each BFCL category out in turn (package
 * README). It moved five values: k1 2, the name 1.5 (it was 3 by hand: a
 * query word in a name no longer outweighs the rest), the generated category
 * 0 (it repeats a name word), parameters 0.5, phrases 0.25. `use cases`,
 * `examples` (BFCL tools declare none) and `variantWeight` (BFCL holds few
 * agent nouns and compounds) are set, not tuned.
 */
export const DEFAULT_RANKING: RankingParameters = {
  k1: 2,
  fields: {
    name: { boost: 1.5, b: 0.75 },
    keywords: { boost: 1, b: 0.75 },
    category: { boost: 0, b: 0.75 },
    description: { boost: 1, b: 0.75 },
    'use cases': { boost: 1, b: 0.75 },
    examples: { boost: 0.7, b: 0.75 },
    parameters: { boost: 0.5, b: 0.75 },
    phrases: { boost: 0.25, b: 0.75 },
  },
  commonness: 0,
  generic: { from: 0.6, to: 0.8, floor: 0.25 },
  variantWeight: 0.5,
  semanticWeight: 0.5,
  semanticFloor: 0.1,
  semanticCap: 3,
  weakMatch: { below: 2, semanticWeight: 0.75 },
};
