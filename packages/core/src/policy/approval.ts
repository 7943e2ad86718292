import type { AccessMode, DangerLevel } from '../enums';
import type { AnyTool } from '../base-tool';
import { normalizeMetadata } from '../tool-metadata';
import type { ToolClient } from '../mcp-types';
import type { ToolExecutionContext } from '../context';
import { checkModePolicy } from './mode-policy';
import { capText, describeValue, errorMessage } from '../error-text';
import { timeoutDelay } from '../timeouts';
import { onAbort } from '../abort-listeners';

/** What the `approve` callback is asked about. */
export interface ApprovalRequest {
  /** The registered name of the tool. */
  toolName: string;
  /** The validated arguments the tool would receive: frozen, so what is approved is what runs. */
  args: Readonly<Record<string, unknown>>;
  accessMode: AccessMode;
  dangerLevel: DangerLevel;
  /** Why approval is asked: the access mode's rule or the danger level's warning. */
  reason: string;
  /** The call's context: the copy of the caller's that the tool will receive. */
  ctx: ToolExecutionContext;
}

/** Decides whether a call may go ahead; only `true` approves. Unanswered after `approvalTimeoutMs` (5 minutes by default), the call is refused. */
export type ApprovalCallback = (request: ApprovalRequest) => boolean | Promise<boolean>;

/** The approval decision recorded in a result's `metadata.approval`. */
export interface ApprovalDecision {
  asked: boolean;
  approved: boolean;
  reason: string;
  /** Set when the callback threw, rejected, timed out or the call was cancelled. */
  error?: string;
  /**
   * Who answered, when it was not the registry's `approve` callback itself:
   * the door whose person approved (`ctx.approvedBy`: `'ai-sdk'`,
   * `'langgraph'`, `'openai-agents'`), `'mcp-elicitation'`, or `'fallback'`
   * (`trustFrameworkApproval`'s fallback).
   */
  by?: string;
}

/**
 * When calls of a tool ask for approval (SPEC section 12): `'every-call'` for a
 * danger level that requires confirmation (MEDIUM and above) and for EXECUTE
 * and MIXED tools; `'first-use'` for WRITE tools, until a registry's `approve`
 * approved one call of the tool; `'never'` for READONLY and NETWORK tools (a
 * NETWORK call is logged) and for a call the agent mode refuses.
 */
export type ApprovalRule = 'never' | 'first-use' | 'every-call';

/** Whether calls of a tool ask for approval, and why: the answer of `approvalRequirement`. */
export interface ApprovalRequirement {
  readonly rule: ApprovalRule;
  /** Why: the `reason` an approval request carries, or why no approval is asked. */
  readonly reason: string;
  /** The tool's access mode (READONLY when it declared none). */
  readonly accessMode: AccessMode;
  /** The tool's danger level (SAFE when it declared none). */
  readonly dangerLevel: DangerLevel;
}

/**
 * The approval rule of a tool of `accessMode` and `dangerLevel`, the agent
 * mode aside: the registry reads it once per registered tool, and
 * `approvalRequirement` starts from it.
 */
export function approvalRequirementOf(accessMode: AccessMode, dangerLevel: DangerLevel): ApprovalRequirement {
  const requirement = (rule: ApprovalRule, reason: string): ApprovalRequirement => Object.freeze({ rule, reason, accessMode, dangerLevel });
  if (dangerLevel.requiresConfirmation) {
    return requirement('every-call', `danger level '${dangerLevel.value}' requires confirmation: ${dangerLevel.warningMessage}`);
  }
  if (accessMode.approvalLevel >= 3) return requirement('every-call', `${accessMode.value} tools are confirmed on every call`);
  if (accessMode.approvalLevel === 2) return requirement('first-use', `${accessMode.value} tools are confirmed on their first use`);
  if (accessMode.approvalLevel === 1) return requirement('never', `${accessMode.value} tools are not confirmed; their calls are logged`);
  return requirement('never', `${accessMode.value} tools are not confirmed`);
}

/** Whether and why `registry.execute(name, args, ctx)` of `tool` asks the registry's `approve` callback (rule and reason as the registry applies them). */
export function approvalRequirement(tool: AnyTool, ctx?: ToolExecutionContext): ApprovalRequirement {
  const { accessMode, dangerLevel } = normalizeMetadata(tool.metadata ?? {});
  const mode = checkModePolicy(tool, ctx);
  if (!mode.allowed) {
    const where = mode.mode === undefined ? '' : ` in ${mode.mode} mode`;
    return Object.freeze({ rule: 'never', reason: `the call is refused${where} before approval: ${mode.reason}`, accessMode, dangerLevel });
  }
  return approvalRequirementOf(accessMode, dangerLevel);
}

/** Marks the callbacks `trustFrameworkApproval` makes; `Symbol.for`, so a callback of another copy of core is recognised. */
const PERSON_APPROVAL = Symbol.for('victor-tools.approval.person');

/**
 * An `approve` callback saying that **a person approves**, through the door
 * each call came from: the AI SDK's and OpenAI Agents' `needsApproval`, a
 * LangGraph `interrupt()`, MCP elicitation (when the client supports it).
 * A call a door's person approved reaches the registry with `ctx.approvedBy`
 * (a non-empty string the adapters set, never taken from your context) and
 * runs; every other call is asked of `fallback`, or refused with a message
 * that says how to approve it when there is none. The registry recognises
 * this callback (see `registry.approvalGate`), so each adapter knows to ask
 * its framework; wrapped in a callback of your own, it is an ordinary
 * callback again and no framework is asked.
 */
export function trustFrameworkApproval(fallback?: ApprovalCallback): ApprovalCallback {
  if (fallback !== undefined && typeof fallback !== 'function') {
    throw new TypeError(`trustFrameworkApproval(fallback): fallback must be a function (request) => boolean | Promise<boolean>, got ${describeValue(fallback)}.`);
  }
  const approve: ApprovalCallback = (request) => {
    const approvedBy = request.ctx.approvedBy;
    if (typeof approvedBy === 'string' && approvedBy.length > 0) return true;
    return fallback === undefined ? false : fallback(request);
  };
  Object.defineProperty(approve, PERSON_APPROVAL, { value: Object.freeze({ fallback }) });
  return approve;
}

/**
 * Who decides whether a call that needs approval runs, as the registry's
 * `approve` option says: `'nobody'` (the call runs: its tool's rule asks
 * nobody, the agent mode refuses it first, a WRITE tool was approved once
 * already, or the registry has no `approve`), `'callback'` (the registry's
 * `approve` callback decides inside `execute`, whichever door the call came
 * through), `'person'` (`approve: trustFrameworkApproval(...)`: a person
 * approves through the call's door; see `trustFrameworkApproval`).
 */
export type ApprovalAsker = 'nobody' | 'callback' | 'person';

/** How the registry decides the approval of a call of a tool: the answer of `registry.approvalGate(name, ctx)`. */
export interface ApprovalGate extends ApprovalRequirement {
  /** Who decides whether the call runs: nobody (it runs), the registry's callback, or a person at the call's door. */
  readonly asks: ApprovalAsker;
}

/** The registry's `approve` option as its approval step reads it, once. */
export interface ApprovalConfig {
  readonly asks: Exclude<ApprovalAsker, 'nobody'> | undefined;
  /** The callback `'callback'` asks. */
  readonly callback: ApprovalCallback | undefined;
  /** The fallback of `trustFrameworkApproval(fallback)`, asked about calls no person approved. */
  readonly fallback: ApprovalCallback | undefined;
}

/** Reads the registry's `approve` option: none, a callback, or `trustFrameworkApproval(...)`. */
export function readApprovalConfig(approve: ApprovalCallback | undefined): ApprovalConfig {
  if (approve === undefined) return { asks: undefined, callback: undefined, fallback: undefined };
  const person = (approve as unknown as Record<symbol, { fallback?: ApprovalCallback } | undefined>)[PERSON_APPROVAL];
  if (person !== undefined) return { asks: 'person', callback: undefined, fallback: person.fallback };
  return { asks: 'callback', callback: approve, fallback: undefined };
}

/** The gate of a call: who is asked, given the tool's requirement (mode included) and whether a WRITE tool was approved once. */
export function approvalGateOf(requirement: ApprovalRequirement, approvedOnce: boolean, config: ApprovalConfig): ApprovalGate {
  const decided = requirement.rule === 'never' || (requirement.rule === 'first-use' && approvedOnce);
  return Object.freeze({ ...requirement, asks: decided ? 'nobody' : (config.asks ?? 'nobody') });
}

/** The request an `approve` callback is asked: what the registry sends, and what an adapter asking for it sends. */
export function approvalRequest(
  toolName: string,
  args: Readonly<Record<string, unknown>>,
  requirement: ApprovalRequirement,
  ctx: ToolExecutionContext,
): ApprovalRequest {
  return { toolName, args, accessMode: requirement.accessMode, dangerLevel: requirement.dangerLevel, reason: requirement.reason, ctx };
}

/**
 * Asks `approve`, turning a throw, a rejection, a timeout (`timeoutMs`) or
 * a cancellation (`signal`) into a refusal that says what happened.
 */
export function askApproval(
  approve: ApprovalCallback,
  request: ApprovalRequest,
  timeoutMs: number | undefined,
  signal: AbortSignal | undefined,
  by?: 'fallback' | 'mcp-elicitation',
): Promise<ApprovalDecision> {
  const reason = request.reason;
  const elicited = by === 'mcp-elicitation';
  const threw = elicited ? 'asking the MCP client for approval failed' : 'approval callback threw';
  const rejected = elicited ? 'asking the MCP client for approval failed' : 'approval callback rejected';
  return new Promise<ApprovalDecision>((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    let stopListening: (() => void) | undefined;
    let settled = false;
    const finish = (decision: ApprovalDecision): void => {
      if (settled) return;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      stopListening?.();
      resolve(decision);
    };
    const decided = (decision: ApprovalDecision): void => finish(by === undefined ? decision : { ...decision, by });
    const cancelled = (): void => decided({ asked: true, approved: false, reason, error: 'the call was cancelled while waiting for approval' });
    if (signal) {
      if (signal.aborted) return cancelled();
      stopListening = onAbort(signal, cancelled);
    }
    const delay = timeoutDelay(timeoutMs);
    if (delay !== undefined) {
      timer = setTimeout(() => decided({ asked: true, approved: false, reason, error: `approval timed out after ${delay} ms` }), delay);
    }
    let answer: unknown;
    try {
      answer = approve(request);
    } catch (error) {
      return decided({ asked: true, approved: false, reason, error: `${threw}: ${errorMessage(error)}` });
    }
    Promise.resolve(answer).then(
      (value) => decided({ asked: true, approved: value === true, reason }),
      (error: unknown) => decided({ asked: true, approved: false, reason, error: `${rejected}: ${errorMessage(error)}` }),
    );
  });
}

/** The failed-result message of a call that was not approved. */
export function notApprovedMessage(toolName: string, decision: ApprovalDecision): string {
  if (decision.error) return `Tool '${toolName}' was not approved: ${decision.error} (asked because ${decision.reason})`;
  if (!decision.asked) return `Tool '${toolName}' was not approved: ${nobodyToAsk(decision.reason)}`;
  const who = decision.by === 'mcp-elicitation' ? 'the person declined it in the MCP client' : decision.by === 'fallback' ? "trustFrameworkApproval's fallback refused it" : 'the approval callback refused it';
  return `Tool '${toolName}' was not approved: ${who} (asked because ${decision.reason})`;
}

/** Why a call that needs a person was refused where nobody could be asked, and how to approve it. */
function nobodyToAsk(reason: string): string {
  return (
    `it needs a person's approval (${reason}) and nobody could be asked on this call. ` +
    "Approve it where a person is asked: through an adapter (the AI SDK's or OpenAI Agents' needsApproval, a LangGraph interrupt), " +
    'or an MCP client that supports elicitation; or give trustFrameworkApproval(fallback) a callback that decides the other calls'
  );
}

/** The form an MCP client shows to ask a person about a call: one required yes/no. */
const APPROVAL_FORM = Object.freeze({
  type: 'object' as const,
  properties: { approve: { type: 'boolean', title: 'Approve', description: 'Run this tool call' } },
  required: ['approve'],
});

/**
 * Asks the person at the MCP client that made the call (elicitation) about
 * it: approved only when they accept the form with `approve: true`. The
 * request waits up to `timeoutMs` (the registry's `approvalTimeoutMs`), the
 * MCP SDK's default of 60 s when there is no limit.
 */
export function elicitApproval(client: ToolClient, timeoutMs: number | undefined): ApprovalCallback {
  return async (request) => {
    const answer = await client.elicit({ message: approvalQuestion(request), requestedSchema: { ...APPROVAL_FORM } }, { timeoutMs });
    return answer.action === 'accept' && answer.content?.approve === true;
  };
}

/** What the person is asked: the tool, why, and its arguments (cut to 1,000 characters). */
function approvalQuestion(request: ApprovalRequest): string {
  let args: string;
  try {
    args = JSON.stringify(request.args) ?? '{}';
  } catch {
    args = '(arguments that JSON cannot show)';
  }
  return `Approve the call of tool '${request.toolName}'? It asks because ${request.reason}. Arguments: ${capText(args)}`;
}
