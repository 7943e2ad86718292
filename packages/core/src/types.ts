import type { BaseTool } from './base-tool';
import type { AgentModeLike, SchemaLevel } from './enums';

/**
 * A JSON Schema (Draft 7) object. TypeBox schemas are JSON Schemas and fit
 * here as they are.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  enum?: unknown[];
  description?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  [keyword: string]: unknown;
}

/** The schema of a tool's parameters: an object schema. */
export interface ParametersSchema extends JsonSchema {
  type: 'object';
  properties?: Record<string, JsonSchema>;
}

/** The OpenAI-style function schema of `toJSONSchema()` and `toSchema(level)`. */
export interface ToolJSONSchema {
  type: 'function';
  function: {
    name: string;
    description: string;
    parameters: JsonSchema;
  };
}

/** Receives a tool's progress: `progress` so far, of `total` when known, with an optional message. */
export type ProgressReporter = (progress: number, total?: number, message?: string) => void;

/** The levels of a tool's log messages (those of MCP's `notifications/message`, from RFC 5424). */
export type ToolLogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

/** Receives a tool's log messages. */
export type ToolLogFunction = (level: ToolLogLevel, message: string, data?: unknown) => void;

/**
 * What the caller passes to `registry.execute`: shared resources live here,
 * plus the agent `mode`, the EXPLORE `sandbox` directory and an optional
 * `signal` to cancel the call.
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
  [key: string]: unknown;
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
}

/** Where the registry reports what it does not throw (hook failures, approvals). */
export interface Logger {
  debug(message: string, ...details: unknown[]): void;
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

/**
 * Renders a tool's schema in one provider's format at a schema level, for
 * selection and export. `@victor-tools/providers` ships one per provider;
 * core and the metadata package only know this shape.
 */
export interface SchemaRenderer {
  /** The provider's name: 'openai', 'anthropic', 'gemini', 'mcp'... */
  readonly name: string;
  render(tool: BaseTool, level: SchemaLevel): unknown;
}

/** What changed in a `ToolRegistry`, for listeners such as an MCP server's `tools/list_changed`. */
export interface RegistryChangeEvent {
  type: 'register' | 'unregister' | 'enable' | 'disable';
  name: string;
}
