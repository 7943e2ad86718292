import { ToolResult } from '@victor-tools/core';

// The failed results the queue builds itself, worded in one place. Where core
// words the same case (a timeout, a cancellation, a thrown error, bad
// arguments), the text and metadata are core's, so a remote call fails the
// way a local one does.

const MAX_TEXT = 1000;

/** `text` cut to 1000 characters, saying how much was cut. */
export function capText(text: string): string {
  return text.length <= MAX_TEXT ? text : `${text.slice(0, MAX_TEXT)}... (${text.length - MAX_TEXT} more characters)`;
}

/** A thrown value's message, capped; never throws. */
export function errorMessage(error: unknown): string {
  try {
    if (error instanceof Error) return capText(error.message || error.name || 'Error');
    if (error !== null && typeof error === 'object') {
      const message = (error as { message?: unknown }).message;
      if (typeof message === 'string' && message) return capText(message);
    }
    return capText(String(error));
  } catch {
    return `a value of type ${error === null ? 'null' : typeof error} that cannot be shown`;
  }
}

/** A thrown value's class name (`TypeError`), or its type (`string`); never throws. */
export function errorName(error: unknown): string {
  try {
    if (error instanceof Error) return error.name || 'Error';
    if (error !== null && typeof error === 'object') {
      const name = (error as { name?: unknown }).name;
      return typeof name === 'string' && name ? name : 'object';
    }
    return error === null ? 'null' : typeof error;
  } catch {
    return 'unknown';
  }
}

/** Core's wording of a tool that threw. */
export function thrownResult(error: unknown): ToolResult {
  return ToolResult.fail(`Tool execution failed: ${errorMessage(error)}`, { exception: errorName(error) });
}

/** Core's wording of a call past its timeout. */
export function timedOutResult(name: string, timeoutMs: number | undefined): ToolResult {
  const after = timeoutMs === undefined ? 'its deadline' : `${timeoutMs} ms`;
  return ToolResult.fail(`Tool '${name}' timed out after ${after}`, { timedOut: true, timeoutMs });
}

/** Core's wording of a call its caller cancelled. */
export function cancelledResult(name: string, reason: unknown): ToolResult {
  return ToolResult.fail(`Tool '${name}' was cancelled`, { cancelled: true, reason: errorMessage(reason) });
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
