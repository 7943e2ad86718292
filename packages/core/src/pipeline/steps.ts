import { capText } from '../error-text';
import { checksPathArguments } from '../policy/mode-policy';
import type { ToolEntry } from '../registry/tool-entry';
import type { ToolResult } from '../results';
import { checkOutput } from './check-output';
import { internalFailure } from './failures';
import { runAfterHooks, runBeforeHooks } from './hook-steps';
import { invokeTool } from './invoke-tool';
import { checkAvailable, checkEnabled, findTool } from './lookup-steps';
import { addCallMetadata, approve, checkMode, checkPolicyContext, checkSandbox, detectLoop } from './policy-steps';
import { isThenable, ToolCall, type PipelineHost, type Step, type StepAnswer } from './tool-call';
import { validate } from './validate';
import { validateStandard } from './validate-standard';

/** Awaited to let the microtask queue run once: a settled promise, so awaiting it allocates nothing. */
const ONE_TURN = Promise.resolve();

/**
 * The steps of one call through `ToolRegistry.execute`, in order. A step
 * that answers a ToolResult ends the call with it: a call that stops before
 * the tool never reaches the hooks. After every wait (approval, an async
 * hook) the call is checked again: cancelled, timed out, or its tool
 * disabled or unregistered meanwhile. A call runs the steps that can apply
 * to its tool (`stepsFor`), in this order.
 *
 * ```
 * findTool          Tool 'x' not found (metadata.suggestions)
 * checkEnabled      Tool 'x' is disabled
 * checkAvailable    Tool 'x' is not available
 * checkMode         Tool 'x' refused in plan mode: ...            (policy/mode-policy)
 * validate          Invalid parameters for tool 'x': ...          (validation/; the copy is frozen)
 * validateStandard  the same, from a Standard Schema's library     (schema-input/; its output goes on)
 * checkSandbox      Tool 'x' refused in explore mode: ... outside (policy/sandbox, path-arguments)
 * detectLoop        metadata.loopDetected, or refused             (policy/loop-detector)
 * approve           Tool 'x' was not approved: ...                (policy/approval)
 * runBeforeHooks    Critical hook 'h' failed for tool 'x': ...    (replacements validated and checked again)
 * checkPolicyContext  Tool 'x' refused: ctx.mode was changed during the call ...
 * invokeTool        the invoker, under the timeout and the caller's signal: the result, normalized
 * checkOutput       Tool 'x' returned an output that does not match its output schema: ...  (check-output)
 * addCallMetadata   metadata.approval, metadata.loopDetected
 * runAfterHooks     a replacement result, or a critical hook's failure
 * answerResult      the tool's result, as the after-hooks left it
 * ```
 */
export const STEPS: readonly Step[] = [
  findTool,
  checkEnabled,
  checkAvailable,
  checkMode,
  validate,
  validateStandard,
  checkSandbox,
  detectLoop,
  approve,
  runBeforeHooks,
  checkPolicyContext,
  invokeTool,
  checkOutput,
  addCallMetadata,
  runAfterHooks,
  answerResult,
];

/**
 * The steps of STEPS that apply only to some tools, each with its test,
 * read from what the registry fixed at registration. A call leaves out
 * those that cannot apply to its tool (see `stepsFor`), so that a call of a
 * plain tool runs nine steps, not sixteen. Each step still makes its own check.
 */
const APPLIES_IF: ReadonlyMap<Step, (entry: ToolEntry) => boolean> = new Map<Step, (entry: ToolEntry) => boolean>([
  [checkAvailable, (entry) => !entry.alwaysAvailable],
  [validateStandard, (entry) => entry.standard !== undefined],
  [checkSandbox, (entry) => checksPathArguments(entry.policy)],
  [detectLoop, detectsLoops],
  [approve, asksApprovalOrLogs],
  [checkOutput, (entry) => entry.outputSchema !== undefined],
  [addCallMetadata, (entry) => detectsLoops(entry) || asksApprovalOrLogs(entry)],
]);

function detectsLoops(entry: ToolEntry): boolean {
  return entry.progressParams.length > 0;
}

function asksApprovalOrLogs(entry: ToolEntry): boolean {
  return entry.approval.rule !== 'never' || entry.logsCalls;
}

/** The steps of each registered tool's calls, made on its first call (an entry is made anew when a tool is registered again). */
const stepsOfEntry = new WeakMap<ToolEntry, readonly Step[]>();

/** The steps a call of `entry`'s tool runs after `findTool`: the rest of STEPS, in order, without those that cannot apply to it. */
export function stepsFor(entry: ToolEntry): readonly Step[] {
  let steps = stepsOfEntry.get(entry);
  if (steps === undefined) {
    steps = STEPS.filter((step) => step !== findTool && (APPLIES_IF.get(step)?.(entry) ?? true));
    stepsOfEntry.set(entry, steps);
  }
  return steps;
}

/** The last step: the tool's result, as the after-hooks left it. */
function answerResult(call: ToolCall): StepAnswer {
  return call.result ?? call.failure(new Error('the tool step left no result'));
}

/**
 * One call through `STEPS`. Never throws or rejects: something thrown where
 * nothing should throw (a hostile context getter, a throwing logger) is a
 * failed result too.
 */
export function executeCall(
  host: PipelineHost,
  name: unknown,
  args: unknown,
  ctx: unknown,
  onToolPromise?: (running: PromiseLike<unknown>) => void,
): Promise<ToolResult> {
  let call: ToolCall;
  let notFound: StepAnswer;
  try {
    call = new ToolCall(host, name, args, ctx, onToolPromise);
    notFound = findTool(call);
  } catch (error) {
    // Only a hostile context (a throwing getter or Proxy trap) can get here: findTool does not throw.
    return Promise.resolve(internalFailure(capText(typeof name === 'string' ? name : typeof name), error));
  }
  if (notFound !== undefined) return Promise.resolve(notFound);
  return runSteps(call, stepsFor(call.entry)) as Promise<ToolResult>;
}

/**
 * Runs `steps` in order until one answers, awaiting only a step that answers
 * a promise, then checking the call again (`call.interrupted()`): a call of
 * steps that all answer at once is a third cheaper than one awaiting each.
 * A promise gets one turn of the microtask queue (`call.watch`); only one
 * still pending then is raced against the call's timeout and the caller's
 * signal (`call.race`). Never rejects: what a step throws answers the call's
 * internal failure. BENCHMARKS.md has the measurements.
 */
export async function runSteps(call: ToolCall, steps: readonly Step[]): Promise<StepAnswer> {
  let answer: StepAnswer;
  try {
    for (let i = 0; i < steps.length; i++) {
      const outcome = steps[i](call);
      if (isThenable(outcome)) {
        const waiting = call.watch(outcome);
        await ONE_TURN;
        answer = (waiting.done ? waiting.answer : await call.race(waiting)) ?? call.interrupted();
      } else {
        answer = outcome;
      }
      if (answer !== undefined) break;
    }
    call.stopWaiting();
  } catch (error) {
    answer = call.failure(error);
  }
  return answer;
}
