import { errorMessage } from '../error-text';
import { ToolResult } from '../results';
import { criticalHookFailure } from './failures';
import type { AfterHookCallback, AfterHookInfo, BeforeHookCallback, Hook } from './hook';
import { isResultLike, toToolResult } from './normalize-result';
import { checkSandbox } from './policy-steps';
import { isThenable, runSteps, type Answer, type Outcome, type Step } from './run-steps';
import type { ToolCall } from './tool-call';
import { validateArgs } from './validate';
import { checkStandard } from './validate-standard';

// Hooks run through the same sync-first runner as the steps: each hook is
// made into a step when it is registered, which lets the call through or
// answers (a critical hook's failure).

/** The before-hooks, in registration order; each sees the previous one's replacement. */
export function runBeforeHooks(call: ToolCall): Outcome {
  const hooks = call.host.beforeHooks;
  return hooks.length === 0 ? undefined : runSteps(call, hooks);
}

/** The after-hooks, in registration order; each sees the previous one's replacement. */
export function runAfterHooks(call: ToolCall): Outcome {
  const hooks = call.host.afterHooks;
  return hooks.length === 0 ? undefined : runSteps(call, hooks);
}

/** A before-hook as a step. */
export function beforeHookStep(hook: Hook<BeforeHookCallback>): Step {
  return (call) => runBeforeHook(call, hook);
}

/** An after-hook as a step. */
export function afterHookStep(hook: Hook<AfterHookCallback>): Step {
  return (call) => runAfterHook(call, hook);
}

function runBeforeHook(call: ToolCall, hook: Hook<BeforeHookCallback>): Outcome {
  let returned: unknown;
  try {
    returned = hook.callback(call.name, call.args, call.ctx);
    if (!isThenable(returned)) return takeArguments(call, hook, returned);
  } catch (error) {
    return hookFailed(call, hook, error, 'before');
  }
  // The runner's wait races it: a hook that never settles is stopped by the call's timeout or the caller's abort.
  return Promise.resolve(returned).then(
    (value) => takeArguments(call, hook, value),
    (error: unknown) => hookFailed(call, hook, error, 'before'),
  );
}

/**
 * Takes a hook's replacement arguments once validated (by the Standard
 * Schema too, when the tool declared one) and checked against the sandbox
 * again; answers the failure otherwise.
 */
function takeArguments(call: ToolCall, hook: Hook, replacement: unknown): Outcome {
  if (replacement === call.args || replacement === null || typeof replacement !== 'object' || Array.isArray(replacement)) return undefined;
  const checked = validateArgs(call, replacement, hook.name);
  if (checked instanceof ToolResult) return checked;
  call.args = checked;
  const standard = call.entry.standard;
  if (standard === undefined) return checkSandbox(call, hook.name);
  const answer = checkStandard(call, standard, checked, hook.name);
  return isThenable(answer) ? answer.then((settled) => settled ?? checkSandbox(call, hook.name)) : (answer ?? checkSandbox(call, hook.name));
}

function runAfterHook(call: ToolCall, hook: Hook<AfterHookCallback>): Outcome {
  let returned: unknown;
  try {
    returned = hook.callback(call.result!, afterHookInfo(call));
    if (!isThenable(returned)) return takeResult(call, returned);
  } catch (error) {
    return hookFailed(call, hook, error, 'after');
  }
  return Promise.resolve(returned).then(
    (value) => takeResult(call, value),
    (error: unknown) => hookFailed(call, hook, error, 'after'),
  );
}

function afterHookInfo(call: ToolCall): AfterHookInfo {
  return { toolName: call.name, args: call.args };
}

function takeResult(call: ToolCall, value: unknown): Answer {
  if (isResultLike(value)) call.result = toToolResult(value);
  return undefined;
}

/** A critical hook's failure fails the call (answered); a non-critical one is logged and skipped. */
function hookFailed(call: ToolCall, hook: Hook, error: unknown, phase: 'before' | 'after'): Answer {
  if (hook.critical) return criticalHookFailure(hook, call.name, error, phase);
  call.host.logger.warn(`Hook '${hook.name}' failed ${phase} tool '${call.name}' and was skipped: ${errorMessage(error)}`, error);
  return undefined;
}
