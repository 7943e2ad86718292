import type { AgentModeLike } from './enums';
import type { ToolClient } from './mcp-types';

// What a caller hands `registry.execute` and what a tool receives.

/** Receives a tool's progress: `progress` so far, of `total` when known, with an optional message. */
export type ProgressReporter = (progress: number, total?: number, message?: string) => void;

/** The levels of a tool's log messages (those of MCP's `notifications/message`, from RFC 5424). */
export type ToolLogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

/**
 * Receives a tool's log messages: the level, the message as text, the data
 * that goes with it, and the name of the logger that wrote it when that is
 * not the tool itself (an MCP server's own `logger`, passed on by a tool of
 * `mcpTools`). An MCP server sends `logger` as the notification's `logger`,
 * else the tool's name.
 */
export type ToolLogFunction = (level: ToolLogLevel, message: string, data?: unknown, logger?: string) => void;

/**
 * What the caller passes to `registry.execute`: the agent `mode`, the EXPLORE
 * `sandbox` directory, an optional `signal` to cancel the call, and the shared
 * resources a project's tools use (a code manager, a database handle). Those
 * are declared once, by declaration merging, so that tools read them typed:
 *
 * ```ts
 * declare module '@victor-tools/core' {
 *   interface ToolExecutionContext { codeManager?: CodeManager }
 * }
 * ```
 *
 * There is no index signature on purpose: a tool that reads a property no
 * one declared (`ctx.path`, for a body written `(ctx, args)` where the
 * arguments come first) is a compile error, not `undefined` at run time.
 */
export interface ToolExecutionContext {
  mode?: AgentModeLike;
  sandbox?: string;
  signal?: AbortSignal;
  /**
   * Scope of loop detection: calls with the same conversationId share one loop
   * history (the MCP server sets it per session or connection). Without it:
   * per context object.
   */
  conversationId?: string;
  /** Receives the tool's progress reports (set by the MCP server or a queue worker). */
  reportProgress?: ProgressReporter;
  /** Receives the tool's log messages (set by the MCP server); default: the registry's logger. */
  log?: ToolLogFunction;
  /** The MCP client that made the call, when it can sample or elicit (set by the MCP server); undefined elsewhere. */
  client?: ToolClient;
  /** The framework's id of the tool call (set by the AI SDK, LangChain and OpenAI Agents adapters). */
  toolCallId?: string;
  /**
   * Who approved the call when a framework's own approval covered it
   * (`'ai-sdk'`, `'langchain'`, `'openai-agents'`): set by the adapters, never
   * taken from the caller's context (`trustFrameworkApproval` trusts it).
   */
  approvedBy?: string;
  /**
   * Who calls, when the door authenticated the caller: set by the MCP HTTP
   * server from its `verifyToken` option (the MCP SDK's `AuthInfo` has this
   * shape); undefined elsewhere.
   */
  auth?: AuthInfo;
}

/**
 * A verified caller: what a `verifyToken` function answers for a bearer token
 * it accepts (the shape of the MCP SDK's `AuthInfo`).
 */
export interface AuthInfo {
  /** The access token the caller presented. */
  token: string;
  /** The client the token was issued to. */
  clientId: string;
  /** The scopes the token grants; a tool's `requiredScopes` must all be among them. */
  scopes: string[];
  /** When the token expires, in seconds since the epoch; a token past it is refused. */
  expiresAt?: number;
  /** The resource (RFC 8707) the token was issued for. */
  resource?: URL;
  /** Anything else the verifier wants tools to see (the user's id, the tenant...). */
  extra?: Record<string, unknown>;
}

/**
 * What a tool (and each hook) receives: a shallow copy of the caller's
 * context, taken once at the call's start (writes stay in it), with the
 * registry's `signal` (timeout and cancellation), `toolName`,
 * `reportProgress` and `log`.
 */
export interface ToolCallContext extends ToolExecutionContext {
  /** Aborted by the call's timeout or the caller's signal. */
  readonly signal: AbortSignal;
  /** The name the tool was registered under. */
  readonly toolName: string;
  /** Always present: a no-op when nobody listens; ignored once the call settled. */
  readonly reportProgress: ProgressReporter;
  /** Always present: to the caller's `ctx.log`, else the registry's logger. */
  readonly log: ToolLogFunction;
  /** The MCP client that made the call, when it declared sampling or elicitation; undefined elsewhere. */
  client?: ToolClient;
}
