// The public API of @victor-tools/metadata. Any new export here becomes
// public API: named exports only. The text analysis behind search, for an
// embedder or a ranking built on it, is in ./framework
// (`@victor-tools/metadata/framework`, semver-covered too).
export { ToolMetadataRegistry } from './metadata-registry';
export { generateMetadata, inferCategory, inferKeywords, resolveMetadata } from './auto-metadata';
export { selectTools, selectToolsAsync } from './select-tools';
export { selectToolsForConversation } from './select-conversation';
export { fileEmbeddingStore, type EmbeddingStore } from './embedding/embedding-store';
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
