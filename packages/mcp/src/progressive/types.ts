import type { AgentModeLike, AnyTool } from '@victor-tools/core/framework';

/**
 * What ranks tools for `search_tools`, stated by the methods used so that
 * `@victor-tools/metadata`'s `ToolMetadataRegistry` fits as it is (lexical
 * search, or hybrid once configured with an embedder), without this package
 * depending on it.
 */
export interface ToolSearcher {
  /** Indexes the tools (a no-op when none changed). */
  refreshFromTools(tools: Iterable<AnyTool>): unknown;
  /**
   * The best matches first, among the tools `filter` passes and the agent
   * `mode` allows (with the session's `sandbox`, EXPLORE allows WRITE and
   * EXECUTE tools).
   */
  search(query: string, options: { limit?: number; mode?: AgentModeLike; sandbox?: string; filter?: (name: string) => boolean }): Array<{ name: string; score: number }>;
  /** `search` that waits for an asynchronous embedder, when the searcher has one. */
  searchAsync?(query: string, options: { limit?: number; mode?: AgentModeLike; sandbox?: string; filter?: (name: string) => boolean }): Promise<Array<{ name: string; score: number }>>;
}

/** Progressive disclosure (`serveMcp`'s `progressive` option): few schemas in `tools/list`, the rest found by search. */
export interface ProgressiveOptions {
  /** Ranks the registry's tools: `ToolMetadataRegistry.getInstance()` or a `new ToolMetadataRegistry()`. */
  searcher: ToolSearcher;
  /** Tools always listed, by name, besides those whose metadata declares priority CRITICAL. */
  pinned?: readonly string[];
  /** How many tools one search enables when the model does not say (`limit`); 5 by default, at most 20. */
  limit?: number;
  /** The search tool's name; `search_tools` by default. */
  searchToolName?: string;
}
