import { ToolResult, type AgentModeValue, type BaseTool, type ToolRegistry } from '@victor-tools/core';
import { toToolResult, validateArguments } from '@victor-tools/core/framework';
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
import { checkJobApproval, checkJobMode, checkJobPaths, toolFacts, workerTimeout, type PolicyHost, type WorkerToolFacts } from './job-policy';

/** How long a stopped run (past its deadline, cancelled) may go on before the worker reports it. */
const OVERDUE_REPORT_MS = 1_000;

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
export interface RunnerHost extends PolicyHost {
  readonly registry: Pick<ToolRegistry, 'get'>;
  readonly progressIntervalMs: number;
  readonly maxResultBytes: number;
  /** Whether this worker heard that the job was cancelled before it started here. */
  wasCancelled(jobId: string): boolean;
  /** The caller's reason for cancelling the job, when it sent one. */
  cancelReason(jobId: string): string | undefined;
  /** Keeps a successful result of an idempotent call for identical calls. */
  keepResult(callKey: string, json: string, ttlMs: number): Promise<void>;
  /** The abort controllers of the tools running now, so that a forced close can stop them. */
  readonly controllers: Set<AbortController>;
  /** Reports what cannot go to the caller (a progress update that failed, a run that ignores its stop). */
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
 * (an unreadable job, an unknown tool, another schema, a re-run of a tool
 * that is not idempotent, a job cancelled or past its deadline), applies the
 * caller's checks again (the mode policy, validation (ajv, then a Standard
 * Schema's library), the sandbox, approval: see `job-policy.ts`), runs the
 * tool under the earliest of the job's deadline and the worker's own timeout
 * and under the abort signal, and answers the ToolResult as JSON. It resolves
 * when the tool's run has ended, even past the deadline or a cancellation
 * (the answer is the timeout or the cancellation then): the run holds its
 * worker's slot until then. It throws only to have an idempotent call retried.
 */
export async function runToolJob(host: RunnerHost, job: RunnableJob, signal: AbortSignal | undefined): Promise<unknown> {
  const startedAt = Date.now();
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
  const facts = toolFacts(tool, name);
  if (facts instanceof ToolResult) return facts;
  const refused = checkJobMode(data, facts);
  if (refused !== undefined) return refused;
  const args = checkArguments(tool, name, data.args);
  if (args instanceof ToolResult) return args;

  const end = await runTool(host, job, data, { tool, facts, startedAt }, args, signal);
  if (end.thrown !== undefined && data.idempotent && job.attemptsMade + 1 < (job.opts.attempts ?? 1)) {
    throw new RetryableToolError(errorMessage(end.thrown));
  }
  const result = end.thrown !== undefined ? thrownResult(end.thrown) : end.result;
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

/** How a run ended: the result the job answers with, and what the tool threw when it threw (for a retry). */
interface RunEnd {
  result: ToolResult;
  thrown?: unknown;
}

/** The tool a job runs, its facts, and when the worker took the job. */
interface Target {
  tool: BaseTool;
  facts: WorkerToolFacts;
  startedAt: number;
}

/**
 * Runs the rest of the checks (the library's validation, awaited; the
 * sandbox; approval) and the tool, raced against the stop (the deadline, the
 * worker's timeout, the caller's cancellation). Resolves to how it ended once
 * the run has ended: a run that goes on after its stop is waited for (and
 * reported), so that it keeps its place in the worker's concurrency.
 */
async function runTool(
  host: RunnerHost,
  job: RunnableJob,
  data: ToolJobData,
  target: Target,
  args: CheckedArguments | Promise<CheckedArguments>,
  jobSignal: AbortSignal | undefined,
): Promise<RunEnd> {
  const name = data.tool;
  const controller = new AbortController();
  host.controllers.add(controller);
  // The tool sees what an in-process tool sees when its caller aborts: the caller's own reason (as an
  // Error with its text: only text crosses the queue), else an AbortError (BullMQ's reason is a string).
  const abortFromJob = () => {
    const callerReason = job.id === undefined ? undefined : host.cancelReason(job.id);
    controller.abort(callerReason !== undefined ? new Error(callerReason) : abortError(jobSignal?.reason));
  };
  jobSignal?.addEventListener('abort', abortFromJob, { once: true });
  const updates = new JobUpdates((update) => job.updateProgress(update), host.progressIntervalMs, (error) =>
    host.warn(`could not send an update of job ${job.id ?? '?'} to its caller: ${errorMessage(error)}`, error),
  );
  // Only the documented keys: whatever else a job's context holds is not the caller's. As in core's context,
  // `toolName`, `signal`, `reportProgress` and `log` are inherited (enumerable on the prototype), not own:
  // Object.keys(ctx), `{ ...ctx }` and JSON.stringify(ctx) leave them out, as they do in process.
  const provided = Object.freeze({ toolName: name, signal: controller.signal, reportProgress: updates.reportProgress, log: updates.log });
  const ctx = Object.create(provided) as ToolCallContext;
  if (data.ctx.mode !== undefined) ctx.mode = data.ctx.mode as AgentModeValue; // the mode policy read it: a valid mode
  if (data.ctx.sandbox !== undefined) ctx.sandbox = data.ctx.sandbox;
  if (data.ctx.conversationId !== undefined) ctx.conversationId = data.ctx.conversationId;
  // Who calls is taken only from a job whose approval was checked (a worker with the secret checks every job's):
  // without it, anyone who can write to Redis could name any caller.
  if (data.ctx.auth !== undefined && host.secret !== undefined) ctx.auth = { token: '', ...data.ctx.auth };

  const stop = stopTime(host, data, target);
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<RunEnd>((resolve) => {
    if (stop !== undefined) {
      timer = setTimeout(() => {
        const result = timedOutResult(name, stop.timeoutMs);
        controller.abort(new DOMException(result.error ?? 'timed out', 'TimeoutError'));
      }, Math.max(0, stop.at - Date.now()));
    }
    onAbort = () => {
      const reason: unknown = controller.signal.reason;
      const timedOut = reason instanceof DOMException && reason.name === 'TimeoutError';
      resolve({ result: timedOut ? timedOutResult(name, stop?.timeoutMs) : cancelledResult(name, reason) });
    };
    controller.signal.addEventListener('abort', onAbort, { once: true });
  });
  const ran = (async (): Promise<RunEnd> => {
    try {
      const checked = await args; // a library's async validation, raced like the tool
      if (checked instanceof ToolResult) return { result: checked };
      const refused = checkJobPaths(data, target.facts, checked) ?? (await checkJobApproval(host, data, target.facts));
      if (refused !== undefined) return { result: refused };
      // Stopped while checking: the tool is not started at all.
      if (controller.signal.aborted) return { result: cancelledResult(name, controller.signal.reason) };
      return { result: toToolResult(await target.tool.execute(ctx, checked)) };
    } catch (error) {
      return { result: thrownResult(error), thrown: error };
    }
  })();

  try {
    const end = await Promise.race([ran, stopped]);
    // Progress still held back goes out before the result, so the caller sees it first.
    if (controller.signal.aborted) updates.drop();
    else await updates.settle();
    if (controller.signal.aborted) await overdue(host, job, name, ran);
    return end;
  } finally {
    host.controllers.delete(controller);
    updates.drop();
    if (timer !== undefined) clearTimeout(timer);
    if (onAbort !== undefined) controller.signal.removeEventListener('abort', onAbort);
    jobSignal?.removeEventListener('abort', abortFromJob);
  }
}

/**
 * When the run must stop: the job's deadline (the caller's, end to end) or
 * the worker's own timeout from the job's start, whichever comes first, with
 * the timeout its message names; undefined for neither.
 */
function stopTime(host: RunnerHost, data: ToolJobData, target: Target): { at: number; timeoutMs: number | undefined } | undefined {
  const own = workerTimeout(host, target.facts);
  const ownAt = own === undefined ? undefined : target.startedAt + own;
  if (data.deadline !== undefined && (ownAt === undefined || data.deadline <= ownAt)) return { at: data.deadline, timeoutMs: data.timeoutMs };
  return ownAt === undefined ? undefined : { at: ownAt, timeoutMs: own };
}

/**
 * Waits for a stopped run to end: a tool that ignores its signal still runs,
 * so it keeps its slot (the worker takes no call in its place), and the
 * worker reports it once it has gone on for a second, and again when it ends.
 */
async function overdue(host: RunnerHost, job: RunnableJob, name: string, ran: Promise<RunEnd>): Promise<void> {
  const stoppedAt = Date.now();
  let reported = false;
  const report = setTimeout(() => {
    reported = true;
    host.warn(
      `tool '${name}' (job ${capText(job.id ?? '?')}) is still running ${Date.now() - stoppedAt} ms after it was stopped (timed out or cancelled): ` +
        'it does not stop on ctx.signal, and keeps its slot until it ends',
    );
  }, OVERDUE_REPORT_MS);
  try {
    await ran;
  } finally {
    clearTimeout(report);
    if (reported) host.warn(`tool '${name}' (job ${capText(job.id ?? '?')}) ended ${Date.now() - stoppedAt} ms after it was stopped; its slot is free again`);
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
    return notJsonResult(data.tool, result, error);
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

/**
 * The failure of a result JSON cannot carry: worded as every other door words
 * an output it cannot send (`Tool 'x' returned an output that cannot be sent
 * as JSON: <why>`, on one line) when the output is what JSON refuses, else
 * (its metadata or content blocks, which only the queue sends whole) as a
 * queue failure; either way
 * with the queue's metadata (`queueFailure`, reason `result-not-json`).
 */
function notJsonResult(name: string, result: ToolResult, error: unknown): ToolResult {
  let outputError: unknown;
  try {
    JSON.stringify(result.output);
  } catch (thrown) {
    outputError = thrown;
  }
  if (outputError === undefined) return queueFailure(name, `its result cannot be sent to the caller as JSON: ${oneLine(errorMessage(error))}`, { reason: 'result-not-json' });
  return ToolResult.fail(`Tool '${name}' returned an output that cannot be sent as JSON: ${oneLine(errorMessage(outputError))}`, { queueFailure: true, reason: 'result-not-json' });
}

/** A message on one line (JSON.stringify's message for a cycle spans several). */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ');
}

function isAvailable(tool: BaseTool): boolean {
  try {
    return tool.isAvailable() === true;
  } catch {
    return false;
  }
}

/** A cancellation's reason as an `AbortError`, as `AbortController.abort()` gives one; a reason that is one already stays. */
function abortError(reason: unknown): unknown {
  if (reason instanceof Error) return reason;
  return new DOMException(typeof reason === 'string' ? reason : 'cancelled by the caller', 'AbortError');
}
