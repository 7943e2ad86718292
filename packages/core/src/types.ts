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

/**
 * What the caller passes to `registry.execute`: shared resources live here,
 * plus the agent `mode`, the EXPLORE `sandbox` directory and an optional
 * `signal` to cancel the call.
 */
export interface ToolExecutionContext {
  mode?: AgentModeLike;
  sandbox?: string;
  signal?: AbortSignal;
  [key: string]: unknown;
}

/**
 * What a tool receives: a shallow copy of the caller's context with the
 * registry's `signal` (timeout and cancellation) and the `toolName` set.
 */
export interface ToolCallContext extends ToolExecutionContext {
  readonly signal: AbortSignal;
  readonly toolName: string;
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
