import type { ProgressReporter, ToolCallContext, ToolExecutionContext, ToolLogFunction } from '../types';

/** What the context reads from its call (see `ToolCall`), and where the caller's own members go. */
interface CallSource {
  readonly name: string;
  readonly signal: AbortSignal;
  readonly reportProgress: ProgressReporter;
  readonly log: ToolLogFunction;
  callerSignal: AbortSignal | undefined;
  callerReport: unknown;
  callerLog: unknown;
}

/** The members the registry provides; the caller's own values of these are not copied. */
const PROVIDED = new Set(['signal', 'toolName', 'reportProgress', 'log']);

/**
 * The context a tool and its hooks receive: the caller's own enumerable
 * properties, copied once, plus `signal`, `toolName`, `reportProgress` and
 * `log` read from the call. Those four are accessors on the prototype (the
 * signal is made on first read: an AbortController costs microseconds), so
 * `ctx.signal` works but `{ ...ctx }` does not carry them: pass `ctx`
 * itself, or `ctx.signal`, along.
 */
class CallContext {
  // A private field: invisible to Object.keys, spreads and deep equality.
  readonly #call: CallSource;

  constructor(call: CallSource) {
    this.#call = call;
  }

  get signal(): AbortSignal {
    return this.#call.signal;
  }

  get toolName(): string {
    return this.#call.name;
  }

  get reportProgress(): ProgressReporter {
    return this.#call.reportProgress;
  }

  get log(): ToolLogFunction {
    return this.#call.log;
  }
}

for (const key of PROVIDED) Object.defineProperty(CallContext.prototype, key, { enumerable: true });

/**
 * A shallow copy of `source` for `call`: each own enumerable property read
 * once (a getter answers once), `__proto__` kept as an own property, never
 * assigned; `mode`, `sandbox`, `conversationId`, `signal`, `reportProgress`
 * and `log` are read even when inherited. A hook or a tool writes into the
 * copy, never into the caller's object; the call's `mode` and `sandbox` are
 * read from the copy here, once (see `checkPolicyContext` for writes to
 * those two). The caller's own `signal`, `reportProgress` and `log` go to
 * the call, which combines them with its own.
 */
export function copyCallContext(call: CallSource, source: ToolExecutionContext | undefined): ToolCallContext {
  const ctx = new CallContext(call) as unknown as Record<string, unknown>;
  if (source !== undefined) {
    // Every own key is copied, declared (declaration merging) or not: the caller's context is the caller's.
    const from = source as unknown as Record<string, unknown>;
    for (const key of Object.keys(from)) take(call, ctx, key, from[key]);
    // A context object of a class may carry these as inherited getters: they count all the same.
    for (const key of INHERITED_TOO) {
      if (!Object.prototype.hasOwnProperty.call(from, key) && key in from) take(call, ctx, key, from[key]);
    }
  }
  return ctx as unknown as ToolCallContext;
}

/** The members of the caller's context that count even when inherited: the policy's and the registry's. */
const INHERITED_TOO = ['mode', 'sandbox', 'conversationId', 'signal', 'reportProgress', 'log'];

function take(call: CallSource, ctx: Record<string, unknown>, key: string, value: unknown): void {
  if (!PROVIDED.has(key)) setOwn(ctx, key, value);
  else if (key === 'signal') call.callerSignal = isAbortSignal(value) ? value : undefined;
  else if (key === 'reportProgress') call.callerReport = value;
  else if (key === 'log') call.callerLog = value;
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

function isAbortSignal(value: unknown): value is AbortSignal {
  return value !== null && typeof value === 'object' && typeof (value as AbortSignal).aborted === 'boolean' && typeof (value as AbortSignal).addEventListener === 'function';
}
