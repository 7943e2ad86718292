import { ToolResult } from '@victor-tools/core';
import { capText, timedOutResult as coreTimedOutResult } from '@victor-tools/core/internal';

// The failed results the queue builds itself, worded in one place. Where core
// words the same case (a timeout, a cancellation, a thrown error, bad
// arguments), the text and metadata are core's, so a remote call fails the
// way a local one does.

export { capText, errorMessage, errorName, thrownResult, cancelledResult } from '@victor-tools/core/internal';

/** Core's wording of a call past its timeout; a job that carried only a deadline says so. */
export function timedOutResult(name: string, timeoutMs: number | undefined): ToolResult {
  if (timeoutMs !== undefined) return coreTimedOutResult(name, timeoutMs);
  return ToolResult.fail(`Tool '${name}' timed out after its deadline`, { timedOut: true, timeoutMs });
}

/**
 * A call of a tool that is not idempotent, whose worker stopped while running
 * it: it may have run to the end, partly, or not at all, and it is never run
 * a second time to find out.
 */
export function outcomeUnknownResult(name: string): ToolResult {
  return ToolResult.fail(
    `Tool '${name}' was interrupted: the worker running it stopped, so its outcome is unknown. ` +
      'It was not retried, because the tool is not idempotent.',
    { outcomeUnknown: true, retried: false },
  );
}

/** A call the queue could not carry through (a worker refused the job, or BullMQ failed it). */
export function queueFailure(name: string, problem: string, metadata: Record<string, unknown> = {}): ToolResult {
  return ToolResult.fail(`Tool '${name}' failed on the queue: ${capText(problem)}`, { queueFailure: true, ...metadata });
}
