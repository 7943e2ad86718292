// One Node timer per timeout duration instead of one per call: setTimeout
// plus clearTimeout costs about as much as a whole validated tool call, so
// each call only appends to a queue, and calls of the same duration expire
// in the order they started. The timer is unref'd while nothing waits, so
// an idle registry never keeps the process alive.

// setTimeout's limit; a longer timeout means "no timeout".
const MAX_DELAY_MS = 2_147_483_647;

/** A pending timeout; `cancel` it when the call ends first. */
export interface Deadline {
  cancel(): void;
}

class Entry implements Deadline {
  done = false;
  next: Entry | undefined = undefined;

  constructor(
    private readonly queue: DurationQueue,
    readonly at: number,
    readonly onExpire: () => void,
  ) {}

  cancel(): void {
    this.queue.cancel(this);
  }
}

class DurationQueue {
  private head: Entry | undefined;
  private tail: Entry | undefined;
  private timer: NodeJS.Timeout | undefined;
  private live = 0;

  constructor(private readonly ms: number) {}

  add(onExpire: () => void): Deadline {
    const entry = new Entry(this, performance.now() + this.ms, onExpire);
    if (this.tail) this.tail.next = entry;
    else this.head = entry;
    this.tail = entry;
    if (++this.live === 1) {
      if (this.timer) this.timer.ref();
      else this.arm(this.ms);
    }
    return entry;
  }

  cancel(entry: Entry): void {
    if (entry.done) return;
    entry.done = true;
    this.dropFinishedHead();
    if (--this.live === 0) this.timer?.unref();
  }

  private dropFinishedHead(): void {
    while (this.head?.done) this.head = this.head.next;
    if (!this.head) this.tail = undefined;
  }

  private arm(delay: number): void {
    this.timer = setTimeout(() => this.fire(), Math.max(1, Math.ceil(delay)));
    if (this.live === 0) this.timer.unref();
  }

  private fire(): void {
    this.timer = undefined;
    // Tolerate a timer firing a fraction of a millisecond early.
    const now = performance.now() + 1;
    const expired: Entry[] = [];
    while (this.head && (this.head.done || this.head.at <= now)) {
      const entry = this.head;
      this.head = entry.next;
      if (!entry.done) {
        entry.done = true;
        this.live--;
        expired.push(entry);
      }
    }
    if (!this.head) this.tail = undefined;
    if (this.head) this.arm(this.head.at - performance.now());
    for (const entry of expired) entry.onExpire();
  }
}

/** Timeouts for tool calls, sharing one timer per duration. */
export class TimeoutScheduler {
  private readonly queues = new Map<number, DurationQueue>();

  /** Calls `onExpire` after `ms` unless cancelled; `undefined` for no timeout (non-finite or not positive `ms`). */
  schedule(ms: number, onExpire: () => void): Deadline | undefined {
    if (!(ms > 0) || ms > MAX_DELAY_MS || !Number.isFinite(ms)) return undefined;
    let queue = this.queues.get(ms);
    if (!queue) {
      queue = new DurationQueue(ms);
      this.queues.set(ms, queue);
    }
    return queue.add(onExpire);
  }
}
