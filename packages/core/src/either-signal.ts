import { onAbort } from './abort-listeners';

/** A signal that aborts when either of two does, and the way to let go of both. */
export interface EitherSignal {
  /** Undefined when neither signal was given. */
  readonly signal: AbortSignal | undefined;
  /** Detaches the signal from both sources; call it once the work it guards is over. */
  release(): void;
}

const noop = (): void => undefined;

/**
 * A signal that aborts when `a` or `b` does (with its reason), and `release()`
 * to detach it once the call it guards is over. Not `AbortSignal.any`: on
 * Node 20 every signal it makes stays reachable from a long-lived source (a
 * framework context's or an embedder's shutdown signal) until that source
 * aborts, with whatever listens to it: a leak per call.
 */
export function eitherSignal(a: AbortSignal | undefined, b: AbortSignal | undefined): EitherSignal {
  if (a === undefined || b === undefined || a === b) return { signal: a ?? b, release: noop };
  if (a.aborted) return { signal: a, release: noop };
  if (b.aborted) return { signal: b, release: noop };
  const controller = new AbortController();
  const release = (): void => {
    stopA();
    stopB();
  };
  const stopA = onAbort(a, () => {
    release();
    controller.abort(a.reason);
  });
  const stopB = onAbort(b, () => {
    release();
    controller.abort(b.reason);
  });
  return { signal: controller.signal, release };
}
