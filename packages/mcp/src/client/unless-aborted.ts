/** The reason a start abandoned by its caller's signal gives. */
export const START_ABORTED = 'the start was aborted';

/**
 * Settles as `promise` does, or rejects with START_ABORTED once `signal`
 * aborts (at once when it already has). The work behind `promise` goes on:
 * the caller stops what it started.
 */
export async function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(new Error(START_ABORTED));
  });
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await Promise.race([promise, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
