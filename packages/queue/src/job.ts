import { randomUUID } from 'node:crypto';
import { AgentMode } from '@victor-tools/core';
import type { AgentModeLike } from '@victor-tools/core/framework';
import { canonicalJson, sha256 } from './fingerprint';
import { cutText } from '@victor-tools/core/internal';

/** The part of a call's context that travels with the job: plain JSON. */
export interface JobContext {
  mode?: string;
  sandbox?: string;
  conversationId?: string;
  auth?: JobAuth;
}

/**
 * Who calls (`ctx.auth`, as a door's `verifyToken` said), without the bearer
 * token itself: jobs rest in Redis, and a token there could be replayed by
 * whoever reads it. The worker's tool sees `ctx.auth` with `token: ''`.
 */
export interface JobAuth {
  clientId: string;
  scopes: string[];
  expiresAt?: number;
  extra?: Record<string, unknown>;
}

/**
 * What a job carries: the registered tool name, its schema's fingerprint,
 * the checked arguments, the JSON-safe context, the deadline and a call id.
 * The worker reads it as untrusted input (see `readJobData`).
 */
export interface ToolJobData {
  /** Layout version, so that a worker can refuse a job it cannot read. */
  v: 1;
  callId: string;
  tool: string;
  fingerprint: string;
  /** The checked arguments, before a Standard Schema library's transform (`ToolInvocation.input`): JSON, validated again by the worker. */
  args: Record<string, unknown>;
  ctx: JobContext;
  /** Date.now()-based ms when the call times out; absent: no deadline. */
  deadline?: number;
  /** The call's timeout, for the worker's "timed out after N ms" message. */
  timeoutMs?: number;
  /** Whether the caller took the tool as idempotent (retries, dedup, result reuse). */
  idempotent: boolean;
  /**
   * How long the worker keeps a successful result for identical calls; 0 or
   * absent: not kept. The worker works out the key from the call itself.
   */
  resultTtlMs?: number;
  /**
   * Set by an invoker that has the queue's secret: proof that the call passed
   * its registry's checks (see `job-approval.ts`). A worker with the secret
   * runs only jobs whose approval holds; one without runs no tool that
   * requires approval.
   */
  approval?: JobApproval;
}

/** An HMAC-SHA256, keyed by the secret invokers and workers share, of the job (all but this field) and its expiry. */
export interface JobApproval {
  /** Date.now()-based ms after which the approval no longer holds. */
  expires: number;
  /** Hex. */
  mac: string;
}

/**
 * What a progress event of a job carries: a progress report or a log message
 * of the tool (with `logger`, the logger's name, when the tool gave one: the
 * fourth argument of `ctx.log`).
 */
export type JobUpdate =
  | { kind: 'progress'; progress: number; total?: number; message?: string }
  | { kind: 'log'; level: string; message: string; data?: unknown; logger?: string };

/** Longest log `data`, as JSON, that travels with a log message; larger data is left out. */
export const MAX_LOG_DATA_CHARS = 8_192;
/** Longest logger name that travels with a log message (the fourth argument of `ctx.log`), as an MCP server sends it. */
export const MAX_LOGGER_CHARS = 1_000;

/** The queue's own keys, next to BullMQ's (`<prefix>:<queue>:...`). */
export class QueueKeys {
  readonly base: string;
  constructor(prefix: string, queue: string) {
    this.base = `${prefix}:${queue}`;
  }
  /** Pub/sub channel of cancellations, which every worker of the queue listens to. */
  get cancelChannel(): string {
    return `${this.base}:vt:cancel`;
  }
  /** A successful result kept for identical idempotent calls. */
  result(callKey: string): string {
    return `${this.base}:vt:result:${callKey}`;
  }
  /** How many callers wait for the shared job of an idempotent call. */
  waiters(jobId: string): string {
    return `${this.base}:vt:waiters:${jobId}`;
  }
  /** Marks the approval of a call that is not idempotent as used, so that a copy of its job does not run again. */
  usedApproval(callId: string): string {
    return `${this.base}:vt:used:${callId}`;
  }
  /** The shared enabled/disabled states (a hash) and their change channel. */
  get toolStates(): string {
    return `${this.base}:vt:tool-states`;
  }
}

/** The JSON-safe context of a call: mode (as its value), sandbox and conversation id, when they are strings, and who calls. */
export function jobContext(ctx: { mode?: AgentModeLike; sandbox?: unknown; conversationId?: unknown; auth?: unknown }): JobContext {
  const out: JobContext = {};
  const mode = modeValue(ctx.mode);
  if (mode !== undefined) out.mode = mode;
  if (typeof ctx.sandbox === 'string') out.sandbox = ctx.sandbox;
  if (typeof ctx.conversationId === 'string') out.conversationId = ctx.conversationId;
  const auth = jobAuth(ctx.auth);
  if (auth !== undefined) out.auth = auth;
  return out;
}

/** `ctx.auth` as it travels: its client, scopes and expiry, and `extra` when it is JSON; never the token. */
function jobAuth(auth: unknown): JobAuth | undefined {
  if (!isRecord(auth) || typeof auth.clientId !== 'string' || !Array.isArray(auth.scopes)) return undefined;
  const out: JobAuth = { clientId: auth.clientId, scopes: auth.scopes.filter((scope): scope is string => typeof scope === 'string') };
  if (typeof auth.expiresAt === 'number' && Number.isFinite(auth.expiresAt)) out.expiresAt = auth.expiresAt;
  const extra = jsonRecord(auth.extra);
  if (extra !== undefined) out.extra = extra;
  return out;
}

/** A copy of `value` as JSON gives it back, when it is an object JSON can carry; else undefined. */
function jsonRecord(value: unknown): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  try {
    const copy = JSON.parse(JSON.stringify(value)) as unknown;
    return isRecord(copy) ? copy : undefined;
  } catch {
    return undefined; // a cycle, a BigInt, a throwing toJSON: extra stays behind, the call goes on
  }
}

function modeValue(mode: unknown): string | undefined {
  if (mode === undefined || mode === null) return undefined;
  try {
    return AgentMode.from(mode as AgentModeLike).value;
  } catch {
    // The caller's pipeline already applied the mode policy; an unknown mode travels as it is.
    return typeof mode === 'string' ? mode : undefined;
  }
}

/** A fresh call id. */
export function newCallId(): string {
  return randomUUID();
}

/** The job id of a call that runs on its own (not idempotent): one per call. */
export function callJobId(callId: string): string {
  return `call-${callId}`;
}

/**
 * The key of an idempotent call: identical calls (same tool, schema,
 * arguments, mode and sandbox, and the same caller when there is one) share
 * it, and with it one job and one kept result: one caller never gets a
 * result made for another.
 */
export function idempotentCallKey(tool: string, fingerprint: string, args: unknown, ctx: JobContext): string {
  const who = ctx.auth === undefined ? [] : [ctx.auth.clientId, ctx.auth.scopes];
  return sha256(canonicalJson([tool, fingerprint, args, ctx.mode ?? null, ctx.sandbox ?? null, ...who]));
}

/** The job id identical idempotent calls share. */
export function idempotentJobId(callKey: string): string {
  return `idem-${callKey}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function optionalString(value: unknown): value is string | undefined {
  return value === undefined || typeof value === 'string';
}

function isApproval(value: unknown): value is JobApproval {
  if (!isRecord(value)) return false;
  return typeof value.expires === 'number' && Number.isFinite(value.expires) && typeof value.mac === 'string' && /^[0-9a-f]{64}$/.test(value.mac);
}

function isJobAuth(value: unknown): value is JobAuth {
  if (!isRecord(value)) return false;
  const { clientId, scopes, expiresAt, extra } = value;
  return typeof clientId === 'string' && Array.isArray(scopes) && scopes.every((scope) => typeof scope === 'string') && optionalNumber(expiresAt) && (extra === undefined || isRecord(extra));
}

function optionalNumber(value: unknown): value is number | undefined {
  return value === undefined || (typeof value === 'number' && Number.isFinite(value));
}

/**
 * The job's data when it has the layout a caller writes, else the reason it
 * does not: a worker never trusts what it reads from the queue.
 */
export function readJobData(data: unknown): ToolJobData | string {
  if (!isRecord(data)) return 'the job carries no call';
  if (data.v !== 1) return `the job's layout version ${JSON.stringify(data.v)} is not one this worker reads (1)`;
  if (typeof data.tool !== 'string' || data.tool.length === 0) return 'the job names no tool';
  if (typeof data.callId !== 'string' || typeof data.fingerprint !== 'string') return 'the job has no call id or schema fingerprint';
  if (!isRecord(data.ctx)) return 'the job has no context';
  const ctx = data.ctx;
  if (!optionalString(ctx.mode) || !optionalString(ctx.sandbox) || !optionalString(ctx.conversationId)) return "the job's context is not plain strings";
  if (ctx.auth !== undefined && !isJobAuth(ctx.auth)) return "the job's caller is not a client id, a list of scopes, an optional expiry and optional extra fields";
  if (!optionalNumber(data.deadline) || !optionalNumber(data.timeoutMs) || !optionalNumber(data.resultTtlMs)) return "the job's deadline, timeout or result TTL is not a number";
  if (typeof data.idempotent !== 'boolean') return 'the job does not say whether the tool is idempotent';
  if (data.approval !== undefined && !isApproval(data.approval)) return "the job's approval is not an expiry and a hex MAC";
  return data as unknown as ToolJobData;
}

/**
 * Longest cancel reason a worker takes from the channel. The caller sends its reason
 * as core's errorMessage words it (at most 1,000 characters and a note of what was cut);
 * anyone who can publish to Redis could send more.
 */
const MAX_CANCEL_REASON_CHARS = 2_000;

/** A cancellation as a worker reads it off the cancel channel. */
export interface CancelMessage {
  jobId: string;
  /** The caller's reason as text, when it gave one of its own (not a plain abort()). */
  reason?: string;
}

/**
 * The messages that cancel a job: the caller's reason, bounded, travels as JSON
 * `{ jobId, reason }`, followed by the bare job id that workers of earlier
 * releases read (a new worker has then aborted the job already; the second
 * message changes nothing), so a rolling upgrade still cancels.
 */
export function cancelMessages(jobId: string, reason: string | undefined): string[] {
  if (reason === undefined) return [jobId];
  return [JSON.stringify({ jobId, reason: cutText(reason, MAX_CANCEL_REASON_CHARS) }), jobId];
}

/** A message of the cancel channel, which anyone who can write to Redis can publish: a bare job id, or `{ jobId, reason }`. */
export function readCancelMessage(message: string): CancelMessage {
  if (!message.startsWith('{')) return { jobId: message };
  try {
    const parsed: unknown = JSON.parse(message);
    if (parsed !== null && typeof parsed === 'object') {
      const { jobId, reason } = parsed as Record<string, unknown>;
      if (typeof jobId === 'string') return typeof reason === 'string' ? { jobId, reason: cutText(reason, MAX_CANCEL_REASON_CHARS) } : { jobId };
    }
  } catch {
    // not JSON: taken as a bare job id, which matches no job
  }
  return { jobId: message };
}
