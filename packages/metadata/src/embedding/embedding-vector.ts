/** One vector as an embedder may answer it (its own module: the embedder and the embedding store both name it). */
export type EmbeddingVector = ArrayLike<number>;
