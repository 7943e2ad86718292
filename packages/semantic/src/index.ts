// Any new export here becomes public API: named exports only.
export { wordVectorEmbedder, WordVectorEmbedder, type WordVectorEmbedderOptions } from './word-vector-embedder';
export { Vocabulary, VECTORS_FILE, type CommonDirections } from './vocabulary';
