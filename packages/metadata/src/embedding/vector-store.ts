import { LruCache } from '../search/lru-cache';
import type { SemanticScores } from '../search/searcher';
import { checkedVectors, then, unitVector, type Embedder } from './embedder';

// Distinct requests remembered with their vectors, as the searcher remembers their analysis.
const QUERY_CACHE_SIZE = 256;

interface Matrix {
  readonly texts: readonly string[];
  readonly dimensions: number;
  /** Row-major unit vectors, one row per tool. */
  readonly data: Float32Array;
}

/**
 * The vectors of one embedder: each tool's by the text embedded for it (so a
 * tool is embedded once while that text stays the same, across refreshes),
 * each request's in a small LRU. Missing vectors are asked for in one batch;
 * an asynchronous embedder's answer is shared by every search waiting for it.
 */
export class VectorStore {
  private readonly tools = new Map<string, Float32Array>();
  private readonly queries = new LruCache<string, Float32Array>(QUERY_CACHE_SIZE);
  private readonly inFlight = new Map<string, Promise<void>>();
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
    const wanted = new Set<string>();
    if (this.queries.get(query) === undefined) wanted.add(query);
    for (const text of texts) if (!this.tools.has(text)) wanted.add(text);
    if (wanted.size === 0) return this.similarities(query, texts);
    const waiting: Array<Promise<void>> = [];
    const request: string[] = [];
    for (const text of wanted) {
      const pending = this.inFlight.get(text);
      if (pending) waiting.push(pending);
      else request.push(text);
    }
    if (request.length > 0) {
      const toolTexts = new Set(texts);
      const stored = then(this.embedder.embed(request), (answer) => this.store(request, checkedVectors(answer, request.length), query, toolTexts));
      if (stored instanceof Promise) {
        const settled = stored.finally(() => {
          for (const text of request) if (this.inFlight.get(text) === settled) this.inFlight.delete(text);
        });
        for (const text of request) this.inFlight.set(text, settled);
        waiting.push(settled);
      }
    }
    if (waiting.length === 0) return this.similarities(query, texts);
    return Promise.all(waiting).then(() => this.similarities(query, texts));
  }

  private store(texts: readonly string[], vectors: ArrayLike<number>[], query: string, toolTexts: ReadonlySet<string>): void {
    texts.forEach((text, i) => {
      const unit = unitVector(vectors[i]);
      if (text === query) this.queries.set(text, unit);
      if (toolTexts.has(text)) this.tools.set(text, unit);
    });
  }

  private similarities(query: string, texts: readonly string[]): SemanticScores | undefined {
    const q = this.queries.get(query);
    const matrix = this.matrixOf(texts);
    if (q === undefined || matrix === undefined || !q.some((x) => x !== 0)) return undefined;
    const { data, dimensions } = matrix;
    if (q.length !== dimensions) {
      throw new TypeError(`The embedder answered ${q.length} dimensions for the request and ${dimensions} for the tools; all must have one length`);
    }
    const similarities = new Float32Array(texts.length);
    for (let doc = 0, row = 0; doc < texts.length; doc++, row += dimensions) {
      let dot = 0;
      for (let d = 0; d < dimensions; d++) dot += data[row + d] * q[d];
      similarities[doc] = dot;
    }
    return { similarities };
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
    vectors.forEach((vector, doc) => {
      if (vector.length !== dimensions) {
        throw new TypeError(`The embedder answered vectors of ${dimensions} and ${vector.length} dimensions; all must have one length`);
      }
      data.set(vector, doc * dimensions);
    });
    this.matrix = { texts, dimensions, data };
    return this.matrix;
  }
}
