import type { SchemaLevelLike } from '../enums';
import type { Logger } from '../logger';
import type { ToolInvoker } from '../pipeline/invoker';
import type { ApprovalCallback } from '../policy/approval';

/** Options of `new ToolRegistry(...)`. */
export interface ToolRegistryOptions {
  /** Where hook failures, loop warnings and level-1 (NETWORK) calls are reported; the console by default. */
  logger?: Logger;
  /** Safe coercion of numeric strings and 'true'/'false' before validation (on the copy; never inside anyOf/oneOf). */
  coerce?: boolean;
  /**
   * Take a `null` for an optional, non-nullable parameter as absent before
   * validation, because OpenAI strict-mode models send null
   * for what they would leave out; true by default. `false`: such a null is a
   * wrong type (`Parameter 'x' has wrong type: expected integer, got null`).
   */
  nullAsAbsent?: boolean;
  /** How many problems an invalid call's error names before '... and N more problems'; 20 by default. */
  maxErrors?: number;
  /** The cap on the characters of an invalid call's error text; 2048 by default. */
  maxErrorChars?: number;
  /**
   * The most values (the arguments, and every item and property value in
   * them) a call may hold for every problem to be looked for: 50,000 by
   * default. An invalid call over it gets its first problem and
   * `... and perhaps more problems, not looked for in more than 50000 values`;
   * a tool whose parameters are a Standard Schema (zod, valibot, arktype)
   * refuses it before its library runs. `Infinity`: no limit (each failing
   * value then costs ajv about 1 µs, a library up to about 15 µs).
   */
  maxCheckedValues?: number;
  /**
   * Timeout of tools that do not set `timeoutMs`; 30000 ms by default. 0 or
   * Infinity: none. Counted from the call's start (from its approval, for a
   * call that asked for one).
   */
  defaultTimeoutMs?: number;
  /** Asked before WRITE (first use), EXECUTE and MIXED (every call) tools and dangerous ones. */
  approve?: ApprovalCallback;
  /** How long `approve` may take before the call is refused; 300000 ms (5 minutes) by default. 0 or Infinity: no limit. */
  approvalTimeoutMs?: number;
  /** Runs the checked calls; `inProcessInvoker` (the tool's own `execute`, here) by default. */
  invoker?: ToolInvoker;
  /** Calls with the same progress values past this count are reported; 4 by default. */
  loopThreshold?: number;
  /** Refuse, rather than only report, calls past `loopThreshold`. */
  refuseLoops?: boolean;
}

/** Options of `register`. */
export interface RegisterOptions {
  /** Whether the tool starts enabled; true by default. */
  enabled?: boolean;
  /** Replace the tools holding the name or aliases instead of throwing. */
  replace?: boolean;
}

/** `onlyEnabled` (true by default) keeps only tools that are enabled and available. */
export interface ListToolsOptions {
  onlyEnabled?: boolean;
}

/** Options of `getToolSchemas`. */
export interface ToolSchemaOptions extends ListToolsOptions {
  level?: SchemaLevelLike;
}

/** Options of `getToolsByCost`. */
export type ToolsByCostOptions = ListToolsOptions;

/** Tool names per cost tier, sorted; all four keys always present. */
export interface CostSummary {
  free: string[];
  low: string[];
  medium: string[];
  high: string[];
}

/** What changed in a `ToolRegistry`, for listeners such as an MCP server's `tools/list_changed`. */
export interface RegistryChangeEvent {
  type: 'register' | 'unregister' | 'enable' | 'disable';
  name: string;
}
