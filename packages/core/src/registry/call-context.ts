import type { ToolCallContext, ToolExecutionContext } from '../types';

/** Where a call's context gets its `signal` from: made on first read (see `ToolCall`). */
export interface SignalSource {
  readonly signal: AbortSignal;
}

/**
 * The context a tool receives: the caller's own enumerable properties, plus
 * `toolName` and `signal`. `signal` is an accessor on the prototype (made on
 * first read, see `ToolCall`), so `ctx.signal` works but `{ ...ctx }`
 * does not carry it: pass `ctx` itself or `ctx.signal` along.
 */
class CallContext {
  // A private field: invisible to Object.keys, spreads and deep equality.
  readonly #source: SignalSource;
  declare toolName: string;

  constructor(source: SignalSource, toolName: string) {
    this.#source = source;
    this.toolName = toolName;
  }

  get signal(): AbortSignal {
    return this.#source.signal;
  }

  // The caller's own `signal` is copied over by Object.assign; the registry
  // combines it with the timeout, so the caller's value is not kept.
  set signal(_ignored: AbortSignal) {}
}

Object.defineProperty(CallContext.prototype, 'signal', { enumerable: true });

/** A shallow copy of `ctx` with `toolName` and the call's `signal`. */
export function createCallContext(ctx: ToolExecutionContext | undefined, toolName: string, source: SignalSource): ToolCallContext {
  const copy = new CallContext(source, toolName);
  if (ctx !== undefined && ctx !== null) {
    Object.assign(copy, ctx);
    // The registered name wins over a `toolName` the caller's context carried.
    copy.toolName = toolName;
  }
  return copy as unknown as ToolCallContext;
}
