/**
 * Job ids whose cancellation this worker heard of lately. A cancellation is
 * broadcast to every worker and only the one holding the job can abort it;
 * but the message may arrive while the job is being handed to this worker,
 * before BullMQ tracks it, so a job that starts here checks this list first.
 * Bounded in size and age: a job is handed over within moments of its cancel.
 */
export class RecentCancellations {
  private readonly seen = new Map<string, { at: number; reason: string | undefined }>();

  constructor(
    private readonly maxAgeMs = 60_000,
    private readonly maxSize = 10_000,
  ) {}

  /** Notes a cancellation, with the caller's reason when it sent one (a later bare message keeps it). */
  add(jobId: string, reason?: string, now = Date.now()): void {
    const known = this.seen.get(jobId)?.reason;
    this.seen.delete(jobId);
    this.seen.set(jobId, { at: now, reason: reason ?? known });
    this.prune(now);
  }

  has(jobId: string, now = Date.now()): boolean {
    const seen = this.seen.get(jobId);
    return seen !== undefined && now - seen.at <= this.maxAgeMs;
  }

  /** The caller's reason for cancelling the job, when it sent one. */
  reason(jobId: string, now = Date.now()): string | undefined {
    return this.has(jobId, now) ? this.seen.get(jobId)?.reason : undefined;
  }

  private prune(now: number): void {
    // A Map iterates in insertion order, so the oldest entries come first.
    for (const [jobId, { at }] of this.seen) {
      if (this.seen.size <= this.maxSize && now - at <= this.maxAgeMs) break;
      this.seen.delete(jobId);
    }
  }
}
