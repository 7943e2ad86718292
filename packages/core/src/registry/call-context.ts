import type { ToolCallContext, ToolExecutionContext } from '../types';

/**
 * The abort state of one call. The `AbortController` is made only when the
 * tool reads `ctx.signal`: creating an AbortSignal costs several
 * microseconds in Node, more than the rest of a call, and most tools never
 * look at it. A signal read after the call was aborted comes back aborted.
 */
export class CallControl {
  private controller: AbortController | undefined;
  private abortedWith: { reason: unknown } | undefined;

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.abortedWith) this.controller.abort(this.abortedWith.reason);
    }
    return this.controller.signal;
  }

  get aborted(): boolean {
    return this.abortedWith !== undefined;
  }

  abort(reason: unknown): void {
    if (this.abortedWith) return;
    this.abortedWith = { reason };
    this.controller?.abort(reason);
  }
}

/**
 * The context a tool receives: the caller's own enumerable properties, plus
 * `toolName` and `signal`. `signal` is an accessor on the prototype (made on
 * first read, see `CallControl`), so `ctx.signal` works but `{ ...ctx }`
 * does not carry it: pass `ctx` itself or `ctx.signal` along.
 */
class CallContext {
  // A private field: invisible to Object.keys, spreads and deep equality.
  readonly #control: CallControl;
  declare toolName: string;

  constructor(control: CallControl) {
    this.#control = control;
  }

  get signal(): AbortSignal {
    return this.#control.signal;
  }

  // The caller's own `signal` is copied over by Object.assign; the registry
  // combines it with the timeout, so the caller's value is not kept.
  set signal(_ignored: AbortSignal) {}
}

Object.defineProperty(CallContext.prototype, 'signal', { enumerable: true });

/** A shallow copy of `ctx` with `toolName` and the call's `signal`. */
export function createCallContext(ctx: ToolExecutionContext | undefined, toolName: string, control: CallControl): ToolCallContext {
  const copy = new CallContext(control);
  if (ctx !== undefined && ctx !== null) Object.assign(copy, ctx);
  copy.toolName = toolName;
  return copy as unknown as ToolCallContext;
}
