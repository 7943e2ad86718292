/**
 * Job ids whose cancellation this worker heard of lately. A cancellation is
 * broadcast to every worker and only the one holding the job can abort it;
 * but the message may arrive while the job is being handed to this worker,
 * before BullMQ tracks it, so a job that starts here checks this list first.
 * Bounded in size and age: a job is handed over within moments of its cancel.
 */
export class RecentCancellations {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly maxAgeMs = 60_000,
    private readonly maxSize = 10_000,
  ) {}

  add(jobId: string, now = Date.now()): void {
    this.seen.delete(jobId);
    this.seen.set(jobId, now);
    this.prune(now);
  }

  has(jobId: string, now = Date.now()): boolean {
    const at = this.seen.get(jobId);
    return at !== undefined && now - at <= this.maxAgeMs;
  }

  private prune(now: number): void {
    // A Map iterates in insertion order, so the oldest entries come first.
    for (const [jobId, at] of this.seen) {
      if (this.seen.size <= this.maxSize && now - at <= this.maxAgeMs) break;
      this.seen.delete(jobId);
    }
  }
}
