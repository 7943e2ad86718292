import type { ToolCallContext, ToolExecutionContext, ToolLogLevel } from '../context';
import { setOwn } from '../own-property';

/** What the context reads from its call (see `ToolCall`), and where the caller's own members go. */
interface CallSource {
  readonly name: string;
  readonly signal: AbortSignal;
  reportProgress(progress: number, total?: number, message?: string): void;
  log(level: ToolLogLevel, message: string, data?: unknown, logger?: string): void;
  callerSignal: AbortSignal | undefined;
  callerReport: unknown;
  callerLog: unknown;
}

/** The members the registry provides; the caller's own values of these are not copied. */
const PROVIDED = new Set(['signal', 'toolName', 'reportProgress', 'log']);

/** The members of the caller's context that count even when inherited: the policy's and the registry's. */
const INHERITED_TOO = ['mode', 'sandbox', 'conversationId', 'signal', 'reportProgress', 'log'];

/**
 * The context a tool and its hooks receive: the caller's own enumerable
 * properties, each read once (a getter answers once), `__proto__` kept as an
 * own property, never assigned; `mode`, `sandbox`, `conversationId`,
 * `signal`, `reportProgress` and `log` are read even when inherited. A hook
 * or a tool writes into the copy, never into the caller's object (see
 * `checkPolicyContext` for writes to `mode` and `sandbox`). The caller's own
 * `signal`, `reportProgress` and `log` go to the call, which combines them
 * with its own.
 *
 * `signal`, `toolName`, `reportProgress` and `log` are getters on the
 * prototype, so `{ ...ctx }` does not carry them: pass `ctx` itself, or
 * `ctx.signal`, along. Not a plain object: it would need its signal (or an
 * own getter for it) made on every call, several times the cost of a whole
 * call on Node 20 (BENCHMARKS.md), for tools that mostly never read it.
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

class CallContext {
  // A private field: invisible to Object.keys, spreads and deep equality.
  readonly #call: CallSource;
  #reportProgress: CallSource['reportProgress'] | undefined;
  #log: CallSource['log'] | undefined;

  constructor(call: CallSource) {
    this.#call = call;
  }

  get signal(): AbortSignal {
    return this.#call.signal;
  }

  get toolName(): string {
    return this.#call.name;
  }

  get reportProgress(): CallSource['reportProgress'] {
    const call = this.#call;
    return (this.#reportProgress ??= (progress, total, message) => call.reportProgress(progress, total, message));
  }

  get log(): CallSource['log'] {
    const call = this.#call;
    return (this.#log ??= (level, message, data, logger) => call.log(level, message, data, logger));
  }
}

for (const key of PROVIDED) Object.defineProperty(CallContext.prototype, key, { enumerable: true });

function take(call: CallSource, ctx: Record<string, unknown>, key: string, value: unknown): void {
  if (!PROVIDED.has(key)) setOwn(ctx, key, value);
  else if (key === 'signal') call.callerSignal = isAbortSignal(value) ? value : undefined;
  else if (key === 'reportProgress') call.callerReport = value;
  else if (key === 'log') call.callerLog = value;
}

function isAbortSignal(value: unknown): value is AbortSignal {
  return value !== null && typeof value === 'object' && typeof (value as AbortSignal).aborted === 'boolean' && typeof (value as AbortSignal).addEventListener === 'function';
}
