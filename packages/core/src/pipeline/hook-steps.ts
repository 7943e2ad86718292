import { errorMessage } from '../error-text';
import { ToolResult } from '../results';
import { criticalHookFailure } from './failures';
import type { AfterHookCallback, BeforeHookCallback, Hook } from './hook';
import { isResultLike, toToolResult } from './normalize-result';
import { checkSandbox } from './policy-steps';
import { isThenable, type Step, type StepAnswer, type ToolCall } from './tool-call';
import { validateArgs } from './validate';
import { checkStandard } from './validate-standard';

// Each hook is made into a step when it is registered. The two hook steps run
// them in order, sync-first like the runner; an async hook makes its step answer
// a promise, which the runner waits for (under the call's timeout and signal).

/** The before-hooks, in registration order; each sees the previous one's replacement. */
export function runBeforeHooks(call: ToolCall): StepAnswer | PromiseLike<unknown> {
  return runHooks(call, call.host.beforeHooks, 0);
}

/** The after-hooks, in registration order; each sees the previous one's replacement. */
export function runAfterHooks(call: ToolCall): StepAnswer | PromiseLike<unknown> {
  return runHooks(call, call.host.afterHooks, 0);
}

/**
 * Runs `hooks` from `from` until one answers. A hook that answers a promise
 * is waited for by chaining the rest onto it; they run only if the call was
 * not stopped meanwhile (`call.interrupted()`), as after any wait.
 */
function runHooks(call: ToolCall, hooks: readonly Step[], from: number): StepAnswer | PromiseLike<unknown> {
  for (let i = from; i < hooks.length; i++) {
    const outcome = hooks[i](call);
    if (outcome === undefined) continue;
    if (!isThenable(outcome)) return outcome;
    return outcome.then((answer) => (answer as StepAnswer) ?? call.interrupted() ?? runHooks(call, hooks, i + 1));
  }
  return undefined;
}

/** A before-hook as a step: its callback sees the frozen arguments and the call's context; a plain object it answers replaces the arguments. */
export function beforeHookStep(hook: Hook<BeforeHookCallback>): Step {
  return (call) => runHook(call, hook, 'before');
}

/** An after-hook as a step: a result it answers replaces the call's. */
export function afterHookStep(hook: Hook<AfterHookCallback>): Step {
  return (call) => runHook(call, hook, 'after');
}

/** Runs a hook and takes what it answered; a hook that throws or rejects is a hook failure. */
function runHook(call: ToolCall, hook: Hook, phase: 'before' | 'after'): StepAnswer | PromiseLike<unknown> {
  let returned: unknown;
  try {
    returned =
      phase === 'before'
        ? (hook.callback as BeforeHookCallback)(call.name, call.args, call.ctx)
        : (hook.callback as AfterHookCallback)(call.result!, { toolName: call.name, args: call.args });
    if (!isThenable(returned)) return take(call, hook, phase, returned);
  } catch (error) {
    return hookFailed(call, hook, error, phase);
  }
  // The runner's wait races it: a hook that never settles is stopped by the call's timeout or the caller's abort.
  return Promise.resolve(returned).then(
    (value) => take(call, hook, phase, value),
    (error: unknown) => hookFailed(call, hook, error, phase),
  );
}

function take(call: ToolCall, hook: Hook, phase: 'before' | 'after', value: unknown): StepAnswer | PromiseLike<unknown> {
  if (phase === 'before') return takeArguments(call, hook, value);
  if (isResultLike(value)) call.result = toToolResult(value);
  return undefined;
}

/**
 * Takes a hook's replacement arguments once validated (by the Standard
 * Schema too, when the tool declared one) and checked against the sandbox
 * again; answers the failure otherwise.
 */
function takeArguments(call: ToolCall, hook: Hook, replacement: unknown): StepAnswer | PromiseLike<unknown> {
  if (replacement === call.args || replacement === null || typeof replacement !== 'object' || Array.isArray(replacement)) return undefined;
  const checked = validateArgs(call, replacement, hook.name);
  if (checked instanceof ToolResult) return checked;
  call.args = checked;
  call.input = checked; // what the tool's library validates next, and what a remote invoker sends
  const standard = call.entry.standard;
  if (standard === undefined) return checkSandbox(call, hook.name);
  const answer = checkStandard(call, standard, checked, hook.name);
  return isThenable(answer) ? answer.then((settled) => settled ?? checkSandbox(call, hook.name)) : (answer ?? checkSandbox(call, hook.name));
}

/** A critical hook's failure fails the call (answered); a non-critical one is logged and skipped. */
function hookFailed(call: ToolCall, hook: Hook, error: unknown, phase: 'before' | 'after'): StepAnswer {
  if (hook.critical) return criticalHookFailure(hook, call.name, error, phase);
  call.host.logger.warn(`Hook '${hook.name}' failed ${phase} tool '${call.name}' and was skipped: ${errorMessage(error)}`, error);
  return undefined;
}
