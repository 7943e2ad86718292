/** The one 'abort' listener on a signal, and the calls waiting for it. */
interface Listeners {
  readonly dispatch: () => void;
  readonly waiting: Set<() => void>;
}

const bySignal = new WeakMap<AbortSignal, Listeners>();

/**
 * Runs `listener` once when `signal` aborts; answers the function that stops
 * listening. Every listener of one signal shares a single 'abort' listener
 * on it: a caller's signal shared by many calls at once (an agent run's, a
 * framework context's) carries one listener, not one per call in flight, and
 * Node does not warn of a possible leak past ten.
 */
export function onAbort(signal: AbortSignal, listener: () => void): () => void {
  let listeners = bySignal.get(signal);
  if (listeners === undefined) {
    const waiting = new Set<() => void>();
    const dispatch = (): void => {
      bySignal.delete(signal);
      for (const waiter of waiting) waiter();
    };
    listeners = { dispatch, waiting };
    bySignal.set(signal, listeners);
    signal.addEventListener('abort', dispatch, { once: true });
  }
  const { dispatch, waiting } = listeners;
  // Its own function: one listener given twice is two entries, as with addEventListener.
  const entry = (): void => listener();
  waiting.add(entry);
  return () => {
    if (!waiting.delete(entry) || waiting.size > 0) return;
    signal.removeEventListener('abort', dispatch);
    if (bySignal.get(signal)?.dispatch === dispatch) bySignal.delete(signal);
  };
}
