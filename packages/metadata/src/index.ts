// Any new export here becomes public API: named exports only.
export { ToolMetadataRegistry, METADATA_REGISTRY_KEY } from './metadata-registry';
export { generateMetadata, inferCategory, inferKeywords, resolveMetadata } from './auto-metadata';
export { selectTools, selectToolsAsync } from './select-tools';
export { selectToolsForConversation } from './select-conversation';
export { fileEmbeddingStore, embeddingKey, type EmbeddingStore } from './embedding/embedding-store';
export { splitWords, contentWords, stemWord } from './text/tokenize';
export { STOP_WORDS, isStopWord } from './text/stop-words';
export type { Embedder, EmbedOptions, EmbeddingVector, MetadataRegistryOptions } from './embedding/embedder';
export type {
  ToolSource,
  RefreshOptions,
  SearchOptions,
  SearchResult,
  MetadataStatistics,
} from './types';
export type {
  SelectableRegistry,
  SelectToolsOptions,
  SelectedTool,
  ToolSelection,
  ConversationTurn,
  ConversationSelectOptions,
} from './selection-types';
