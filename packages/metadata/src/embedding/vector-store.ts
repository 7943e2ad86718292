import { LruCache, stringBytes } from '../lru-cache';
import type { SemanticScores } from '../search/searcher';
import { CoarseIndex } from './coarse-index';
import { checkedVectors, then, unitVector, type Embedder, type EmbeddingVector } from './embedder';

// Requests remembered with their vectors, in bytes, as the searcher remembers their
// analysis: a few hundred of 100 dimensions.
const QUERY_CACHE_BYTES = 512 * 1024;
// The most similar tools handed to the searcher: far more than any result list,
// so a tool left out could not have made it on its similarity.
const CANDIDATES = 256;
// Past this many tools a query scans only the groups of the coarse index nearest to it,
// at least SCANNED_SHARE of the tools.
const COARSE_FROM = 4096;
const SCANNED_SHARE = 1 / 8;
// Rows sampled for the spread of the similarities past COARSE_FROM tools.
const DEVIATION_SAMPLE = 512;

interface Matrix {
  readonly texts: readonly string[];
  readonly dimensions: number;
  /** Row-major unit vectors, one row per tool. */
  readonly data: Float32Array;
  /** The mean of the rows: the mean similarity to a query is its dot product with this. */
  readonly mean: Float32Array;
  /** For large catalogues: where to look first. */
  readonly coarse: CoarseIndex | undefined;
}

/**
 * The vectors of one embedder: each tool's by the text embedded for it (so a
 * tool is embedded once while that text stays the same, across refreshes),
 * each request's in an LRU bounded in bytes. Missing vectors are asked for in one batch;
 * an asynchronous embedder's answer is shared by every search waiting for it.
 */
export class VectorStore {
  private readonly tools = new Map<string, Float32Array>();
  private readonly queries = new LruCache<string, Float32Array>(QUERY_CACHE_BYTES, (query, vector) => stringBytes(query) + vector.byteLength);
  // Asynchronous answers not arrived yet, shared by every search waiting for them.
  private readonly pendingTools = new Map<string, Promise<unknown>>();
  private readonly pendingQueries = new Map<string, Promise<Float32Array | undefined>>();
  private matrix: Matrix | undefined;

  constructor(readonly embedder: Embedder) {}

  /** Forgets the vectors of tools whose text is no longer among `texts` (after a refresh). */
  retain(texts: readonly string[]): void {
    const kept = new Set(texts);
    for (const text of this.tools.keys()) if (!kept.has(text)) this.tools.delete(text);
    this.matrix = undefined;
  }

  /**
   * The similarity of `query` to each tool (`texts` by document id): at once
   * when every vector is known or the embedder answers synchronously, else a
   * promise. Undefined when the request has no vector to compare (no word the
   * embedder knows).
   */
  scores(query: string, texts: readonly string[]): SemanticScores | undefined | Promise<SemanticScores | undefined> {
    const waiting: Array<Promise<unknown>> = [];
    const request: string[] = [];
    // A matrix built for these texts means every tool's vector is known.
    if (this.matrix?.texts !== texts) {
      const missing = new Set<string>();
      for (const text of texts) if (!this.tools.has(text)) missing.add(text);
      for (const text of missing) {
        const pending = this.pendingTools.get(text);
        if (pending) waiting.push(pending);
        else request.push(text);
      }
    }
    // The request's vector is used from here, not read back from the cache: a request
    // too large to be kept is still compared.
    let vector: Float32Array | undefined | Promise<Float32Array | undefined> = this.queries.get(query) ?? this.pendingQueries.get(query);
    const { embedder } = this;
    if (vector === undefined && embedder.embedQuery === undefined) {
      // One batch for the request and the tools: the embedder makes no difference between them.
      vector = this.ask([...request, query], request, query, (batch) => embedder.embed(batch));
    } else {
      if (request.length > 0) {
        const asked = this.ask(request, request, undefined, (batch) => embedder.embed(batch));
        if (asked instanceof Promise) waiting.push(asked);
      }
      if (vector === undefined) vector = this.ask([query], [], query, (batch) => embedder.embedQuery!(batch));
    }
    if (!(vector instanceof Promise) && waiting.length === 0) return this.similarities(vector, texts);
    return Promise.all([vector, ...waiting]).then(([known]) => this.similarities(known, texts));
  }

  /**
   * Asks `embed` for the vectors of `batch`: its first `toolTexts` are kept
   * as tools' vectors, its last as the request's when `query` is given (and
   * returned). An asynchronous answer is shared through the pending maps.
   */
  private ask(
    batch: string[],
    toolTexts: readonly string[],
    query: string | undefined,
    embed: (batch: string[]) => EmbeddingVector[] | Promise<EmbeddingVector[]>,
  ): Float32Array | undefined | Promise<Float32Array | undefined> {
    const stored = then(embed(batch), (answer) => {
      const vectors = checkedVectors(answer, batch.length);
      toolTexts.forEach((text, i) => this.tools.set(text, unitVector(vectors[i])));
      if (query === undefined) return undefined;
      const vector = unitVector(vectors[batch.length - 1]);
      this.queries.set(query, vector);
      return vector;
    });
    if (!(stored instanceof Promise)) return stored;
    const settled = stored.finally(() => {
      for (const text of toolTexts) if (this.pendingTools.get(text) === settled) this.pendingTools.delete(text);
      if (query !== undefined && this.pendingQueries.get(query) === settled) this.pendingQueries.delete(query);
    });
    for (const text of toolTexts) this.pendingTools.set(text, settled);
    if (query !== undefined) this.pendingQueries.set(query, settled);
    return settled;
  }

  /**
   * The CANDIDATES most similar tools: of all tools, or past COARSE_FROM
   * tools of those in the coarse index's groups nearest to the query.
   */
  private similarities(q: Float32Array | undefined, texts: readonly string[]): SemanticScores | undefined {
    const matrix = this.matrixOf(texts);
    if (q === undefined || matrix === undefined || !q.some((x) => x !== 0)) return undefined;
    const { data, dimensions, coarse } = matrix;
    if (q.length !== dimensions) {
      throw new TypeError(`The embedder answered ${q.length} dimensions for the request and ${dimensions} for the tools; all must have one length`);
    }
    const n = texts.length;
    const scanned = coarse ? coarse.candidates(q, Math.ceil(n * SCANNED_SHARE)) : undefined;
    const count = scanned ? scanned.length : n;
    const ids = new Int32Array(count);
    const sims = new Float32Array(count);
    for (let i = 0; i < count; i++) {
      const doc = scanned ? scanned[i] : i;
      let dot = 0;
      for (let d = 0, at = doc * dimensions; d < dimensions; d++, at++) dot += data[at] * q[d];
      ids[i] = doc;
      sims[i] = dot;
    }
    let mean = 0;
    for (let d = 0; d < dimensions; d++) mean += matrix.mean[d] * q[d];
    const deviation = scanned ? this.sampledDeviation(matrix, q, mean) : deviationOf(sims, mean);
    if (count <= CANDIDATES) return { docs: ids, similarities: sims, mean, deviation };
    const best = bestOf(sims, CANDIDATES);
    return { docs: Int32Array.from(best, (i) => ids[i]), similarities: Float32Array.from(best, (i) => sims[i]), mean, deviation };
  }

  /**
   * The standard deviation of the similarities over a large catalogue, from
   * DEVIATION_SAMPLE rows spread evenly over it: the scanned groups are the
   * nearest to the query, not a fair sample, and the exact figure would cost
   * a full scan.
   */
  private sampledDeviation(matrix: Matrix, q: Float32Array, mean: number): number {
    const { data, dimensions } = matrix;
    const rows = data.length / dimensions;
    const step = Math.max(1, Math.floor(rows / DEVIATION_SAMPLE));
    let sum = 0;
    let count = 0;
    for (let row = 0; row < rows; row += step, count++) {
      let dot = 0;
      for (let d = 0, at = row * dimensions; d < dimensions; d++, at++) dot += data[at] * q[d];
      sum += (dot - mean) * (dot - mean);
    }
    return Math.sqrt(sum / count);
  }

  /** The tools' vectors as one row-major matrix, built once per set of texts. */
  private matrixOf(texts: readonly string[]): Matrix | undefined {
    if (this.matrix?.texts === texts) return this.matrix;
    const vectors: Float32Array[] = [];
    for (const text of texts) {
      const vector = this.tools.get(text);
      if (vector === undefined) return undefined;
      vectors.push(vector);
    }
    const dimensions = vectors[0]?.length ?? 0;
    const data = new Float32Array(texts.length * dimensions);
    const mean = new Float32Array(dimensions);
    vectors.forEach((vector, doc) => {
      if (vector.length !== dimensions) {
        throw new TypeError(`The embedder answered vectors of ${dimensions} and ${vector.length} dimensions; all must have one length`);
      }
      data.set(vector, doc * dimensions);
      for (let d = 0; d < dimensions; d++) mean[d] += vector[d] / texts.length;
    });
    const coarse = texts.length > COARSE_FROM ? new CoarseIndex(data, texts.length, dimensions) : undefined;
    this.matrix = { texts, dimensions, data, mean, coarse };
    return this.matrix;
  }
}

/** The standard deviation of `values` around `mean`. */
function deviationOf(values: Float32Array, mean: number): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += (values[i] - mean) * (values[i] - mean);
  return values.length > 0 ? Math.sqrt(sum / values.length) : 0;
}

/** The positions of the `k` highest values (any order), by a bounded min-heap. */
function bestOf(values: Float32Array, k: number): Int32Array {
  const heap = new Int32Array(k);
  let size = 0;
  const less = (a: number, b: number): boolean => values[heap[a]] < values[heap[b]];
  const swap = (a: number, b: number): void => {
    const t = heap[a];
    heap[a] = heap[b];
    heap[b] = t;
  };
  for (let i = 0; i < values.length; i++) {
    let at: number;
    if (size < k) {
      heap[(at = size++)] = i;
      while (at > 0 && less(at, (at - 1) >> 1)) {
        swap(at, (at - 1) >> 1);
        at = (at - 1) >> 1;
      }
      continue;
    }
    if (values[i] <= values[heap[0]]) continue;
    heap[(at = 0)] = i;
    for (;;) {
      const left = 2 * at + 1;
      let least = at;
      if (left < size && less(left, least)) least = left;
      if (left + 1 < size && less(left + 1, least)) least = left + 1;
      if (least === at) break;
      swap(at, least);
      at = least;
    }
  }
  return heap.slice(0, size);
}
