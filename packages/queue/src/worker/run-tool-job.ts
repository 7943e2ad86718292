import { ToolResult, toToolResult, validateArguments, type BaseTool, type ToolRegistry } from '@victor-tools/core';
import type { ToolCallContext } from '@victor-tools/core';
import { runStandardValidation, standardSchemaOf, type StandardOutcome } from '@victor-tools/core/internal';
import { schemaFingerprint } from '../fingerprint';
import { idempotentCallKey, readJobData, type JobUpdate, type ToolJobData } from '../job';
import {
  cancelledResult,
  capText,
  errorMessage,
  outcomeUnknownResult,
  queueFailure,
  resultToWire,
  thrownResult,
  timedOutResult,
} from '../results';
import { JobUpdates } from './job-updates';

/** The parts of a BullMQ job the runner reads. */
export interface RunnableJob {
  readonly id?: string;
  readonly name: string;
  readonly data: unknown;
  readonly attemptsStarted: number;
  readonly attemptsMade: number;
  readonly stalledCounter: number;
  readonly opts: { attempts?: number };
  updateProgress(progress: JobUpdate): Promise<void>;
}

/** What the runner needs from its worker. */
export interface RunnerHost {
  readonly registry: Pick<ToolRegistry, 'get'>;
  /** The worker's name, in failures it reports. */
  readonly workerName: string;
  readonly progressIntervalMs: number;
  readonly maxResultBytes: number;
  /** Whether this worker heard that the job was cancelled before it started here. */
  wasCancelled(jobId: string): boolean;
  /** Keeps a successful result of an idempotent call for identical calls. */
  keepResult(callKey: string, json: string, ttlMs: number): Promise<void>;
  /** The abort controllers of the tools running now, so that a forced close can stop them. */
  readonly controllers: Set<AbortController>;
  /** Reports what cannot go to the caller (a progress update that failed). */
  warn(message: string, error?: unknown): void;
}

/**
 * Thrown by the runner to have BullMQ retry an idempotent call whose tool
 * threw, with the job's backoff; the last attempt answers the failure instead.
 */
export class RetryableToolError extends Error {
  override readonly name = 'RetryableToolError';
}

/**
 * Runs one job: reads it as untrusted input, refuses what it cannot run
 * (an unreadable job, an unknown tool, another schema, invalid arguments
 * (ajv, then a Standard Schema's library, as at the caller),
 * a re-run of a tool that is not idempotent, a job cancelled or past its
 * deadline), runs the tool under the deadline and the abort signal, and
 * answers the ToolResult as JSON. It throws only to have an idempotent call retried.
 */
export async function runToolJob(host: RunnerHost, job: RunnableJob, signal: AbortSignal | undefined): Promise<unknown> {
  const data = readJobData(job.data);
  if (typeof data === 'string') return queueFailure(job.name, `worker '${host.workerName}' refused the job: ${data}`, { reason: 'invalid-job' });
  const name = data.tool;
  // A job started before belongs to a worker that stopped (or lost its lock) while running it.
  if (!data.idempotent && (job.attemptsStarted > 1 || job.stalledCounter > 0)) return outcomeUnknownResult(name);
  if ((job.id !== undefined && host.wasCancelled(job.id)) || signal?.aborted) return cancelledResult(name, signal?.reason ?? 'cancelled by the caller');
  if (data.deadline !== undefined && Date.now() >= data.deadline) return timedOutResult(name, data.timeoutMs);

  const tool = host.registry.get(name);
  if (tool === undefined) {
    return queueFailure(name, `worker '${host.workerName}' has no tool '${name}'. Deploy the same tools to callers and workers.`, { reason: 'unknown-tool' });
  }
  const fingerprint = schemaFingerprint(tool);
  if (fingerprint !== data.fingerprint) {
    return queueFailure(
      name,
      `worker '${host.workerName}' has another parameters schema for '${name}' (fingerprint ${fingerprint}, the caller's ${capText(data.fingerprint)}), ` +
        'so the call was refused. Deploy the same tool version to callers and workers.',
      { reason: 'schema-mismatch' },
    );
  }
  if (!isAvailable(tool)) return ToolResult.fail(`Tool '${name}' is not available`, { worker: host.workerName });
  const args = checkArguments(tool, name, data.args);
  if (args instanceof ToolResult) return args;

  const outcome = await runTool(host, job, data, tool, args, signal);
  if (outcome.thrown !== undefined && data.idempotent && job.attemptsMade + 1 < (job.opts.attempts ?? 1)) {
    throw new RetryableToolError(errorMessage(outcome.thrown));
  }
  const result = outcome.thrown !== undefined ? thrownResult(outcome.thrown) : outcome.result;
  return sendable(host, data, result);
}

/**
 * The job's arguments checked as the caller's registry checked them: ajv
 * against the tool's JSON Schema (defaults applied), then, for a tool whose
 * parameters are a Standard Schema (zod, valibot, arktype), its library's own
 * validation, whose output (transforms applied) the tool runs with. A failure
 * is worded as the caller's (`Invalid parameters for tool 'x': ...`). A
 * promise when the library answers one (async refinements), which `runTool`
 * waits for under the deadline and the abort signal, as the caller's
 * registry does.
 */
function checkArguments(tool: BaseTool, name: string, args: unknown): CheckedArguments | Promise<CheckedArguments> {
  const checked = validateArguments(tool.parameters, args, { nullAsAbsent: true });
  if (!checked.result.valid) {
    return ToolResult.fail(`Invalid parameters for tool '${name}': ${checked.result.errors.join('; ')}`, { invalidParams: checked.result.invalidParams });
  }
  const value = checked.value ?? {};
  const standard = standardSchemaOf(tool);
  if (standard === undefined) return value;
  const outcome = runStandardValidation(standard, value, {});
  return outcome instanceof Promise ? outcome.then((settled) => standardChecked(name, settled)) : standardChecked(name, outcome);
}

type CheckedArguments = Record<string, unknown> | ToolResult;

function standardChecked(name: string, outcome: StandardOutcome): CheckedArguments {
  if (!('failure' in outcome)) return outcome.value as Record<string, unknown>;
  const { errors, invalidParams, issues } = outcome.failure;
  return ToolResult.fail(`Invalid parameters for tool '${name}': ${errors.join('; ')}`, { invalidParams, issues });
}

interface Outcome {
  result: ToolResult;
  thrown?: unknown;
}

async function runTool(
  host: RunnerHost,
  job: RunnableJob,
  data: ToolJobData,
  tool: BaseTool,
  args: CheckedArguments | Promise<CheckedArguments>,
  jobSignal: AbortSignal | undefined,
): Promise<Outcome> {
  const name = data.tool;
  const controller = new AbortController();
  host.controllers.add(controller);
  const abortFromJob = () => controller.abort(jobSignal?.reason ?? 'cancelled by the caller');
  jobSignal?.addEventListener('abort', abortFromJob, { once: true });
  const updates = new JobUpdates((update) => job.updateProgress(update), host.progressIntervalMs, (error) =>
    host.warn(`could not send an update of job ${job.id ?? '?'} to its caller: ${errorMessage(error)}`, error),
  );
  const ctx: ToolCallContext = {
    ...data.ctx,
    toolName: name,
    signal: controller.signal,
    reportProgress: updates.reportProgress,
    log: updates.log,
  } as ToolCallContext;

  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<Outcome>((resolve) => {
    if (data.deadline !== undefined) {
      timer = setTimeout(() => {
        const result = timedOutResult(name, data.timeoutMs);
        controller.abort(new DOMException(result.error ?? 'timed out', 'TimeoutError'));
      }, Math.max(0, data.deadline - Date.now()));
    }
    onAbort = () => {
      const reason: unknown = controller.signal.reason;
      const timedOut = reason instanceof DOMException && reason.name === 'TimeoutError';
      resolve({ result: timedOut ? timedOutResult(name, data.timeoutMs) : cancelledResult(name, reason) });
    };
    controller.signal.addEventListener('abort', onAbort, { once: true });
  });
  const ran = (async (): Promise<Outcome> => {
    try {
      const checked = await args; // a library's async validation, raced like the tool
      if (checked instanceof ToolResult) return { result: checked };
      return { result: toToolResult(await tool.execute(ctx, checked)) };
    } catch (error) {
      return { result: thrownResult(error), thrown: error };
    }
  })();

  try {
    const outcome = await Promise.race([ran, stopped]);
    // Progress still held back goes out before the result, so the caller sees it first.
    if (controller.signal.aborted) updates.drop();
    else await updates.settle();
    return outcome;
  } finally {
    host.controllers.delete(controller);
    updates.drop();
    if (timer !== undefined) clearTimeout(timer);
    if (onAbort !== undefined) controller.signal.removeEventListener('abort', onAbort);
    jobSignal?.removeEventListener('abort', abortFromJob);
  }
}

/**
 * The result as the JSON object the job completes with, or a failure saying
 * why it cannot travel (not JSON, or larger than `maxResultBytes`). A
 * successful idempotent result is kept for identical calls when the caller
 * asked for it.
 */
async function sendable(host: RunnerHost, data: ToolJobData, result: ToolResult): Promise<unknown> {
  const wire = resultToWire(result);
  let json: string;
  try {
    json = JSON.stringify(wire);
  } catch (error) {
    return queueFailure(data.tool, `its result cannot be sent to the caller as JSON: ${errorMessage(error)}`, { reason: 'result-not-json' });
  }
  if (Buffer.byteLength(json) > host.maxResultBytes) {
    return queueFailure(data.tool, `its result is ${Buffer.byteLength(json)} bytes, more than the worker sends (${host.maxResultBytes})`, {
      reason: 'result-too-large',
    });
  }
  if (result.success && data.idempotent && data.resultTtlMs !== undefined && data.resultTtlMs > 0) {
    const callKey = idempotentCallKey(data.tool, data.fingerprint, data.args, data.ctx);
    try {
      await host.keepResult(callKey, json, Math.ceil(data.resultTtlMs));
    } catch (error) {
      host.warn(`could not keep the result of '${data.tool}' for identical calls: ${errorMessage(error)}`, error);
    }
  }
  // BullMQ writes it with JSON.stringify, which gives the same text.
  return wire;
}

function isAvailable(tool: BaseTool): boolean {
  try {
    return tool.isAvailable() === true;
  } catch {
    return false;
  }
}
