import type { ToolResult } from '../results';
import type { ToolExecutionContext } from '../context';
import { describeValue } from '../error-text';
import { checkOptionKeys } from '../option-keys';

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

const OPTION_KEYS: readonly string[] = ['name', 'critical', 'description'];

/**
 * The options of the two call shapes: the options object, or the
 * reference's positional `(name, critical, description)`. Throws a
 * TypeError for a value of the wrong type or an unknown option (a misspelt
 * `critical` would otherwise make a security hook non-critical in silence).
 */
export function hookOptions(nameOrOptions: string | HookOptions | undefined, critical?: boolean, description?: string): HookOptions {
  if (nameOrOptions === undefined || typeof nameOrOptions === 'string') {
    return checked({ name: nameOrOptions === '' ? undefined : nameOrOptions, critical, description });
  }
  if (nameOrOptions === null || typeof nameOrOptions !== 'object') {
    throw new TypeError(`Hook options must be an object { name, critical, description } or a name string, got ${describeValue(nameOrOptions)}.`);
  }
  if (critical !== undefined || description !== undefined) {
    throw new TypeError('Hook options come either as an object { name, critical, description } or positionally (name, critical, description), not both.');
  }
  checkOptionKeys('Hook', nameOrOptions, OPTION_KEYS);
  return checked(nameOrOptions);
}

function checked(options: HookOptions): HookOptions {
  const { name, critical, description } = options;
  if (name !== undefined && typeof name !== 'string') throw new TypeError(`A hook's name must be a string, got ${describeValue(name)}.`);
  if (critical !== undefined && typeof critical !== 'boolean') throw new TypeError(`A hook's critical flag must be a boolean, got ${describeValue(critical)}.`);
  if (description !== undefined && typeof description !== 'string') throw new TypeError(`A hook's description must be a string, got ${describeValue(description)}.`);
  return options;
}

/**
 * A before- or after-hook of a `ToolRegistry`, with its name and
 * criticality. Built from an options object, or positionally as the
 * reference writes it: `new Hook(callback, 'security_validation', true, 'Validates...')`.
 */
export class Hook<F extends HookCallback = HookCallback> {
  readonly callback: F;
  readonly name: string;
  readonly critical: boolean;
  readonly description: string;

  /** A hook with `{ name, critical, description }` (all optional: the function's name, not critical, no description). */
  constructor(callback: F, options?: HookOptions);
  /** The reference's positional form: `name`, then `critical` (false by default), then `description`. */
  constructor(callback: F, name?: string, critical?: boolean, description?: string);
  constructor(callback: F, nameOrOptions?: string | HookOptions, critical?: boolean, description?: string) {
    if (typeof callback !== 'function') {
      throw new TypeError(`Hook callback must be a function, got ${describeValue(callback)}.`);
    }
    const options = hookOptions(nameOrOptions, critical, description);
    this.callback = callback;
    this.name = options.name || callback.name || 'anonymous';
    this.critical = options.critical ?? false;
    this.description = options.description ?? '';
    Object.freeze(this);
  }
}

/**
 * A `Hook` from either a hook or a bare function, with the options (an
 * object, or positional as the reference's `register_before_hook`) taking
 * precedence over a hook's own.
 */
export function toHook<F extends HookCallback>(
  hookOrFn: Hook<F> | F,
  nameOrOptions?: string | HookOptions,
  critical?: boolean,
  description?: string,
): Hook<F> {
  const options = hookOptions(nameOrOptions, critical, description);
  if (hookOrFn instanceof Hook) {
    if (options.name === undefined && options.critical === undefined && options.description === undefined) return hookOrFn;
    return new Hook(hookOrFn.callback, {
      name: options.name ?? hookOrFn.name,
      critical: options.critical ?? hookOrFn.critical,
      description: options.description ?? hookOrFn.description,
    });
  }
  return new Hook(hookOrFn, options);
}
