import type { AgentModeLike, CostTierLike, ToolLike } from '@victor-tools/core/framework';

/** Where tools come from: any iterable of tools (an array, a `ToolRegistry`) or something with `listTools`. */
export type ToolSource =
  | Iterable<ToolLike>
  | { listTools(options?: { onlyEnabled?: boolean }): Iterable<ToolLike> };

/** Options of `refreshFromTools`. */
export interface RefreshOptions {
  /** Rebuild even when nothing changed. */
  force?: boolean;
}

/** Options of `search`. */
export interface SearchOptions {
  /** How many results at most (default 10; `Infinity` for no cap). Tools forced in by a mandatory keyword count too. */
  limit?: number;
  /** Raise tools declaring this stage. */
  stage?: string;
  /** Raise tools declaring this task type. */
  taskType?: string;
  /** Leave out tools above this cost tier. */
  maxCostTier?: CostTierLike;
  /**
   * Leave out tools this agent mode refuses, by the tool-level rules of
   * `registry.execute`'s policy (SPEC section 12): PLAN keeps READONLY and
   * NETWORK tools; EXPLORE leaves out HIGH cost tools, tools with no declared
   * access mode, and WRITE, EXECUTE and MIXED tools unless `sandbox` is set.
   */
  mode?: AgentModeLike;
  /**
   * The sandbox directory the agent runs with, as `ctx.sandbox`: in EXPLORE
   * mode, WRITE, EXECUTE and MIXED tools are kept only with it. Their path
   * arguments are checked against it when a call runs, not here.
   */
  sandbox?: string;
  /** Keep only tools whose name passes (e.g. the enabled tools of a registry). */
  filter?: (name: string) => boolean;
  /**
   * `searchAsync` and `selectToolsAsync` only: stops waiting for an
   * asynchronous embedder (the promise rejects with the signal's reason) and
   * is handed to the embedder calls the search starts.
   */
  signal?: AbortSignal;
}

/** One ranked search result. */
export interface SearchResult {
  name: string;
  /** Higher is better; only comparable within one search. */
  score: number;
  /** Why the tool came out, e.g. `matched 'file' in name`, `stage 'planning'`. */
  reasons: string[];
}

/** What `getStatistics()` reports. */
export interface MetadataStatistics {
  totalTools: number;
  toolsWithExplicitMetadata: number;
  toolsWithAutoMetadata: number;
  totalCategories: number;
  totalKeywords: number;
  /** Sorted. */
  categories: string[];
}
