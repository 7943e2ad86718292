import type { BaseTool, SchemaLevel } from '@victor-tools/core';
import type {
  AgentModeLike,
  CostTierLike,
  ToolRegistryLike,
  SchemaLevelLike,
  SchemaRenderer,
} from '@victor-tools/core/framework';
import type { ToolMetadataRegistry } from './metadata-registry';

// The shapes of `selectTools`: apart from types.ts, which the metadata
// registry itself imports, because they name the registry.

/**
 * What `selectTools` needs of a registry: core's `ToolRegistry` fits it, and so
 * does any object with these members of `ToolRegistryLike`. `onChange` is
 * optional: with it, `selectTools` re-checks the registered tools only after
 * a change.
 */
export type SelectableRegistry = Pick<ToolRegistryLike, 'listTools'> & Partial<Pick<ToolRegistryLike, 'onChange'>>;

/** Options of `selectTools`. */
export interface SelectToolsOptions {
  /** How many tools at most (default 10; `Infinity` for no cap). */
  maxTools?: number;
  /** Token budget for all schemas together (default: unlimited). */
  tokenBudget?: number;
  /** The most verbose level any tool gets (default FULL). */
  level?: SchemaLevelLike;
  /**
   * The least verbose level any tool gets (default STUB): `lowestLevel` equal
   * to `level` fits the budget by leaving tools out rather than by shortening
   * schemas, for a tool set whose schemas are fixed (the AI SDK's `activeTools`).
   */
  lowestLevel?: SchemaLevelLike;
  /** Raise tools declaring this stage. */
  stage?: string;
  /** Raise tools declaring this task type. */
  taskType?: string;
  /** Leave out tools this agent mode refuses (see `SearchOptions.mode`). */
  mode?: AgentModeLike;
  /**
   * The agent's sandbox directory, as `ctx.sandbox`: in EXPLORE mode, WRITE,
   * EXECUTE and MIXED tools are selected only with it (see `SearchOptions.sandbox`).
   */
  sandbox?: string;
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
  /**
   * Tools always in the selection, as `Priority.CRITICAL` tools are (names or
   * aliases; those not enabled and available, refused by `mode` (with `sandbox`) or above
   * `maxCostTier` are left out): they take the places of the worst-ranked
   * others when `maxTools` is reached and claim their smallest schema first.
   */
  pinned?: Iterable<string>;
  /** `selectToolsAsync` only: see `SearchOptions.signal`. */
  signal?: AbortSignal;
}

/** One turn of a conversation, as `selectToolsForConversation` reads it. */
export interface ConversationTurn {
  /** Who speaks: only user turns are ranked on; assistant turns carry the tools they called. */
  readonly role: 'user' | 'assistant' | 'tool' | 'system';
  /** What the turn says (a user's request; other roles' text is not ranked on). */
  readonly text?: string;
  /** The tools this turn called (an assistant's tool calls) or answered (a tool result). */
  readonly toolNames?: readonly string[];
}

/** Options of `selectToolsForConversation`. */
export interface ConversationSelectOptions extends SelectToolsOptions {
  /** How many of the latest user turns rank the tools, the latest weighing most (default 3). */
  userTurns?: number;
  /** Keep every tool the conversation has called so far, as `pinned` tools (default true). */
  keepCalled?: boolean;
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

