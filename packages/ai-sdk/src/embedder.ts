import { embedMany, type EmbeddingModel } from 'ai';
import { describeValue, eitherSignal } from '@victor-tools/core/internal';
import type { EmbedOptions, Embedder } from '@victor-tools/metadata';

/** Options of `aiSdkEmbedder`. */
export interface AISDKEmbedderOptions {
  /** Aborts every embedding call of this embedder (a shutdown), besides each search's own signal. */
  signal?: AbortSignal;
  /** The most calls to the model at once when a batch is split (`embedMany`'s `maxParallelCalls`). */
  maxParallelCalls?: number;
  /** Retries per call (`embedMany`'s `maxRetries`; the SDK's default is 2). */
  maxRetries?: number;
  /**
   * The embedder's `id`, part of the key an `EmbeddingStore` keeps vectors
   * under. Default: the model's provider and id (`'openai.embedding:text-embedding-3-small'`),
   * or the model string for a gateway model.
   */
  id?: string;
}

/**
 * Any AI SDK embedding model (OpenAI, Cohere, Mistral, Ollama, the gateway's
 * `'provider/model'` strings...) as the metadata registry's embedder:
 * `ToolMetadataRegistry.getInstance().configure({ embedder: aiSdkEmbedder(openai.embedding('text-embedding-3-small')) })`.
 * Texts are embedded with `embedMany`, which splits a batch by the model's
 * limit per call; a search's `signal` and `options.signal` abort the call.
 */
export function aiSdkEmbedder(model: EmbeddingModel, options: AISDKEmbedderOptions = {}): Embedder & { readonly id: string } {
  if (model === null || model === undefined || (typeof model !== 'string' && typeof model !== 'object')) {
    throw new TypeError(`aiSdkEmbedder(model): model must be an AI SDK embedding model or a gateway model id, got ${describeValue(model)}`);
  }
  const id = options.id ?? idOf(model);
  return {
    id,
    async embed(texts: string[], call?: EmbedOptions): Promise<number[][]> {
      // The embedder's own signal lives as long as it does: let go of it after each call.
      const either = eitherSignal(options.signal, call?.signal);
      try {
        const { embeddings } = await embedMany({
          model,
          values: texts,
          ...(either.signal === undefined ? {} : { abortSignal: either.signal }),
          ...(options.maxParallelCalls === undefined ? {} : { maxParallelCalls: options.maxParallelCalls }),
          ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
        });
        return embeddings;
      } finally {
        either.release();
      }
    },
  };
}

function idOf(model: EmbeddingModel): string {
  if (typeof model === 'string') return model;
  const { provider, modelId } = model as { provider?: unknown; modelId?: unknown };
  return `${String(provider)}:${String(modelId)}`;
}
