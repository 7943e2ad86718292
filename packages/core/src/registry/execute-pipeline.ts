import { ToolResult } from '../results';
import type { Logger, ToolExecutionContext } from '../types';
import { validateArguments, type ValidationOptions } from '../validation';
import { approvalReason, askApproval, notApprovedMessage, type ApprovalCallback, type ApprovalDecision } from './approval';
import { capText, errorMessage } from './describe-error';
import type { AfterHookCallback, BeforeHookCallback, Hook } from './hook';
import type { LoopDetection, LoopDetector } from './loop-detector';
import { checkPathArguments, checkToolLevel, refusalMessage } from './mode-policy';
import { isResultLike, toToolResult } from './normalize-result';
import { cancelledResult, runTool } from './run-tool';
import { suggestNames } from './suggest';
import type { TimeoutScheduler } from './timeout';
import { isEntryAvailable, type ToolEntry } from './tool-entry';

/** What the pipeline reads from its registry. */
export interface PipelineHost {
  lookup(name: string): ToolEntry | undefined;
  knownNames(): Iterable<string>;
  /** Replaced, never mutated, so a call in flight keeps the hooks it started with. */
  beforeHooks: readonly Hook<BeforeHookCallback>[];
  afterHooks: readonly Hook<AfterHookCallback>[];
  readonly logger: Logger;
  readonly validationOptions: ValidationOptions;
  readonly defaultTimeoutMs: number;
  readonly approve: ApprovalCallback | undefined;
  readonly approvalTimeoutMs: number | undefined;
  readonly loops: LoopDetector;
  readonly refuseLoops: boolean;
  readonly timeouts: TimeoutScheduler;
}

const EMPTY_CONTEXT: ToolExecutionContext = Object.freeze({});

// A name that is not a string shows as JSON (never '[object Object]'), and a huge one is cut.
function safeString(value: unknown): string {
  try {
    const text = value !== null && typeof value === 'object' ? (JSON.stringify(value) ?? typeof value) : String(value);
    return capText(text);
  } catch {
    return typeof value;
  }
}

function isArgsObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

type Validated = { args: Record<string, unknown> } | { failure: ToolResult };

function validate(host: PipelineHost, entry: ToolEntry, args: unknown, extra?: Record<string, unknown>): Validated {
  const prefix = `Invalid parameters for tool '${entry.name}': `;
  let outcome;
  try {
    outcome = validateArguments(entry.parameters, args, host.validationOptions);
  } catch (error) {
    return { failure: ToolResult.fail(prefix + errorMessage(error), { invalidParams: {}, ...extra }) };
  }
  const result = outcome.result;
  if (!result.valid) {
    return { failure: ToolResult.fail(prefix + result.errors.join('; '), { invalidParams: result.invalidParams, ...extra }) };
  }
  // The tool must never hold the caller's object, even from a validator that had nothing to change.
  return { args: outcome.value === args ? { ...outcome.value } : outcome.value };
}

/**
 * One call through the registry, in the order of SPEC section 6: resolve,
 * enabled, available, mode policy, validation, sandbox paths, loop check,
 * approval, before-hooks, the tool (timeout and cancellation), after-hooks.
 * Never rejects. Everything per tool was read at registration; a call with
 * no hooks, no mode and no approval allocates little beyond the validated
 * arguments, the tool's context and its promise.
 */
export async function executePipeline(host: PipelineHost, name: unknown, rawArgs: unknown, rawCtx: unknown): Promise<ToolResult> {
  let toolName = safeString(name);
  try {
    const entry = typeof name === 'string' ? host.lookup(name) : undefined;
    if (entry === undefined) {
      const suggestions = typeof name === 'string' ? suggestNames(name, host.knownNames()) : [];
      return ToolResult.fail(`Tool '${toolName}' not found`, { suggestions });
    }
    toolName = entry.name;
    if (!entry.enabled) return ToolResult.fail(`Tool '${toolName}' is disabled`);
    if (!isEntryAvailable(entry)) return ToolResult.fail(`Tool '${toolName}' is not available`);

    const ctx = rawCtx !== null && typeof rawCtx === 'object' ? (rawCtx as ToolExecutionContext) : undefined;
    const toolPolicy = checkToolLevel(entry.policy, ctx);
    if (!toolPolicy.allowed) return ToolResult.fail(refusalMessage(toolName, toolPolicy), { policy: toolPolicy });

    const validated = validate(host, entry, rawArgs);
    if ('failure' in validated) return validated.failure;
    let args = validated.args;
    const pathPolicy = checkPathArguments(entry.policy, ctx, args);
    if (!pathPolicy.allowed) return ToolResult.fail(refusalMessage(toolName, pathPolicy), { policy: pathPolicy });

    let loop: LoopDetection | undefined;
    if (entry.progressParams.length > 0) {
      loop = host.loops.record(ctx ?? host.loops, toolName, entry.progressParams, args);
      if (loop) {
        host.logger.warn(`Tool '${toolName}' was called ${loop.count} times with the same progress arguments`, loop.values);
        if (host.refuseLoops) {
          return ToolResult.fail(
            `Tool '${toolName}' refused: it was called ${loop.count} times with the same ${entry.progressParams.join(', ')} ` +
              `(threshold ${loop.threshold}); change the arguments or try another approach`,
            { loopDetected: loop },
          );
        }
      }
    }

    let approval: ApprovalDecision | undefined;
    const reason = approvalReason(entry.accessMode, entry.dangerLevel, entry.approvedOnce);
    if (reason === undefined) {
      if (entry.accessMode.approvalLevel === 1) host.logger.info(`Tool '${toolName}' called (${entry.accessMode.value} access)`, args);
    } else if (host.approve !== undefined) {
      approval = await askApproval(
        host.approve,
        { toolName, args, accessMode: entry.accessMode, dangerLevel: entry.dangerLevel, reason, ctx: ctx ?? EMPTY_CONTEXT },
        host.approvalTimeoutMs,
        ctx?.signal,
      );
      if (!approval.approved) return ToolResult.fail(notApprovedMessage(toolName, approval), { approval });
      if (entry.accessMode.approvalLevel === 2) entry.approvedOnce = true;
    }

    const signal = ctx?.signal;
    if (signal?.aborted) return cancelledResult(toolName, signal.reason);

    const beforeHooks = host.beforeHooks;
    for (let i = 0; i < beforeHooks.length; i++) {
      const hook = beforeHooks[i];
      let replacement: unknown;
      try {
        replacement = await hook.callback(toolName, args, ctx ?? EMPTY_CONTEXT);
      } catch (error) {
        if (hook.critical) return criticalHookFailure(hook, toolName, error, 'before');
        host.logger.warn(`Hook '${hook.name}' failed before tool '${toolName}' and was skipped: ${errorMessage(error)}`, error);
        continue;
      }
      if (replacement !== args && isArgsObject(replacement)) {
        const again = validate(host, entry, replacement, { hook: hook.name });
        if ('failure' in again) return again.failure;
        const replacedPolicy = checkPathArguments(entry.policy, ctx, again.args);
        if (!replacedPolicy.allowed) return ToolResult.fail(refusalMessage(toolName, replacedPolicy), { policy: replacedPolicy, hook: hook.name });
        args = again.args;
      }
    }
    if (beforeHooks.length > 0 && signal?.aborted) return cancelledResult(toolName, signal.reason);

    let result = await runTool(entry.original, toolName, args, ctx, signal, entry.timeoutMs ?? host.defaultTimeoutMs, host.timeouts);
    if (approval !== undefined || loop !== undefined) {
      const extra: Record<string, unknown> = {};
      if (approval !== undefined) extra.approval = approval;
      if (loop !== undefined) extra.loopDetected = loop;
      result = result.withMetadata(extra);
    }

    const afterHooks = host.afterHooks;
    if (afterHooks.length > 0) {
      const info = { toolName, args };
      for (let i = 0; i < afterHooks.length; i++) {
        const hook = afterHooks[i];
        try {
          const replacement = await hook.callback(result, info);
          if (isResultLike(replacement)) result = toToolResult(replacement);
        } catch (error) {
          if (hook.critical) return criticalHookFailure(hook, toolName, error, 'after');
          host.logger.warn(`Hook '${hook.name}' failed after tool '${toolName}' and was skipped: ${errorMessage(error)}`, error);
        }
      }
    }
    return result;
  } catch (error) {
    // Only a hostile context or tool property can get here (a throwing getter).
    return ToolResult.fail(`Tool '${toolName}' failed before it could run: ${errorMessage(error)}`, { exception: 'InternalError' });
  }
}

function criticalHookFailure(hook: Hook, toolName: string, error: unknown, phase: 'before' | 'after'): ToolResult {
  return ToolResult.fail(`Critical hook '${hook.name}' failed for tool '${toolName}': ${errorMessage(error)}`, {
    hook: hook.name,
    phase,
  });
}
