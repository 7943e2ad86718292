import { describeValue } from '@victor-tools/core/internal';
import type { EmbeddingStore } from './embedding-store';
import type { EmbeddingVector } from './embedding-vector';

export type { EmbeddingVector } from './embedding-vector';

/** What the registry passes along with texts to embed. */
export interface EmbedOptions {
  /** Aborted when no search waits for these vectors any more (`searchAsync`'s `signal`). */
  signal?: AbortSignal;
}

/**
 * Turns texts into vectors: the offline `wordVectorEmbedder()` of
 * `@victor-tools/semantic`, `aiSdkEmbedder(model)` of `@victor-tools/ai-sdk`
 * (any AI SDK embedding model), or a wrapper around any other model. One
 * vector per text, in order, all of one length; synchronous or a promise.
 */
export interface Embedder {
  /**
   * Names the model and its settings (`'openai:text-embedding-3-small'`):
   * part of the key under which an `EmbeddingStore` keeps vectors, so two
   * embedders sharing a store never read each other's vectors. Without it,
   * give each embedder its own store.
   */
  readonly id?: string;
  embed(texts: string[], options?: EmbedOptions): EmbeddingVector[] | Promise<EmbeddingVector[]>;
  /**
   * Vectors for search requests, when the embedder treats them apart from
   * the documents they are compared with (query and document embeddings, as
   * Voyage's and Cohere's input types, or LangChain's `embedQuery`). Without
   * it, `embed` serves requests as well.
   */
  embedQuery?(texts: string[], options?: EmbedOptions): EmbeddingVector[] | Promise<EmbeddingVector[]>;
}

/** Options of `ToolMetadataRegistry.configure`. */
export interface MetadataRegistryOptions {
  /**
   * Adds a semantic signal to `search` and `selectTools`: the cosine
   * similarity of the request's vector to each tool's, fused with the lexical
   * score. `null` goes back to lexical search.
   */
  embedder?: Embedder | null;
  /**
   * Keeps tools' vectors beyond this process (`fileEmbeddingStore(path)`, or
   * `redisEmbeddingStore` of `@victor-tools/queue`): a tool whose text was
   * embedded before, by an embedder of the same `id`, is read back instead of
   * embedded. Request vectors are not stored. A store that throws or
   * rejects is a miss and never fails the search. `null` removes it.
   */
  embeddingStore?: EmbeddingStore | null;
}

/** Whether `value` is a promise (or any thenable). */
export function isThenable<T>(value: unknown): value is PromiseLike<T> {
  return value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function';
}

/** `value` through `next`, synchronously when it is not a promise: one code path for both kinds of embedder. */
export function then<T, U>(value: T | PromiseLike<T>, next: (resolved: T) => U): U | Promise<U> {
  return isThenable<T>(value) ? Promise.resolve(value).then(next) : next(value);
}

/** The unit vector of `vector` as a Float32Array (all zeros stays all zeros). */
export function unitVector(vector: EmbeddingVector): Float32Array {
  const unit = Float32Array.from(vector);
  let norm = 0;
  for (let i = 0; i < unit.length; i++) norm += unit[i] * unit[i];
  norm = Math.sqrt(norm);
  if (norm > 0 && Number.isFinite(norm)) for (let i = 0; i < unit.length; i++) unit[i] /= norm;
  else unit.fill(0);
  return unit;
}

/** Checks what an embedder answered for `count` texts; throws a TypeError naming the problem. */
export function checkedVectors(answer: unknown, count: number): EmbeddingVector[] {
  if (!Array.isArray(answer)) {
    throw new TypeError(`The embedder's embed() must answer an array of vectors (number[][] or Float32Array[]), got ${describeValue(answer)}`);
  }
  if (answer.length !== count) throw new TypeError(`The embedder's embed() answered ${answer.length} vectors for ${count} texts; it must answer one per text, in order`);
  let dimensions: number | undefined;
  for (const vector of answer as unknown[]) {
    const length = (vector as { length?: unknown } | null)?.length;
    if (typeof length !== 'number' || length === 0 || typeof vector === 'string') {
      throw new TypeError('The embedder answered something that is not a vector; each must be a non-empty number[] or Float32Array');
    }
    if (dimensions !== undefined && length !== dimensions) {
      throw new TypeError(`The embedder answered vectors of ${dimensions} and ${length} dimensions; all must have one length`);
    }
    dimensions = length;
  }
  return answer as EmbeddingVector[];
}
