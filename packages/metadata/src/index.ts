// Any new export here becomes public API: named exports only.
export { ToolMetadataRegistry, METADATA_REGISTRY_KEY } from './metadata-registry';
export { generateMetadata, inferCategory, inferKeywords, resolveMetadata } from './auto-metadata';
export { selectTools, selectToolsAsync } from './select-tools';
export { splitWords, contentWords, stemWord } from './text/tokenize';
export { STOP_WORDS, isStopWord } from './text/stop-words';
export type { Embedder, EmbeddingVector, MetadataRegistryOptions } from './embedding/embedder';
export type {
  ToolSource,
  RefreshOptions,
  SearchOptions,
  SearchResult,
  MetadataStatistics,
} from './types';
export type { SelectableRegistry, SelectToolsOptions, SelectedTool, ToolSelection } from './selection-types';
