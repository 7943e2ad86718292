import type { Logger, ToolMetadataInput } from '@victor-tools/core';
import type { CostTierLike } from '@victor-tools/core/framework';

/** A tool as an MCP server describes it in `tools/list` (the fields victor-tools reads; others are kept). */
export interface McpToolDescription {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  /** The JSON Schema of the arguments, an object schema, in the dialect its `$schema` names (2020-12 when none). */
  inputSchema: { [keyword: string]: unknown };
  /** The JSON Schema of `structuredContent`, when the tool declares one. */
  outputSchema?: { [keyword: string]: unknown } | undefined;
  annotations?: McpToolAnnotationHints | undefined;
  [key: string]: unknown;
}

/** MCP's tool annotations: hints a server gives about what a tool does (MCP's defaults apply to absent ones). */
export interface McpToolAnnotationHints {
  title?: string | undefined;
  /** The tool does not change its environment (default false). */
  readOnlyHint?: boolean | undefined;
  /** A change the tool makes may be destructive rather than additive (default true; meaningful when not read-only). */
  destructiveHint?: boolean | undefined;
  /** Repeating a call with the same arguments changes nothing more (default false). */
  idempotentHint?: boolean | undefined;
  /** The tool reaches an open world of outside entities, such as the web (default true). */
  openWorldHint?: boolean | undefined;
  [key: string]: unknown;
}

/** A `tools/call` result as an MCP server sends it. */
export interface McpCallResult {
  content?: unknown[] | undefined;
  structuredContent?: { [key: string]: unknown } | undefined;
  isError?: boolean | undefined;
  [key: string]: unknown;
}

/** A progress report of a call (`notifications/progress`). */
export interface McpProgress {
  progress: number;
  total?: number | undefined;
  message?: string | undefined;
}

/** The request options victor-tools passes to a client's `callTool` and `listTools`. */
export interface McpRequestOptions {
  signal?: AbortSignal;
  /** Milliseconds without an answer before the client gives up. */
  timeout?: number;
  /** Set, it makes the client ask the server for progress. */
  onprogress?: (progress: McpProgress) => void;
}

/**
 * A connected MCP client, stated by the methods `mcpTools` uses, so the
 * official SDK's `Client` fits as it is: the 1.x `Client` of
 * `@modelcontextprotocol/sdk` (`callTool(params, resultSchema?, options?)`)
 * and the 2.x `Client` of `@modelcontextprotocol/client`
 * (`callTool(params, options?)`).
 */
export interface McpClientLike {
  listTools(params?: { cursor?: string }, options?: McpRequestOptions): Promise<{ tools: McpToolDescription[]; nextCursor?: string | undefined }>;
  /** 1.x: `(params, resultSchema?, options?)`; 2.x: `(params, options?)`. */
  callTool(params: { name: string; arguments?: Record<string, unknown> }, second?: unknown, third?: McpRequestOptions): Promise<unknown>;
  /** The server's name and version, known after initialize. */
  getServerVersion?(): { name: string; version: string; title?: string | undefined } | undefined;
  /** The server's instructions, known after initialize. */
  getInstructions?(): string | undefined;
}

/** An MCP server started as a child process and spoken to over its stdin and stdout (`mcpServers` entries with `command`). */
export interface McpStdioServer {
  /** The program: `npx`, `node`, `uvx`, `docker`... (looked up on PATH). */
  command: string;
  args?: readonly string[];
  /**
   * Environment variables, added to the few the SDK passes on by default
   * (HOME, LOGNAME, PATH, SHELL, TERM, USER): the rest of this process's
   * environment (API keys...) is not passed on unless named here.
   */
  env?: Record<string, string>;
  /** The working directory; this process's by default. */
  cwd?: string;
  /**
   * The server's stderr: `'inherit'` (this process's stderr), `'ignore'`, or
   * a function receiving each line. Whatever is chosen, the last lines are
   * kept for the error of a server that fails to start. Default: `'inherit'`.
   */
  stderr?: 'inherit' | 'ignore' | ((line: string) => void);
}

/** An MCP server over Streamable HTTP (`mcpServers` entries with `url`). */
export interface McpHttpServer {
  url: string | URL;
  /** Headers sent with every request (`Authorization`, an API key...). */
  headers?: Record<string, string>;
  /** A bearer token, sent as `Authorization: Bearer <token>`. */
  token?: string;
}

/** Where `mcpTools` takes tools from: a connected client, a server to start, a URL. */
export type McpServerSource = McpClientLike | McpStdioServer | McpHttpServer | URL | string;

/** What to change of one mounted tool: its name, description, metadata, cost tier or timeout. */
export interface McpToolOverride {
  /** The registered name, instead of `<prefix>_<name>`. */
  name?: string;
  description?: string;
  /**
   * Metadata fields, over what the annotations gave (keywords, use cases,
   * category, priority, `accessMode`, `dangerLevel`: the last two decide the
   * mode policy and when the registry's `approve` callback is asked).
   */
  metadata?: ToolMetadataInput;
  costTier?: CostTierLike;
  /** The call's timeout in ms, instead of `timeoutMs`. */
  timeoutMs?: number;
}

/** How a stdio server that exits is started again. */
export interface McpRestartOptions {
  /** The wait before the first attempt; doubled after each failed one. Default 500 ms. */
  initialDelayMs?: number;
  /** The longest wait between attempts. Default 30,000 ms. */
  maxDelayMs?: number;
  /** Attempts in a row before giving up (then every call fails saying so). Default: no limit. */
  maxAttempts?: number;
}

/** Options of `McpToolSet.close()`. */
export interface McpCloseOptions {
  /**
   * How long a stdio server started by `mcpTools` may take to exit once its
   * stdin is closed before it gets SIGTERM, and then before SIGKILL, in ms.
   * Default: the SDK's 2,000 ms each. A process that is shutting down gives
   * a short one (the gateway gives 500 ms), so that its servers end before it does.
   */
  graceMs?: number;
}

/** Options of `mcpTools`. */
export interface McpToolsOptions {
  /**
   * Registered names are `<prefix>_<name>` (`github_create_issue`), so that
   * tools of several servers do not collide. None by default: the server's
   * own names. Characters other than letters, digits, `_` and `-` become `_`,
   * in the prefix and in the names, since some model providers accept no others.
   */
  prefix?: string;
  /** Which tools to take: their server names, or a test of each description. All by default. */
  include?: readonly string[] | ((tool: McpToolDescription) => boolean);
  /** Server names of tools to leave out. */
  exclude?: readonly string[];
  /** Changes per tool, keyed by the server's name of the tool. */
  overrides?: Record<string, McpToolOverride>;
  /**
   * The timeout of every call in ms (a tool's override wins). Undefined: the
   * registry's default (30 s), and 1 hour for a call made outside a registry.
   */
  timeoutMs?: number;
  /** How long each step of starting may take: starting (or reaching) the server with `initialize`, then each page of `tools/list` (listing again after `tools/list_changed` too). Default 60,000 ms. */
  connectTimeoutMs?: number;
  /**
   * Abandons the start when aborted: `mcpTools` rejects at once with
   * `McpServerStartError` ('the start was aborted'), and a server it started
   * is stopped as after a `connectTimeoutMs` (SIGTERM, without waiting for it
   * to exit). No effect once `mcpTools` resolved: `close()` ends the set.
   */
  signal?: AbortSignal;
  /** How a stdio server that exits is started again; `false` never restarts. */
  restart?: McpRestartOptions | false;
  /**
   * Declared to the server at initialize, answered by the calling context's
   * `ctx.client` (refused without one). Both true by default. Not used for a
   * client you connected yourself: its own handlers answer.
   */
  sampling?: boolean;
  elicitation?: boolean;
  /** The client name announced at initialize; `'victor-tools'` by default. */
  clientName?: string;
  /** Where restarts, dropped changes and logs no call can take are reported; the console by default. */
  logger?: Pick<Logger, 'info' | 'warn'>;
}
