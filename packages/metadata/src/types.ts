import type {
  AgentModeLike,
  BaseTool,
  CostTierLike,
  RegistryChangeEvent,
  SchemaLevel,
  SchemaLevelLike,
  SchemaRenderer,
  ToolLike,
} from '@victor-tools/core';
import type { ToolMetadataRegistry } from './metadata-registry';

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
  /** Leave out tools this agent mode refuses (tool-level rules: no sandbox is assumed). */
  mode?: AgentModeLike;
  /** Keep only tools whose name passes (e.g. the enabled tools of a registry). */
  filter?: (name: string) => boolean;
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

/** The registry shape `selectTools` needs: core's `ToolRegistry` fits it. */
export interface SelectableRegistry {
  /** Enabled and available tools by default; every registered one with `onlyEnabled: false`. */
  listTools(options?: { onlyEnabled?: boolean }): BaseTool[];
  /**
   * Optional: calls `listener` on register, unregister, enable and disable and
   * returns an unsubscribe function (core's `ToolRegistry` has it). With it,
   * `selectTools` re-checks the registered tools only after a change.
   */
  onChange?(listener: (event: RegistryChangeEvent) => void): () => void;
}

/** Options of `selectTools`. */
export interface SelectToolsOptions {
  /** How many tools at most (default 10; `Infinity` for no cap). */
  maxTools?: number;
  /** Token budget for all schemas together (default: unlimited). */
  tokenBudget?: number;
  /** The most verbose level any tool gets (default FULL). */
  level?: SchemaLevelLike;
  /** Raise tools declaring this stage. */
  stage?: string;
  /** Raise tools declaring this task type. */
  taskType?: string;
  /** Leave out tools this agent mode refuses. */
  mode?: AgentModeLike;
  /** Leave out tools above this cost tier. */
  maxCostTier?: CostTierLike;
  /**
   * Renders and so counts schemas in a provider's format: a `SchemaRenderer`,
   * or the name of one registered with core ('openai', 'anthropic', 'gemini',
   * 'mcp' once `@victor-tools/providers` is loaded). Default: `tool.toSchema(level)`, OpenAI chat.
   */
  provider?: SchemaRenderer | string;
  /** The metadata registry to rank with (default: the process-wide instance). */
  metadataRegistry?: ToolMetadataRegistry;
}

/** One tool chosen by `selectTools`. */
export interface SelectedTool {
  name: string;
  level: SchemaLevel;
  schema: unknown;
  tokens: number;
}

/** What `selectTools` returns. */
export interface ToolSelection {
  tools: SelectedTool[];
  totalTokens: number;
}

