import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Where the distilled vectors are installed: `data/` beside `dist/` (and `src/`). */
export const VECTORS_FILE = path.resolve(__dirname, '..', 'data', 'vectors.bin');

const MAGIC = 'VTWV';
const VERSION = 2;
const HEADER_BYTES = 16;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** How many of the most frequent words make up the centroid that genericness is measured against. */
export const GENERIC_CENTROID_WORDS = 20000;

/**
 * The distilled word vectors (layout in scripts/distil.mjs): int8 components
 * with a scale per word, words by frequency, each word's rank in the source
 * vocabulary for its weight.
 */
export class Vocabulary {
  readonly count: number;
  readonly dimensions: number;
  readonly components: Int8Array;
  readonly scales: Float32Array;
  readonly ranks: Uint32Array;
  private readonly ids: Map<string, number>;
  readonly words: readonly string[];
  private readonly stemText: string;
  private stemIds: Map<string, number> | undefined;
  private centroid: Float64Array | undefined;
  private common: CommonDirections | undefined;

  constructor(bytes: Uint8Array) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const magic = String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3]);
    if (bytes.byteLength < HEADER_BYTES || magic !== MAGIC || view.getUint32(4, true) !== VERSION) {
      throw new Error(`Not a victor-tools word-vector file (version ${VERSION}); rebuild it with 'pnpm --filter @victor-tools/semantic distil'`);
    }
    this.count = view.getUint32(8, true);
    this.dimensions = view.getUint32(12, true);
    const scalesAt = HEADER_BYTES + this.count * this.dimensions;
    const ranksAt = scalesAt + this.count * 4;
    this.components = new Int8Array(bytes.buffer, bytes.byteOffset + HEADER_BYTES, this.count * this.dimensions);
    // The file is little-endian: viewed in place where the machine is too and the
    // offsets are aligned (a file read whole starts its own buffer), else read one by one.
    if (LITTLE_ENDIAN && (bytes.byteOffset + scalesAt) % 4 === 0) {
      this.scales = new Float32Array(bytes.buffer, bytes.byteOffset + scalesAt, this.count);
      this.ranks = new Uint32Array(bytes.buffer, bytes.byteOffset + ranksAt, this.count);
    } else {
      this.scales = Float32Array.from({ length: this.count }, (_, i) => view.getFloat32(scalesAt + i * 4, true));
      this.ranks = Uint32Array.from({ length: this.count }, (_, i) => view.getUint32(ranksAt + i * 4, true));
    }
    const wordsAt = ranksAt + this.count * 4 + 4;
    const wordsEnd = wordsAt + view.getUint32(wordsAt - 4, true);
    const text = (from: number, to: number): string => Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString('utf8');
    this.words = text(wordsAt, wordsEnd).split('\n');
    if (this.words.length !== this.count) throw new Error(`The word-vector file is damaged: ${this.words.length} words for ${this.count} vectors`);
    this.stemText = text(wordsEnd, bytes.byteLength);
    this.ids = new Map(this.words.map((word, id) => [word, id]));
  }

  /** The id of the most frequent word with this Porter2 stem (the stems of @victor-tools/metadata), if any. */
  idOfStem(stem: string): number | undefined {
    if (this.stemIds === undefined) {
      // Built on the first miss: most texts need no stem lookup at all.
      const stemIds = new Map<string, number>();
      this.stemText.split('\n').forEach((own, id) => {
        const stem = own || this.words[id];
        if (!stemIds.has(stem)) stemIds.set(stem, id);
      });
      this.stemIds = stemIds;
    }
    return this.stemIds.get(stem);
  }

  /**
   * How generic a word is: the cosine of its vector with the centroid of the
   * GENERIC_CENTROID_WORDS most frequent words' vectors. Words that go with
   * any topic ('like' 0.83, 'help' 0.75, 'provide' 0.68, 'planning' 0.61)
   * sit near that centroid; words naming a subject ('weather' 0.47,
   * 'petrol' 0.20, 'umbrella' 0.33) far from it. Frequency alone cannot tell
   * them apart: 'stock' is more frequent than 'provide'.
   */
  genericness(id: number): number {
    const { dimensions, components } = this;
    if (this.centroid === undefined) {
      const centroid = new Float64Array(dimensions);
      const rows = Math.min(this.count, GENERIC_CENTROID_WORDS);
      for (let row = 0; row < rows; row++) {
        const scale = this.scales[row] / this.normOf(row);
        for (let d = 0, at = row * dimensions; d < dimensions; d++, at++) centroid[d] += components[at] * scale;
      }
      let norm = 0;
      for (let d = 0; d < dimensions; d++) norm += centroid[d] * centroid[d];
      norm = Math.sqrt(norm) || 1;
      for (let d = 0; d < dimensions; d++) centroid[d] /= norm;
      this.centroid = centroid;
    }
    let dot = 0;
    for (let d = 0, at = id * dimensions; d < dimensions; d++, at++) dot += components[at] * this.centroid[d];
    return (dot * this.scales[id]) / this.normOf(id);
  }

  /**
   * What the word vectors share regardless of meaning: the mean of the
   * COMMON_DIRECTION_WORDS most frequent words' unit vectors and their
   * COMMON_DIRECTION_COUNT principal axes (computed on first use, about
   * 0.1 s). GloVe-style vectors spend their largest directions on word
   * frequency and other properties every word has ("all-but-the-top", Mu and
   * Viswanath, 2018); an average of such vectors is dominated by them, and
   * texts about different things look alike.
   */
  commonDirections(): CommonDirections {
    if (this.common !== undefined) return this.common;
    const { dimensions: n } = this;
    const rows = Math.min(this.count, COMMON_DIRECTION_WORDS);
    const mean = new Float64Array(n);
    const row = new Float64Array(n);
    const unitRow = (id: number): Float64Array => {
      const scale = this.scales[id] / this.normOf(id);
      for (let d = 0, at = id * n; d < n; d++, at++) row[d] = this.components[at] * scale;
      return row;
    };
    for (let id = 0; id < rows; id++) {
      const r = unitRow(id);
      for (let d = 0; d < n; d++) mean[d] += r[d] / rows;
    }
    // The covariance of the centred rows (upper triangle, mirrored after).
    const covariance = new Float64Array(n * n);
    for (let id = 0; id < rows; id++) {
      const r = unitRow(id);
      for (let d = 0; d < n; d++) r[d] -= mean[d];
      for (let a = 0; a < n; a++) {
        const ra = r[a];
        for (let b = a, at = a * n + a; b < n; b++, at++) covariance[at] += ra * r[b];
      }
    }
    for (let a = 0; a < n; a++) for (let b = 0; b < a; b++) covariance[a * n + b] = covariance[b * n + a];
    const axes: Float64Array[] = [];
    for (let c = 0; c < Math.min(COMMON_DIRECTION_COUNT, n); c++) axes.push(principalAxis(covariance, n, axes));
    this.common = { mean, axes };
    return this.common;
  }

  /** The length of a stored row: about 1 (unit vectors, rounded to int8). */
  private normOf(id: number): number {
    const { dimensions, components, scales } = this;
    let sum = 0;
    for (let d = 0, at = id * dimensions; d < dimensions; d++, at++) sum += components[at] * components[at];
    return Math.sqrt(sum) * scales[id] || 1;
  }

  /** The id of a lower-case word, if it is in the vocabulary. */
  idOf(word: string): number | undefined {
    return this.ids.get(word);
  }
}

/** See `Vocabulary.commonDirections`. */
export interface CommonDirections {
  readonly mean: Float64Array;
  /** Unit vectors, orthogonal to each other, the largest first. */
  readonly axes: readonly Float64Array[];
}

/** How many of the most frequent words the common directions are measured over. */
export const COMMON_DIRECTION_WORDS = 20000;
/** How many principal axes are taken out of every word vector (see the package README for the measurements). */
export const COMMON_DIRECTION_COUNT = 3;
const POWER_ITERATIONS = 200;

/**
 * The largest principal axis of `covariance` (n x n, symmetric) orthogonal
 * to `found`, by power iteration from a fixed start, so every process
 * computes the same axes.
 */
function principalAxis(covariance: Float64Array, n: number, found: readonly Float64Array[]): Float64Array {
  let v = new Float64Array(n).fill(1 / Math.sqrt(n));
  for (let i = 0; i < POWER_ITERATIONS; i++) {
    const next = new Float64Array(n);
    for (let a = 0; a < n; a++) {
      let sum = 0;
      for (let b = 0, at = a * n; b < n; b++, at++) sum += covariance[at] * v[b];
      next[a] = sum;
    }
    for (const axis of found) {
      let dot = 0;
      for (let d = 0; d < n; d++) dot += next[d] * axis[d];
      for (let d = 0; d < n; d++) next[d] -= dot * axis[d];
    }
    let norm = 0;
    for (let d = 0; d < n; d++) norm += next[d] * next[d];
    norm = Math.sqrt(norm);
    if (!(norm > 0)) break;
    for (let d = 0; d < n; d++) next[d] /= norm;
    v = next;
  }
  return v;
}

let shared: Vocabulary | undefined;

/** The installed vocabulary, read once per process. */
export function installedVocabulary(): Vocabulary {
  return (shared ??= new Vocabulary(readFileSync(VECTORS_FILE)));
}
