import { setMaxListeners } from 'node:events';

/**
 * How long a forced stop waits for the command to finish on its own before
 * it exits the process: just over the 0.5 s after which `mcpTools` SIGKILLs
 * a server abandoned at its start, which the gateway cannot reach itself.
 */
const FORCED_EXIT_MS = 600;

/**
 * Holds SIGINT and SIGTERM for the whole of a command that starts child
 * processes (the gateway's servers) or serves (`serve`), from before the
 * first child starts until the last one is closed: with no handler left,
 * a signal would end the process the default way and leave behind every
 * child that does not stop when its stdin closes.
 *
 * The first signal aborts `signal`: the command stops what it is doing
 * (starting servers, serving) and closes its children. A signal once the
 * command is stopping (a second one, or one after `stop()`) runs the
 * `onForce` callbacks at once (they SIGKILL the children) and exits the
 * process if the command has not ended within `FORCED_EXIT_MS` (the
 * timer does not hold the process: it exits as soon as nothing else runs).
 */
export class ShutdownGuard {
  readonly #stopping = new AbortController();
  readonly #force = new Set<() => void>();
  #released = false;

  constructor() {
    // One listener per server starting (each start follows the signal): a gateway of 11 servers is not a leak.
    setMaxListeners(0, this.#stopping.signal);
    process.on('SIGINT', this.#onSignal);
    process.on('SIGTERM', this.#onSignal);
  }

  /** Aborted on the first SIGINT or SIGTERM, or by `stop()`. */
  get signal(): AbortSignal {
    return this.#stopping.signal;
  }

  /** The command is stopping on its own (its client left, its report is printed): a signal now forces the stop. */
  stop(): void {
    this.#stopping.abort();
  }

  /** Runs `kill` on a forced stop; the function returned forgets it. */
  onForce(kill: () => void): () => void {
    this.#force.add(kill);
    return () => this.#force.delete(kill);
  }

  /** Gives SIGINT and SIGTERM back (their default action), once every child is closed. */
  release(): void {
    if (this.#released) return;
    this.#released = true;
    process.off('SIGINT', this.#onSignal);
    process.off('SIGTERM', this.#onSignal);
  }

  readonly #onSignal = (): void => {
    if (!this.#stopping.signal.aborted) {
      this.#stopping.abort();
      return;
    }
    for (const kill of this.#force) {
      try {
        kill();
      } catch {
        // Killing one must not keep the others alive.
      }
    }
    // The children are gone, so the command's close ends in a moment; should anything else hold it, the process ends anyway.
    setTimeout(() => process.exit(process.exitCode ?? 0), FORCED_EXIT_MS).unref();
  };
}

/** `process.kill`, for a process that may have exited meanwhile. */
export function killQuietly(pid: number | undefined, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (pid === undefined) return;
  try {
    process.kill(pid, signal);
  } catch {
    // It exited meanwhile.
  }
}
