import type { BaseTool } from '../base-tool';
import { CostTier, ExecutionCategory, SchemaLevel, type CostTierLike } from '../enums';
import { capText, describeValue, errorMessage, valueOrKind } from '../error-text';
import { setOwn } from '../own-property';
import { runBatch, type BatchCall, type BatchOptions } from '../pipeline/batch';
import { toHook, type AfterHookCallback, type BeforeHookCallback, type Hook, type HookOptions } from '../pipeline/hook';
import { afterHookStep, beforeHookStep } from '../pipeline/hook-steps';
import { inProcessInvoker } from '../pipeline/invoker';
import type { PipelineHost } from '../pipeline/tool-call';
import { executeCall } from '../pipeline/steps';
import { guardedLogger } from '../logger';
import { checkOptionKeys } from '../option-keys';
import { approvalGateOf, approvalRequirement, readApprovalConfig, type ApprovalGate } from '../policy/approval';
import { LoopDetector } from '../policy/loop-detector';
import type { ToolResult } from '../results';
import { DEFAULT_TIMEOUT_MS, timeoutDelay, timeoutProblem } from '../timeouts';
import { resolveTool, type RegistrableTool } from '../tool-protocol';
import type { ToolExecutionContext } from '../context';
import type { ToolJSONSchema } from '../json-schema';
import type {
  CostSummary,
  RegistryChangeEvent,
  ListToolsOptions,
  RegisterOptions,
  ToolRegistryOptions,
  ToolSchemaOptions,
} from './options';
import { createEntry, type ToolEntry } from './tool-entry';
import type { ToolRegistryLike } from './registry-like';
import { toolNameProblem } from './registration-rules';
import { ToolRegistrationError } from './tool-registration-error';
import { UsableTools } from './usable-tools';

const DEFAULT_APPROVAL_TIMEOUT_MS = 5 * 60_000;
const DEFAULT_LOOP_THRESHOLD = 4;

interface SchemaCacheEntry {
  /** The selection the schemas were rendered from: the same array while nothing changed. */
  members: readonly ToolEntry[];
  schemas: readonly ToolJSONSchema[];
}

function className(tool: unknown): string {
  try {
    return (tool as object).constructor?.name || 'anonymous class';
  } catch {
    return 'unknown class';
  }
}

/**
 * Holds tools by name and alias, enables and disables them, lists them and
 * their schemas, and executes calls through validation, the agent-mode
 * policy, approval, hooks and timeouts. `execute` never throws.
 */
export class ToolRegistry implements Iterable<BaseTool>, ToolRegistryLike {
  private readonly entries = new Map<string, ToolEntry>();
  private readonly byName = new Map<string, ToolEntry>();
  private readonly listeners = new Set<(event: RegistryChangeEvent) => void>();
  private readonly schemaCache = new Map<string, SchemaCacheEntry>();
  private readonly host: PipelineHost;
  private version = 0;
  private readonly usable = new UsableTools(this.entries, () => this.version);

  constructor(options: ToolRegistryOptions = {}) {
    checkOptionKeys('new ToolRegistry', options, REGISTRY_OPTION_KEYS);
    for (const key of ['coerce', 'nullAsAbsent', 'refuseLoops'] as const) {
      const value = options[key];
      if (value !== undefined && typeof value !== 'boolean') throw new TypeError(`new ToolRegistry: option '${key}' must be a boolean, got ${describeValue(value)}.`);
    }
    const threshold = options.loopThreshold ?? DEFAULT_LOOP_THRESHOLD;
    if (typeof threshold !== 'number' || !(threshold >= 1)) {
      throw new TypeError(`new ToolRegistry: option 'loopThreshold' must be a number of at least 1, got ${valueOrKind(threshold)}.`);
    }
    if (options.approve !== undefined && typeof options.approve !== 'function') {
      throw new TypeError(`new ToolRegistry: option 'approve' must be a function (request) => boolean | Promise<boolean>, got ${describeValue(options.approve)}.`);
    }
    for (const key of ['defaultTimeoutMs', 'approvalTimeoutMs'] as const) {
      const problem = timeoutProblem(options[key], `option '${key}'`);
      if (problem !== undefined) throw new TypeError(`new ToolRegistry: ${problem}.`);
    }
    const invoker = options.invoker ?? inProcessInvoker;
    if (invoker === null || typeof invoker !== 'object' || typeof invoker.invoke !== 'function') {
      throw new TypeError(`new ToolRegistry: option 'invoker' must be an object with an invoke(call) method, got ${describeValue(invoker)}.`);
    }
    const byName = this.byName;
    this.host = {
      lookup: (name) => byName.get(name),
      // Only tools the caller could call now: suggesting a disabled one leads a model into a second failure.
      knownNames: () => this.usable.enabledAndAvailable().flatMap((entry) => [entry.name, ...entry.aliases]),
      beforeHooks: [],
      afterHooks: [],
      logger: guardedLogger(options.logger ?? console),
      validationOptions: Object.freeze({
        coerce: options.coerce === true,
        nullAsAbsent: options.nullAsAbsent !== false,
        maxErrors: options.maxErrors,
        maxErrorChars: options.maxErrorChars,
        maxCheckedValues: options.maxCheckedValues,
      }),
      defaultTimeoutMs: timeoutDelay(options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS),
      approval: readApprovalConfig(options.approve),
      approvalTimeoutMs: timeoutDelay(options.approvalTimeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS),
      loops: new LoopDetector(threshold),
      refuseLoops: options.refuseLoops === true,
      invoker,
    };
  }

  // ---------------------------------------------------------------- register

  /** Registers `tool` under its own name. */
  register(tool: RegistrableTool, options?: RegisterOptions): this;
  /** Registers `tool` under `name`, which it then has everywhere (schemas too). */
  register(name: string, tool: RegistrableTool, options?: RegisterOptions): this;
  register(first: string | RegistrableTool, second?: RegistrableTool | RegisterOptions, third?: RegisterOptions): this {
    const named = typeof first === 'string';
    const registered: unknown = named ? second : first;
    const options = registerOptions(named ? third : second);
    const tool = resolveTool(registered);
    if (tool === undefined) {
      throw new TypeError(
        `Cannot register ${describeValue(registered)}: expected a BaseTool, a function tool from tool() or an instance of a @Tool class.`,
      );
    }
    const name = named ? first : tool.name;
    if (typeof name !== 'string' || name.length === 0) {
      throw new TypeError(`Cannot register a tool of class ${className(tool)}: its name must be a non-empty string, got ${describeValue(name)}.`);
    }
    const nameProblem = toolNameProblem(name);
    if (nameProblem !== undefined) throw new TypeError(`Cannot register tool '${capText(name)}' (${className(tool)}): ${nameProblem}.`);
    const existing = this.byName.get(name);
    if (existing !== undefined && existing.name === name && (existing.registered === registered || existing.tool === tool)) return this;

    const entry = createEntry(registered, tool, name, options.enabled !== false);
    const holders = new Set<ToolEntry>();
    for (const claimed of [name, ...entry.aliases]) {
      const holder = this.byName.get(claimed);
      if (holder === undefined) continue;
      if (options.replace !== true) throw this.conflictError(entry, holder, claimed);
      holders.add(holder);
    }
    for (const holder of holders) this.remove(holder);
    this.entries.set(name, entry);
    this.byName.set(name, entry);
    for (const alias of entry.aliases) this.byName.set(alias, entry);
    this.changed({ type: 'register', name });
    return this;
  }

  private conflictError(incoming: ToolEntry, holder: ToolEntry, claimed: string): ToolRegistrationError {
    const ours = claimed === incoming.name ? 'name' : 'alias';
    const theirs = claimed === holder.name ? 'the name' : 'an alias';
    return new ToolRegistrationError(
      `Cannot register tool '${incoming.name}' (${className(incoming.tool)}): its ${ours} '${claimed}' is already ` +
        `${theirs} of tool '${holder.name}' (${className(holder.tool)}). ` +
        `Pass { replace: true } to replace that tool, or register this one under another name.`,
      holder.name,
      incoming.name,
      claimed,
    );
  }

  /** Removes the tool called `name` (or with that alias); false when unknown. */
  unregister(name: string): boolean {
    const entry = this.lookup(name);
    if (entry === undefined) return false;
    this.remove(entry);
    return true;
  }

  private remove(entry: ToolEntry): void {
    this.entries.delete(entry.name);
    this.byName.delete(entry.name);
    for (const alias of entry.aliases) if (this.byName.get(alias) === entry) this.byName.delete(alias);
    this.changed({ type: 'unregister', name: entry.name });
  }

  // ---------------------------------------------------------------- states

  /** Enables a tool; false when unknown. */
  enableTool(name: string): boolean {
    return this.setEnabled(name, true);
  }

  /** Disables a tool (it stays registered); false when unknown. */
  disableTool(name: string): boolean {
    return this.setEnabled(name, false);
  }

  /** Whether a tool is registered and enabled (availability aside). */
  isToolEnabled(name: string): boolean {
    return this.lookup(name)?.enabled === true;
  }

  /** Sets several tools' states at once; unknown names are ignored. Every state must be true or false (a TypeError otherwise, before any is set). */
  setToolStates(states: Readonly<Record<string, boolean>>): void {
    if (states === null || typeof states !== 'object') throw new TypeError(`setToolStates takes an object of tool names to true or false, got ${describeValue(states)}.`);
    const entries = Object.entries(states);
    // All checked before any is applied: a state from an environment variable ('false') would otherwise enable the tool.
    for (const [name, enabled] of entries) {
      if (typeof enabled !== 'boolean') throw new TypeError(`setToolStates: the state of '${capText(name)}' must be true or false, got ${describeValue(enabled)}; nothing was changed.`);
    }
    for (const [name, enabled] of entries) this.setEnabled(name, enabled);
  }

  /** Every registered tool's enabled state, by registered name (a copy). */
  getToolStates(): Record<string, boolean> {
    const states: Record<string, boolean> = {};
    for (const entry of this.entries.values()) setOwn(states, entry.name, entry.enabled);
    return states;
  }

  private setEnabled(name: string, enabled: boolean): boolean {
    const entry = this.lookup(name);
    if (entry === undefined) return false;
    if (entry.enabled !== enabled) {
      entry.enabled = enabled;
      this.changed({ type: enabled ? 'enable' : 'disable', name: entry.name });
    }
    return true;
  }

  // ---------------------------------------------------------------- lookup

  /** The tool called `name` (or with that alias), disabled ones too. */
  get(name: string): BaseTool | undefined {
    return this.lookup(name)?.view;
  }

  /** Whether a tool is registered under `name` or has it as an alias. */
  has(name: string): boolean {
    return this.lookup(name) !== undefined;
  }

  /** How many tools are registered. */
  get size(): number {
    return this.entries.size;
  }

  /** The registered tools, in registration order. */
  *[Symbol.iterator](): Iterator<BaseTool> {
    for (const entry of [...this.entries.values()]) yield entry.view;
  }

  private lookup(name: string): ToolEntry | undefined {
    return typeof name === 'string' ? this.byName.get(name) : undefined;
  }

  /** Shared arrays, kept while nothing changes: never hand them out or mutate them. */
  private selected(onlyEnabled: boolean | undefined): readonly ToolEntry[] {
    return onlyEnabled === false ? this.usable.all() : this.usable.enabledAndAvailable();
  }

  /** The tools, in registration order; by default only the enabled and available ones. */
  listTools(options: ListToolsOptions = {}): BaseTool[] {
    return this.selected(options.onlyEnabled).map((entry) => entry.view);
  }

  /**
   * The tools' function schemas at `level` (FULL by default), each under its
   * registered name. Cached until a tool is registered, removed, enabled or
   * disabled or the set of available tools changes. The array, each schema
   * and its `function` are frozen (every caller shares them); `parameters`
   * is the tool's own at FULL, frozen at COMPACT and STUB.
   */
  getToolSchemas(options: ToolSchemaOptions = {}): readonly ToolJSONSchema[] {
    const level = SchemaLevel.from(options.level ?? SchemaLevel.FULL);
    const members = this.selected(options.onlyEnabled);
    const key = `${level.value}|${options.onlyEnabled === false ? 'all' : 'enabled'}`;
    const cached = this.schemaCache.get(key);
    if (cached !== undefined && cached.members === members) return cached.schemas;
    const schemas = Object.freeze(members.map((entry) => frozenSchema(entry.view.toSchema(level))));
    this.schemaCache.set(key, { members, schemas });
    return schemas;
  }

  /** The tools whose cost tier is at most `maxTier` (HIGH by default). */
  getToolsByCost(maxTier: CostTierLike = CostTier.HIGH, options: ListToolsOptions = {}): BaseTool[] {
    const limit = CostTier.from(maxTier).weight;
    return this.selected(options.onlyEnabled)
      .filter((entry) => entry.costTier.weight <= limit)
      .map((entry) => entry.view);
  }

  /** Tool names per cost tier, each list sorted, all four keys present. */
  getCostSummary(options: ListToolsOptions = {}): CostSummary {
    const summary: CostSummary = { free: [], low: [], medium: [], high: [] };
    for (const entry of this.selected(options.onlyEnabled)) summary[entry.costTier.value].push(entry.name);
    for (const names of Object.values(summary) as string[][]) names.sort();
    return summary;
  }

  // ---------------------------------------------------------------- hooks and events

  /**
   * Adds a hook run before each tool call that reaches the tool; returns its
   * remover. Options as an object, or positionally as the reference's
   * `register_before_hook`: `registerBeforeHook(fn, 'security_validation', true)`.
   */
  registerBeforeHook(hook: Hook<BeforeHookCallback> | BeforeHookCallback, options?: HookOptions): () => void;
  /** The reference's positional form: `name`, then `critical` (false by default), then `description`. */
  registerBeforeHook(hook: Hook<BeforeHookCallback> | BeforeHookCallback, name?: string, critical?: boolean, description?: string): () => void;
  registerBeforeHook(
    hook: Hook<BeforeHookCallback> | BeforeHookCallback,
    nameOrOptions?: string | HookOptions,
    critical?: boolean,
    description?: string,
  ): () => void {
    const added = beforeHookStep(toHook(hook, nameOrOptions, critical, description));
    const host = this.host;
    host.beforeHooks = [...host.beforeHooks, added];
    return () => {
      host.beforeHooks = host.beforeHooks.filter((h) => h !== added);
    };
  }

  /** Adds a hook run after each tool call; returns its remover. Options as an object, or positionally (name, critical, description). */
  registerAfterHook(hook: Hook<AfterHookCallback> | AfterHookCallback, options?: HookOptions): () => void;
  /** The reference's positional form: `name`, then `critical` (false by default), then `description`. */
  registerAfterHook(hook: Hook<AfterHookCallback> | AfterHookCallback, name?: string, critical?: boolean, description?: string): () => void;
  registerAfterHook(
    hook: Hook<AfterHookCallback> | AfterHookCallback,
    nameOrOptions?: string | HookOptions,
    critical?: boolean,
    description?: string,
  ): () => void {
    const added = afterHookStep(toHook(hook, nameOrOptions, critical, description));
    const host = this.host;
    host.afterHooks = [...host.afterHooks, added];
    return () => {
      host.afterHooks = host.afterHooks.filter((h) => h !== added);
    };
  }

  /** Calls `listener` on every register, unregister, enable and disable; returns its remover. */
  onChange(listener: (event: RegistryChangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private changed(event: RegistryChangeEvent): void {
    this.version++;
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.host.logger.warn(`A registry change listener failed on ${event.type} of '${event.name}': ${errorMessage(error)}`, error);
      }
    }
  }

  /**
   * Who decides whether a call of the tool registered as `name` (or with it
   * as an alias) runs, with `ctx` as the call's context (its agent mode):
   * `asks: 'nobody'`, `'callback'` (this registry's `approve` decides inside
   * `execute`) or `'person'` (`approve: trustFrameworkApproval(...)`: the
   * door asks a person its own way). The one rule every door applies; an
   * adapter reads it before each call. Undefined for an unknown name.
   */
  approvalGate(name: string, ctx?: ToolExecutionContext): ApprovalGate | undefined {
    const entry = this.lookup(name);
    if (entry === undefined) return undefined;
    const requirement = approvalRequirement(entry.view, ctx);
    return approvalGateOf(requirement, entry.approvedOnce, this.host.approval);
  }

  // ---------------------------------------------------------------- execute

  /**
   * Calls a tool through the steps listed, in order, in `STEPS`
   * (`pipeline/steps.ts`): resolve, enabled, available, mode policy,
   * validation, sandbox paths, loops, approval, before-hooks, the tool (through
   * the invoker, under its timeout and `ctx.signal`), after-hooks. Every
   * failure is a failed ToolResult; it never throws or rejects.
   *
   * @see STEPS in `packages/core/src/pipeline/steps.ts`
   */
  execute(name: string, args?: unknown, ctx?: ToolExecutionContext): Promise<ToolResult> {
    return executeCall(this.host, name, args, ctx);
  }

  /**
   * Runs `calls` and resolves to their results in the calls' order: side by
   * side where the tools' execution categories do not conflict, in order
   * where they do, at most `concurrency` at once (unlimited by default).
   */
  executeBatch(calls: readonly BatchCall[], options: BatchOptions = {}): Promise<ToolResult[]> {
    return runBatch(
      calls,
      options ?? {}, // a JavaScript caller's null too
      (name) => (typeof name === 'string' ? this.lookup(name)?.executionCategory : undefined) ?? ExecutionCategory.READ_ONLY,
      (name, args, ctx, onToolPromise) => executeCall(this.host, name, args, ctx, onToolPromise),
    );
  }

  /**
   * Forgets the repeated-call counts of `ctx`'s scope: its `conversationId`
   * when it has one, else the context object itself; without `ctx`, those of
   * calls made without a context.
   */
  resetLoopDetection(ctx?: ToolExecutionContext): void {
    const conversation = ctx?.conversationId;
    this.host.loops.reset(typeof conversation === 'string' && conversation !== '' ? conversation : (ctx ?? this.host.loops));
  }
}

/** A copy of a tool's schema whose outer objects are frozen: the tool's own `toSchema()` answer stays the tool's. */
function frozenSchema(schema: ToolJSONSchema): ToolJSONSchema {
  if (schema === null || typeof schema !== 'object') return schema;
  const { function: fn } = schema;
  return Object.freeze({ ...schema, function: fn !== null && typeof fn === 'object' ? Object.freeze({ ...fn }) : fn });
}

const REGISTER_OPTION_KEYS: readonly string[] = ['enabled', 'replace'];
// Every option of ToolRegistryOptions, once: the compiler refuses a list that misses one or names one it does not have.
const REGISTRY_KEYS: { readonly [K in keyof Required<ToolRegistryOptions>]: true } = {
  logger: true,
  coerce: true,
  nullAsAbsent: true,
  maxErrors: true,
  maxErrorChars: true,
  maxCheckedValues: true,
  defaultTimeoutMs: true,
  approve: true,
  approvalTimeoutMs: true,
  invoker: true,
  loopThreshold: true,
  refuseLoops: true,
};
const REGISTRY_OPTION_KEYS: readonly string[] = Object.freeze(Object.keys(REGISTRY_KEYS));

/**
 * `register`'s options, checked: a misspelt `enabled` would otherwise start
 * a tool meant to be disabled, in silence (as a misspelt hook option would).
 */
function registerOptions(options: unknown): RegisterOptions {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object') throw new TypeError(`register options must be an object { enabled, replace }, got ${describeValue(options)}.`);
  checkOptionKeys('register', options, REGISTER_OPTION_KEYS);
  const { enabled, replace } = options as RegisterOptions;
  for (const [name, value] of [['enabled', enabled], ['replace', replace]] as const) {
    if (value !== undefined && typeof value !== 'boolean') throw new TypeError(`register option '${name}' must be a boolean, got ${describeValue(value)}.`);
  }
  return options as RegisterOptions;
}
