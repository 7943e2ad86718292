import { ToolResult } from '@victor-tools/core';
import { toToolResult } from '@victor-tools/core/framework';
import { capText, timedOutResult as coreTimedOutResult } from '@victor-tools/core/internal';

// The failed results the queue builds itself, worded in one place. Where core
// words the same case (a timeout, a cancellation, a thrown error, bad
// arguments), the text and metadata are core's, so a remote call fails the
// way a local one does.

export { capText, cutText, errorMessage, errorName, thrownResult, cancelledResult } from '@victor-tools/core/internal';

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
  // The name may come from a job anyone could write: capped like the rest.
  return ToolResult.fail(`Tool '${capText(name)}' failed on the queue: ${capText(problem)}`, { queueFailure: true, ...metadata });
}

/**
 * A result as it travels on the queue (the job's return value, a kept
 * result): `ToolResult.toJSON()` plus, for a result made by
 * `ToolResult.withContent`, its MCP content blocks. `toJSON` leaves content
 * out (a result's JSON is `{ success, output, error?, metadata? }`), so
 * without this a tool's images, audio and resources reached the caller (and
 * an MCP client of `serve --redis`) as their text form only.
 */
export function resultToWire(result: ToolResult): Record<string, unknown> {
  const json: Record<string, unknown> = { ...result.toJSON() };
  if (result.content !== undefined) json.content = result.content;
  return json;
}

/** The `ToolResult` of a value `resultToWire` made (content blocks restored); anything else as core reads a tool's answer. */
export function resultFromWire(value: unknown): ToolResult {
  const wire = value as { success?: unknown; content?: unknown; output?: unknown; metadata?: unknown } | null;
  if (wire !== null && typeof wire === 'object' && wire.success === true && Array.isArray(wire.content)) {
    try {
      const metadata = wire.metadata !== null && typeof wire.metadata === 'object' ? (wire.metadata as Record<string, unknown>) : undefined;
      return ToolResult.withContent(wire.content, wire.output, metadata);
    } catch {
      // Blocks withContent refuses: the result without them.
    }
  }
  return toToolResult(value);
}
