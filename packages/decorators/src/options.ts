import type {
  AccessModeLike,
  ToolCallContext,
  CostTierLike,
  DangerLevelLike,
  ExecutionCategoryLike,
  JsonSchema,
  PriorityLike,
  SchemaInput,
  ToolMetadataInput,
  TypeBoxSchemaLike,
} from '@victor-tools/core';

/** A class whose fields carry `@Param` decorators. */
export type ParamsClass<T = object> = new () => T;

/**
 * What `params` of `@Tool` takes: a `@Param` class, a JSON Schema, a TypeBox
 * schema (0.34 or 1.x), or a Standard Schema that produces JSON Schema (zod 4,
 * arktype, valibot through `toStandardJsonSchema`).
 */
export type ParamsDeclaration = ParamsClass | SchemaInput;

/** The metadata options of `@Tool` and `tool()` (SPEC section 7); only the given ones are declared. */
export interface ToolMetadataOptions {
  category?: string;
  keywords?: readonly string[];
  useCases?: readonly string[];
  examples?: readonly string[];
  priorityHints?: readonly string[];
  priority?: PriorityLike;
  accessMode?: AccessModeLike;
  dangerLevel?: DangerLevelLike;
  stages?: readonly string[];
  taskTypes?: readonly string[];
  mandatoryKeywords?: readonly string[];
  progressParams?: readonly string[];
  executionCategory?: ExecutionCategoryLike;
  /** OAuth scopes a caller's token must grant (enforced by the MCP HTTP server with `verifyToken`). */
  requiredScopes?: readonly string[];
  /** Extra metadata fields (declaration-merged into `ToolMetadata`), merged under the ones above. */
  metadata?: ToolMetadataInput;
}

/** Options shared by `@Tool` (classes and methods) and `tool()`. */
export interface ToolCommonOptions extends ToolMetadataOptions {
  /** The name models call the tool by; default: the class or method name in snake_case. */
  name?: string;
  /** What the tool does, for the model. Required unless a `BaseTool` subclass has its own getter. */
  description?: string;
  aliases?: readonly string[];
  costTier?: CostTierLike;
  /** Whether repeating a call with the same arguments changes nothing (MCP `idempotentHint`). */
  isIdempotent?: boolean;
  /** Whether the tool can be offered now; called with the tool's instance as `this`. */
  availabilityCheck?: () => boolean;
  /** Per-tool timeout; default: the registry's. */
  timeoutMs?: number;
  /**
   * Parameters that name files or directories (`['target', 'options.output']`: dotted
   * through nested objects): each gets `format: 'path'` in the schema, so the EXPLORE
   * sandbox always checks it, whatever its name. The way `tool()` says what
   * `@Param({ path: true })` says.
   */
  pathParams?: readonly string[];
  /** The schema of the tool's output (an object schema, in any form `params` takes): advertised to MCP clients, and every successful output is checked against it. */
  outputSchema?: SchemaInput;
}

/** Options of `@Tool(options)`. */
export interface ToolOptions extends ToolCommonOptions {
  /** The parameters: a class with `@Param` fields, a JSON Schema, a TypeBox schema or a Standard Schema (zod...). */
  params?: ParamsDeclaration;
}

/** JSON Schema type names. */
export type JsonTypeName = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';

/** The constructors `@Param({ type })` understands, besides JSON type names and `@Param` classes. */
export type ParamTypeConstructor = StringConstructor | NumberConstructor | BooleanConstructor | ArrayConstructor | ObjectConstructor | DateConstructor;

/** Options of `@Param(options)` as an object: any JSON Schema keyword, plus `type`, `description`, `optional`. */
export interface ParamOptionsObject {
  /** A JSON type name, a constructor (`String`, `Number`...), or a class with `@Param` fields (a nested object). */
  type?: JsonTypeName | JsonTypeName[] | ParamTypeConstructor | ParamsClass;
  description?: string;
  /** Not required even without a default. */
  optional?: boolean;
  /**
   * The parameter names a file or directory (an array: each item does): it gets
   * `format: 'path'`, so the EXPLORE sandbox always checks it; a string when no
   * type is given otherwise.
   */
  path?: boolean;
  enum?: unknown[];
  items?: JsonSchema | TypeBoxSchemaLike;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  [keyword: string]: unknown;
}

/** Options of `@Param(options)`: an options object or a TypeBox schema (0.34 or 1.x). */
export type ParamOptions = ParamOptionsObject | JsonSchema | TypeBoxSchemaLike;

/** The code of a `tool()` function (and of `@Tool` methods): `(args, ctx)`, sync or async; what it returns becomes the result by core's `toToolResult`. */
export type ToolFunction<TArgs> = (args: TArgs, ctx: ToolCallContext) => unknown;
