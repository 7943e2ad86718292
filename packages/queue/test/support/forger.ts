// Someone who can write to the queue's Redis, with BullMQ's own client and no
// victor-tools invoker: writes jobs of any content and reads their answers.
import { createHash } from 'node:crypto';
import { Job, Queue } from 'bullmq';

/** A job's fingerprint as anyone can work it out from the schema a tools/list shows: sha256 of its canonical JSON, 16 hex characters. */
export function fingerprintOf(schema: unknown): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
          )
        : value;
  return createHash('sha256').update(JSON.stringify(canonical(schema))).digest('hex').slice(0, 16);
}

/** The data of a job as an invoker writes it, for a tool with `parameters`, with `extra` over it. */
export function jobData(tool: { name: string; parameters: unknown }, args: Record<string, unknown>, ctx: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return { v: 1, callId: `forged-${Math.random()}`, tool: tool.name, fingerprint: fingerprintOf(tool.parameters), args, ctx, idempotent: false, ...extra };
}

export class Forger {
  readonly bull: Queue;

  /** `url`: a redis:// URL or a unix socket path. */
  constructor(url: string, queue: string) {
    const connection = url.startsWith('redis') ? { url } : { path: url };
    this.bull = new Queue(queue, { connection: { ...connection, maxRetriesPerRequest: null } });
  }

  /** Adds a job with `data` (kept once finished, so that its answer can be read); answers its id. */
  async add(data: Record<string, unknown>, jobId?: string): Promise<string> {
    const job = await this.bull.add(String(data.tool), data, jobId === undefined ? {} : { jobId });
    return job.id!;
  }

  /** The worker's answer to job `jobId` (its return value), within `timeoutMs`. */
  async answer<T = { success: boolean; error?: string; output?: unknown; metadata?: Record<string, unknown> }>(jobId: string, timeoutMs = 30_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const job = await Job.fromId(this.bull, jobId);
      if (job?.finishedOn !== undefined) {
        if (job.failedReason) throw new Error(`job ${jobId} failed: ${job.failedReason}`);
        return job.returnvalue as T;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`job ${jobId} was not answered within ${timeoutMs} ms`);
  }

  /** Adds a job and waits for its answer. */
  async run(data: Record<string, unknown>, jobId?: string) {
    return this.answer(await this.add(data, jobId));
  }

  /** The jobs waiting for a worker. */
  waiting(): Promise<Job[]> {
    return this.bull.getWaiting();
  }

  close(): Promise<void> {
    return this.bull.close();
  }
}
