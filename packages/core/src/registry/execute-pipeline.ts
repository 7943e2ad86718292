import { ToolResult } from '../results';
import type { ToolExecutionContext } from '../types';
import { approvalReason, askApproval, notApprovedMessage } from './approval';
import { internalFailure } from './call-results';
import type { LoopDetection } from './loop-detector';
import { capText } from './describe-error';
import { checkPathArguments, checkToolLevel, refusalMessage } from './mode-policy';
import { EMPTY_CONTEXT, type PipelineHost } from './pipeline-host';
import { suggestNames } from './suggest';
import { ToolCall } from './tool-call';
import { isEntryAvailable, type ToolEntry } from './tool-entry';
import { validateCall } from './validate-call';

export type { PipelineHost } from './pipeline-host';

// A name that is not a string shows as JSON (never '[object Object]'), and a huge one is cut.
function safeString(value: unknown): string {
  try {
    const text = value !== null && typeof value === 'object' ? (JSON.stringify(value) ?? typeof value) : String(value);
    return capText(text);
  } catch {
    return typeof value;
  }
}

/**
 * One call through the registry, in this order: resolve,
 * enabled, available, mode policy, validation, sandbox paths, loop check,
 * approval, before-hooks, the tool (timeout and cancellation), after-hooks.
 * Never throws or rejects. Everything per tool was read at registration.
 * Not an async function: the checks run synchronously and a call that
 * stops early gets its failed result in an already resolved promise; only
 * approval, and hooks or tools that return promises, are waited for.
 */
export function executePipeline(host: PipelineHost, name: unknown, rawArgs: unknown, rawCtx: unknown): Promise<ToolResult> {
  let toolName = typeof name === 'string' ? name : safeString(name);
  try {
    const entry = typeof name === 'string' ? host.lookup(name) : undefined;
    if (entry === undefined) {
      const suggestions = typeof name === 'string' ? suggestNames(name, host.knownNames()) : [];
      return Promise.resolve(ToolResult.fail(`Tool '${capText(toolName)}' not found`, { suggestions }));
    }
    toolName = entry.name;
    if (!entry.enabled) return Promise.resolve(ToolResult.fail(`Tool '${toolName}' is disabled`));
    if (!isEntryAvailable(entry)) return Promise.resolve(ToolResult.fail(`Tool '${toolName}' is not available`));

    const ctx = rawCtx !== null && typeof rawCtx === 'object' ? (rawCtx as ToolExecutionContext) : undefined;
    const toolPolicy = checkToolLevel(entry.policy, ctx);
    if (!toolPolicy.allowed) return Promise.resolve(ToolResult.fail(refusalMessage(toolName, toolPolicy), { policy: toolPolicy }));

    const args = validateCall(host, entry, rawArgs);
    if (args instanceof ToolResult) return Promise.resolve(args);
    const pathPolicy = checkPathArguments(entry.policy, ctx, args);
    if (!pathPolicy.allowed) return Promise.resolve(ToolResult.fail(refusalMessage(toolName, pathPolicy), { policy: pathPolicy }));

    let loop: LoopDetection | undefined;
    if (entry.progressParams.length > 0) {
      loop = host.loops.record(ctx ?? host.loops, toolName, entry.progressParams, args);
      if (loop !== undefined) {
        host.logger.warn(`Tool '${toolName}' was called ${loop.count} times with the same progress arguments`, loop.values);
        if (host.refuseLoops) {
          return Promise.resolve(
            ToolResult.fail(
              `Tool '${toolName}' refused: it was called ${loop.count} times with the same ${entry.progressParams.join(', ')} ` +
                `(threshold ${loop.threshold}); change the arguments or try another approach`,
              { loopDetected: loop },
            ),
          );
        }
      }
    }

    const reason = entry.mayAskApproval ? approvalReason(entry.accessMode, entry.dangerLevel, entry.approvedOnce) : undefined;
    if (reason === undefined) {
      if (entry.logsCalls) host.logger.info(`Tool '${toolName}' called (${entry.accessMode.value} access)`, args);
    } else if (host.approve !== undefined) {
      return approveThenRun(host, entry, args, ctx, reason, loop);
    }
    return new ToolCall(host, entry, args, ctx, ctx?.signal, undefined, loop).run();
  } catch (error) {
    // Only a hostile context, tool property or logger can get here (a throwing getter).
    return Promise.resolve(internalFailure(toolName, error));
  }
}

/** The pipeline from the approval on, for calls that must ask the registry's `approve` callback. */
async function approveThenRun(
  host: PipelineHost,
  entry: ToolEntry,
  args: Record<string, unknown>,
  ctx: ToolExecutionContext | undefined,
  reason: string,
  loop: LoopDetection | undefined,
): Promise<ToolResult> {
  const toolName = entry.name;
  try {
    const approval = await askApproval(
      host.approve!,
      { toolName, args, accessMode: entry.accessMode, dangerLevel: entry.dangerLevel, reason, ctx: ctx ?? EMPTY_CONTEXT },
      host.approvalTimeoutMs,
      ctx?.signal,
    );
    if (!approval.approved) return ToolResult.fail(notApprovedMessage(toolName, approval), { approval });
    if (entry.accessMode.approvalLevel === 2) entry.approvedOnce = true;
    return await new ToolCall(host, entry, args, ctx, ctx?.signal, approval, loop).run();
  } catch (error) {
    return internalFailure(toolName, error);
  }
}
