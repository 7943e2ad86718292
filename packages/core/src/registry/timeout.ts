// Timeouts of tool calls without a timer, nor even a clock read, per call.
//
// setTimeout plus clearTimeout costs about as much as a whole validated tool
// call, and on some machines a single performance.now() costs a third of
// one. So a call only appends itself to the queue of its timeout duration
// and joins that queue's open "bucket"; one Node timer per duration ticks
// every 1/TICKS of the duration while calls are pending. Each tick seals the
// open bucket with the tick's time: its calls started at or before it, so
// they are due one duration after it. A call thus never times out early and
// at most 1/TICKS of its duration (plus the timer's own lag) late.
//
// The timer keeps the process alive only while calls are pending. Going idle
// does not unref it at once (ref/unref are native calls, and a sequence of
// awaited calls goes idle after every one): a check queued with
// setImmediate does it once the current burst of calls is over.

// Browsers and edge runtimes have neither setImmediate nor timers with
// ref/unref (their timers are numbers): there the idle check waits for a
// zero-delay timeout, and ref/unref are skipped.
const afterBurst: (fn: () => void) => void = typeof setImmediate === 'function' ? (fn) => setImmediate(fn) : (fn) => setTimeout(fn, 0);

/** setTimeout's limit; a longer timeout means "no timeout". */
const MAX_DELAY_MS = 2_147_483_647;

/** Ticks per timeout duration: how late, as a fraction of it, a timeout may fire. */
const TICKS = 8;

/** Calls that started between two ticks; `sealedAt` is the later tick's time, -1 until then. */
export class Bucket {
  sealedAt = -1;
}

/**
 * Something that can time out: the registry's per-call object implements
 * it, so a call costs no extra allocation for its deadline. (An interface,
 * not a base class: in Node 20 a derived class with field initializers is
 * several times slower to construct, which shows in a call's cost.)
 */
export interface TimeoutTask {
  /** The queue holding this task while its timeout is pending; set by the scheduler only. */
  timeoutQueue: DurationQueue | undefined;
  timeoutBucket: Bucket | undefined;
  timeoutNext: TimeoutTask | undefined;
  /** Called once when the timeout elapses first. */
  expire(): void;
}

/** Stops `task`'s timeout, if one is pending. */
export function cancelTimeout(task: TimeoutTask): void {
  const queue = task.timeoutQueue;
  if (queue !== undefined) {
    task.timeoutQueue = undefined;
    queue.cancelled();
  }
}

/** The pending tasks of one duration, in the order they started. */
export class DurationQueue {
  private head: TimeoutTask | undefined;
  private tail: TimeoutTask | undefined;
  private open: Bucket | undefined;
  private timer: NodeJS.Timeout | undefined;
  private referenced = false;
  private idleCheckQueued = false;
  private live = 0;
  private readonly tickMs: number;

  constructor(private readonly ms: number) {
    this.tickMs = Math.max(1, Math.ceil(ms / TICKS));
  }

  add(task: TimeoutTask): void {
    let bucket = this.open;
    if (bucket === undefined) {
      bucket = new Bucket();
      this.open = bucket;
    }
    task.timeoutQueue = this;
    task.timeoutBucket = bucket;
    task.timeoutNext = undefined;
    if (this.tail !== undefined) this.tail.timeoutNext = task;
    else this.head = task;
    this.tail = task;
    if (++this.live === 1) this.wake();
  }

  /** A task left the queue early; finished tasks at the head are dropped at once so they can be collected. */
  cancelled(): void {
    this.dropFinishedHead();
    if (--this.live === 0 && !this.idleCheckQueued) {
      this.idleCheckQueued = true;
      afterBurst(() => this.idleCheck());
    }
  }

  private dropFinishedHead(): void {
    let task = this.head;
    while (task !== undefined && task.timeoutQueue === undefined) {
      const next = task.timeoutNext;
      // Unlinked, so a task kept alive by its caller does not keep every later one alive.
      task.timeoutNext = undefined;
      task = next;
    }
    this.head = task;
    if (task === undefined) this.tail = undefined;
  }

  private wake(): void {
    if (this.timer === undefined) this.arm();
    else if (!this.referenced) {
      this.timer.ref?.();
      this.referenced = true;
    }
  }

  private idleCheck(): void {
    this.idleCheckQueued = false;
    if (this.live === 0 && this.timer !== undefined && this.referenced) {
      this.timer.unref?.();
      this.referenced = false;
    }
  }

  private arm(): void {
    this.timer = setTimeout(() => this.tick(), this.tickMs);
    this.referenced = this.live > 0;
    if (!this.referenced) this.timer.unref?.();
  }

  private tick(): void {
    this.timer = undefined;
    const now = performance.now();
    if (this.open !== undefined) {
      this.open.sealedAt = now;
      this.open = undefined;
    }
    // Tolerate a timer firing a fraction of a millisecond early.
    const dueIfSealedBy = now + 1 - this.ms;
    const expired: TimeoutTask[] = [];
    let task = this.head;
    while (task !== undefined) {
      if (task.timeoutQueue !== undefined) {
        const sealedAt = task.timeoutBucket!.sealedAt;
        if (sealedAt < 0 || sealedAt > dueIfSealedBy) break;
        task.timeoutQueue = undefined;
        this.live--;
        expired.push(task);
      }
      const next = task.timeoutNext;
      task.timeoutNext = undefined;
      task = next;
    }
    this.head = task;
    if (task === undefined) this.tail = undefined;
    else this.arm();
    for (const done of expired) {
      // One task's failure must not keep the others from timing out (nor crash the timer's callback).
      try {
        done.expire();
      } catch {
        // expire() reports through the call's own result; nothing else to do here.
      }
    }
  }
}

/** Timeouts for tool calls, sharing one timer per duration. */
export class TimeoutScheduler {
  private readonly queues = new Map<number, DurationQueue>();

  /**
   * The queue of timeouts of `ms`, whose `add(task)` calls `task.expire()`
   * after `ms` (at most 1/8 of `ms` later) unless `cancelTimeout(task)` comes
   * first. Callers may keep it: it lives as long as the scheduler. null for no
   * timeout (non-finite, not positive or beyond setTimeout's limit).
   */
  queueFor(ms: number): DurationQueue | null {
    if (!(ms > 0) || ms > MAX_DELAY_MS || !Number.isFinite(ms)) return null;
    let queue = this.queues.get(ms);
    if (queue === undefined) {
      queue = new DurationQueue(ms);
      this.queues.set(ms, queue);
    }
    return queue;
  }
}
