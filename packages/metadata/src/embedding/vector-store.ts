import { LruCache, stringBytes } from '../lru-cache';
import type { SemanticScores } from '../search/searcher';
import { CoarseIndex } from './coarse-index';
import { checkedVectors, isThenable, then, unitVector, type EmbedOptions, type Embedder, type EmbeddingVector } from './embedder';
import { embeddingKey, type EmbeddingStore } from './embedding-store';

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
// Request embeddings a synchronous search() starts and no search waits for: at most
// this many under way at once; past them search() ranks lexically without asking.
const BACKGROUND_REQUESTS = 2;
// Request embeddings under way shared with later searches: at most this many, of this
// many bytes of request text. Past them a waiting search's call is its own, not shared.
const SHARED_REQUESTS = 64;
const SHARED_REQUEST_BYTES = 1024 * 1024;

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

/** An embedder call under way, shared by every search that needs its vectors. */
interface Pending {
  /** The request's vector when the call embeds one; undefined for tools only. */
  readonly done: Promise<Float32Array | undefined>;
  /** Aborts the call once every search waiting for it has given up. */
  readonly controller: AbortController;
  waiters: number;
  /** A synchronous search wants its vectors: never aborted (it counts as one waiter for good). */
  kept: boolean;
  /** The searches waiting, told once the call settles (an aborted search takes its own out). */
  readonly listeners: Set<(error?: { reason: unknown }) => void>;
  /** Set once the call settled: undefined reason for success. */
  outcome: { reason?: unknown; failed: boolean } | undefined;
  /** The tool texts and the request it is entered under in the pending maps. */
  readonly toolTexts: readonly string[];
  readonly query: string | undefined;
  /** Bytes of `query` counted against SHARED_REQUEST_BYTES; 0 when not shared. */
  sharedBytes: number;
  /** Started by a synchronous search for its request, counted against BACKGROUND_REQUESTS. */
  background: boolean;
  released: boolean;
}

function isPending(value: unknown): value is Pending {
  return typeof value === 'object' && value !== null && 'done' in value;
}

/**
 * The vectors of one embedder: each tool's by the text embedded for it (so a
 * tool is embedded once while that text stays the same, across refreshes,
 * and, with an `EmbeddingStore`, across processes), each request's in an LRU
 * bounded in bytes. Missing vectors are asked for in one batch; an
 * asynchronous embedder's answer is shared by every search waiting for it.
 */
export class VectorStore {
  private readonly tools = new Map<string, Float32Array>();
  private readonly queries = new LruCache<string, Float32Array>(QUERY_CACHE_BYTES, (query, vector) => stringBytes(query) + vector.byteLength);
  // Asynchronous answers not arrived yet, shared by every search waiting for them.
  private readonly pendingTools = new Map<string, Pending>();
  private readonly pendingQueries = new Map<string, Pending>();
  private pendingQueryBytes = 0;
  /** Request embeddings under way that a synchronous search started (BACKGROUND_REQUESTS). */
  private backgroundRequests = 0;
  /** Store keys by tool text, computed once. */
  private readonly keys = new Map<string, string>();
  private matrix: Matrix | undefined;
  /** The length of the embedder's vectors, once it has answered. */
  private dimensions: number | undefined;
  /** Tools whose vectors the store gave before the embedder's length was known. */
  private readonly unchecked = new Set<string>();
  /** Counts the times store vectors of another length were forgotten, so a search under way starts over. */
  private forgotten = 0;

  constructor(
    readonly embedder: Embedder,
    readonly store?: EmbeddingStore,
  ) {}

  /** Forgets the vectors of tools whose text is no longer among `texts` (after a refresh). */
  retain(texts: readonly string[]): void {
    const kept = new Set(texts);
    for (const text of this.tools.keys()) if (!kept.has(text)) this.tools.delete(text);
    for (const text of this.keys.keys()) if (!kept.has(text)) this.keys.delete(text);
    for (const text of this.unchecked) if (!kept.has(text)) this.unchecked.delete(text);
    this.matrix = undefined;
  }

  /**
   * The similarity of `query` to each tool (`texts` by document id): at once
   * when every vector is known or the embedder (and the store) answer
   * synchronously, else a promise. Undefined when the request has no vector
   * to compare (no word the embedder knows). `signal` stops the wait (the
   * promise rejects with its reason); an embedder call is aborted, and
   * forgotten, once every search waiting for it has given up. `background`:
   * nobody waits for the answer (a synchronous search); past
   * BACKGROUND_REQUESTS such request embeddings under way, the request is not
   * asked for (the tools' vectors still are) and there are no scores.
   */
  scores(
    query: string,
    texts: readonly string[],
    signal?: AbortSignal,
    background = false,
  ): SemanticScores | undefined | Promise<SemanticScores | undefined> {
    const forgotten = this.forgotten;
    // The store's vectors of another length were dropped meanwhile: once more, to embed them.
    const compare = (vector: Float32Array | undefined) =>
      this.forgotten === forgotten ? this.similarities(vector, texts) : this.scores(query, texts, signal, background);
    const waiting = new Set<Pending>();
    const request: string[] = [];
    // A matrix built for these texts means every tool's vector is known.
    if (this.matrix?.texts !== texts) {
      const missing = new Set<string>();
      for (const text of texts) if (!this.tools.has(text)) missing.add(text);
      for (const text of missing) {
        const pending = this.pendingTools.get(text);
        if (pending) waiting.add(pending);
        else request.push(text);
      }
    }
    // The request's vector is used from here, not read back from the cache: a request
    // too large to be kept is still compared.
    let vector: Float32Array | undefined | Pending = this.queries.get(query) ?? this.pendingQueries.get(query);
    const { embedder } = this;
    if (vector === undefined && background && this.backgroundRequests >= BACKGROUND_REQUESTS) {
      // Enough request embeddings nobody waits for are under way: rank lexically, bring the tools in.
      if (request.length > 0) keep(this.ask(request, undefined, (batch, options) => embedder.embed(batch, options)));
      return undefined;
    }
    if (vector === undefined && embedder.embedQuery === undefined) {
      // One batch for the request and the tools: the embedder makes no difference between them.
      vector = this.ask(request, query, (batch, options) => embedder.embed(batch, options), background);
    } else {
      if (request.length > 0) {
        const asked = this.ask(request, undefined, (batch, options) => embedder.embed(batch, options));
        if (isPending(asked)) waiting.add(asked);
      }
      if (vector === undefined) vector = this.ask([], query, (batch, options) => embedder.embedQuery!(batch, options), background);
    }
    if (!isPending(vector) && waiting.size === 0) return compare(vector);
    if (isPending(vector)) waiting.add(vector);
    const pendings = [...waiting];
    if (background) {
      // Nobody waits: the vectors are kept when they arrive, for later searches. Nothing
      // of this search stays attached to the calls, however often it is repeated.
      for (const pending of pendings) keep(pending);
      return undefined;
    }
    for (const pending of pendings) pending.waiters += 1;
    const known = vector;
    return waitFor(pendings, signal, (reason) => {
      for (const pending of pendings) {
        if (--pending.waiters > 0) continue;
        pending.controller.abort(reason);
        // Forgotten now, not when the embedder settles: one that ignores the abort may never.
        this.release(pending);
      }
    }).then(async () => compare(isPending(known) ? await known.done : known));
  }

  /**
   * Brings in the vectors of `toolTexts` (from the store when it has them,
   * else from `embed`) and, when `query` is given, the request's (always from
   * `embed`, in the same batch as the tools'; returned). New tool vectors go
   * to the store. An asynchronous answer is shared through the pending maps
   * (a request's while SHARED_REQUESTS and SHARED_REQUEST_BYTES allow).
   */
  private ask(
    toolTexts: readonly string[],
    query: string | undefined,
    embed: (batch: string[], options: EmbedOptions) => EmbeddingVector[] | Promise<EmbeddingVector[]>,
    background = false,
  ): Float32Array | undefined | Pending {
    const controller = new AbortController();
    // Promises inside promises flatten when they settle: the answer is a vector, undefined, or a promise of one.
    const result = then(this.fromStore(toolTexts), (remaining) => {
      const batch = query === undefined ? [...remaining] : [...remaining, query];
      if (batch.length === 0) return undefined;
      return then(embed(batch, { signal: controller.signal }), (answer) => {
        const vectors = checkedVectors(answer, batch.length);
        this.learnDimensions(vectors[0].length);
        const units = remaining.map((_text, i) => unitVector(vectors[i]));
        remaining.forEach((text, i) => this.tools.set(text, units[i]));
        let vector: Float32Array | undefined;
        if (query !== undefined) {
          vector = unitVector(vectors[batch.length - 1]);
          this.queries.set(query, vector);
        }
        if (this.store === undefined || remaining.length === 0) return vector;
        return then(this.toStore(this.store, remaining, units), () => vector);
      });
    }) as Float32Array | undefined | Promise<Float32Array | undefined>;
    if (!(result instanceof Promise)) return result;
    const pending: Pending = {
      done: result,
      controller,
      waiters: 0,
      kept: false,
      listeners: new Set(),
      outcome: undefined,
      toolTexts,
      query,
      sharedBytes: 0,
      background: background && query !== undefined,
      released: false,
    };
    for (const text of toolTexts) this.pendingTools.set(text, pending);
    if (query !== undefined) {
      const bytes = stringBytes(query);
      if (this.pendingQueries.size < SHARED_REQUESTS && this.pendingQueryBytes + bytes <= SHARED_REQUEST_BYTES) {
        this.pendingQueries.set(query, pending);
        this.pendingQueryBytes += pending.sharedBytes = bytes;
      }
    }
    if (pending.background) this.backgroundRequests += 1;
    const settle = (outcome: { reason?: unknown; failed: boolean }): void => {
      pending.outcome = outcome;
      this.release(pending);
      const listeners = [...pending.listeners];
      pending.listeners.clear();
      for (const listener of listeners) listener(outcome.failed ? { reason: outcome.reason } : undefined);
    };
    result.then(
      () => settle({ failed: false }),
      (reason: unknown) => settle({ reason, failed: true }),
    );
    return pending;
  }

  /** Takes an embedder call out of the pending maps and counts (once): it settled, or every waiter gave up. */
  private release(pending: Pending): void {
    if (pending.released) return;
    pending.released = true;
    for (const text of pending.toolTexts) if (this.pendingTools.get(text) === pending) this.pendingTools.delete(text);
    if (pending.query !== undefined && this.pendingQueries.get(pending.query) === pending) this.pendingQueries.delete(pending.query);
    this.pendingQueryBytes -= pending.sharedBytes;
    if (pending.background) this.backgroundRequests -= 1;
  }

  /**
   * Takes the store's vectors of `texts`; answers the texts it did not have.
   * The store is a cache: one that throws or rejects had none of them, and
   * the search goes on embedding them.
   */
  private fromStore(texts: readonly string[]): readonly string[] | Promise<readonly string[]> {
    const { store } = this;
    if (store === undefined || texts.length === 0) return texts;
    const take = (found: ReadonlyArray<EmbeddingVector | undefined> | null | undefined): readonly string[] => {
      const remaining: string[] = [];
      texts.forEach((text, i) => {
        const vector = found?.[i];
        // Anything but a non-empty vector of the embedder's length, of finite numbers not all
        // zero, is a miss: the tool is embedded again and its vector replaced.
        if (vector === undefined || vector === null || typeof vector !== 'object' || vector.length === 0) remaining.push(text);
        else if (this.dimensions !== undefined && vector.length !== this.dimensions) remaining.push(text);
        else {
          // unitVector answers zeros for a vector with a NaN, an infinity or no length.
          const unit = unitVector(vector);
          if (!unit.some((x) => x !== 0)) {
            remaining.push(text);
            return;
          }
          this.tools.set(text, unit);
          if (this.dimensions === undefined) this.unchecked.add(text);
        }
      });
      return remaining;
    };
    // Keys outside the try: a platform without node:crypto is a setup error to be told, not a miss.
    const keys = texts.map((text) => this.keyOf(text));
    let found: ReturnType<EmbeddingStore['get']>;
    try {
      found = store.get(keys);
    } catch {
      return texts;
    }
    return isThenable(found) ? Promise.resolve(found).then(take, () => texts) : take(found);
  }

  /** Gives the store new vectors; a store that throws or rejects keeps none, and the search does not fail. */
  private toStore(store: EmbeddingStore, texts: readonly string[], units: readonly Float32Array[]): void | Promise<void> {
    const keys = texts.map((text) => this.keyOf(text));
    let kept: void | Promise<void>;
    try {
      kept = store.set(keys, units);
    } catch {
      return;
    }
    if (isThenable(kept)) return Promise.resolve(kept).then(noop, noop);
  }

  /**
   * Learns the length of the embedder's vectors from its first answer, and
   * forgets the store's vectors of another length taken before (an old cache
   * file, another embedder under the same id): they are misses, embedded again.
   */
  private learnDimensions(dimensions: number): void {
    if (this.dimensions !== undefined) return;
    this.dimensions = dimensions;
    let forgot = false;
    for (const text of this.unchecked) {
      if (this.tools.get(text)?.length === dimensions) continue;
      this.tools.delete(text);
      forgot = true;
    }
    this.unchecked.clear();
    if (!forgot) return;
    this.matrix = undefined;
    this.forgotten += 1;
  }

  private keyOf(text: string): string {
    let key = this.keys.get(text);
    if (key === undefined) this.keys.set(text, (key = embeddingKey(this.embedder.id ?? '', text)));
    return key;
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

const noop = (): void => undefined;

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

/** Counts a synchronous search as a waiter of `pending` for good (once): the call is never aborted. */
function keep(pending: Float32Array | undefined | Pending): void {
  if (!isPending(pending) || pending.kept) return;
  pending.kept = true;
  pending.waiters += 1;
}

/**
 * Settles once every call of `pendings` has (rejecting with the first
 * failure), or with the signal's reason as soon as it aborts: then
 * `onAbort` runs once and this search's listeners are taken off the calls,
 * so a search that gave up leaves nothing on a call that may never settle.
 */
function waitFor(pendings: readonly Pending[], signal: AbortSignal | undefined, onAbort: (reason: unknown) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let remaining = 0;
    const done = (error?: { reason: unknown }): void => {
      if (error !== undefined) {
        finish();
        reject(error.reason);
      } else if (--remaining === 0) {
        finish();
        resolve();
      }
    };
    const abort = (): void => {
      finish();
      onAbort(signal!.reason);
      reject(signal!.reason);
    };
    const finish = (): void => {
      for (const pending of pendings) pending.listeners.delete(done);
      signal?.removeEventListener('abort', abort);
    };
    if (signal?.aborted) {
      onAbort(signal.reason);
      reject(signal.reason);
      return;
    }
    for (const pending of pendings) {
      if (pending.outcome?.failed) {
        finish();
        reject(pending.outcome.reason);
        return;
      }
      if (pending.outcome !== undefined) continue;
      remaining += 1;
      pending.listeners.add(done);
    }
    if (remaining === 0) {
      resolve();
      return;
    }
    signal?.addEventListener('abort', abort, { once: true });
  });
}
