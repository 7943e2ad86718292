/** Bytes held for one request: taken from a `ByteBudget`, given back once. */
export interface ByteHold {
  /** Takes `bytes` more; false (taking nothing) when the budget cannot spare them. */
  grow(bytes: number): boolean;
  /** Gives back everything this hold took; later calls do nothing. */
  release(): void;
}

/**
 * The bytes of request bodies a server holds at once, across all requests:
 * a body being read, and the request it became until its answer ends. A
 * request that would take the total past `max` is refused rather than
 * buffered, so many held or slow bodies cannot grow memory without bound.
 */
export class ByteBudget {
  private used = 0;

  constructor(readonly max: number) {}

  /** The bytes held now. */
  get held(): number {
    return this.used;
  }

  /** A new, empty hold on this budget. */
  hold(): ByteHold {
    let taken = 0;
    let released = false;
    return {
      grow: (bytes) => {
        if (released || this.used + bytes > this.max) return false;
        this.used += bytes;
        taken += bytes;
        return true;
      },
      release: () => {
        if (released) return;
        released = true;
        this.used -= taken;
        taken = 0;
      },
    };
  }
}
