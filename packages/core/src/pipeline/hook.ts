import type { ToolResult } from '../results';
import type { ToolExecutionContext } from '../context';
import { describeValue } from '../error-text';

/**
 * Runs before a tool, with the arguments and the context the tool will
 * receive. `args` is frozen: returning a plain object replaces the
 * arguments (they are validated and checked against the sandbox again); any
 * other return value (`undefined`, a number from `list.push(...)`) leaves
 * them as they are. `ctx` is the call's copy of the caller's context: what
 * a hook adds to it reaches the tool, never the caller; changing
 * `ctx.mode` or `ctx.sandbox` fails the call.
 */
export type BeforeHookCallback = (
  toolName: string,
  args: Readonly<Record<string, unknown>>,
  ctx: ToolExecutionContext,
) => unknown;

/** What an after-hook learns about the call besides its result. */
export interface AfterHookInfo {
  toolName: string;
  /** The arguments the tool ran with (frozen). */
  args: Readonly<Record<string, unknown>>;
}

/**
 * Runs after a tool. Returning a `ToolResult` (or a result-shaped object,
 * normalized by the same rule as a tool's return value) replaces the result;
 * any other return value leaves it as it is.
 */
export type AfterHookCallback = (result: ToolResult, info: AfterHookInfo) => unknown;

/** Either kind of hook callback. */
export type HookCallback = BeforeHookCallback | AfterHookCallback;

/** Options of `new Hook(...)` and of `registerBeforeHook`/`registerAfterHook`. */
export interface HookOptions {
  /** Shown in logs and in the error of a failing critical hook; defaults to the function's name. */
  name?: string;
  /** A failing critical hook fails the call; a non-critical one is logged and skipped. */
  critical?: boolean;
  /** What the hook is for, for people reading the registry's hooks. */
  description?: string;
}

/** A before- or after-hook of a `ToolRegistry`, with its name and criticality. */
export class Hook<F extends HookCallback = HookCallback> {
  readonly callback: F;
  readonly name: string;
  readonly critical: boolean;
  readonly description: string;

  constructor(callback: F, options: HookOptions = {}) {
    if (typeof callback !== 'function') {
      throw new TypeError(`Hook callback must be a function, got ${describeValue(callback)}.`);
    }
    this.callback = callback;
    this.name = options.name ?? (callback.name || 'anonymous');
    this.critical = options.critical ?? false;
    this.description = options.description ?? '';
    Object.freeze(this);
  }
}

/** A `Hook` from either a hook or a bare function, with `options` taking precedence. */
export function toHook<F extends HookCallback>(hookOrFn: Hook<F> | F, options?: HookOptions): Hook<F> {
  if (hookOrFn instanceof Hook) {
    if (!options) return hookOrFn;
    return new Hook(hookOrFn.callback, {
      name: options.name ?? hookOrFn.name,
      critical: options.critical ?? hookOrFn.critical,
      description: options.description ?? hookOrFn.description,
    });
  }
  return new Hook(hookOrFn, options);
}
