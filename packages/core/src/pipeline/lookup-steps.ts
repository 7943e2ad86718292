import { capText } from '../error-text';
import { isEntryAvailable } from '../registry/tool-entry';
import { ToolResult } from '../results';
import { timeoutDelay } from '../timeouts';
import { suggestNames } from '../suggest-names';
import type { StepAnswer, ToolCall } from './tool-call';

// The first steps: which tool, and whether it can be called at all.

/** Finds the tool by name or alias (`Tool 'x' not found`, with `metadata.suggestions` of close names) and starts the clock of a call with a timeout. */
export function findTool(call: ToolCall): StepAnswer {
  const entry = typeof call.rawName === 'string' ? call.host.lookup(call.rawName) : undefined;
  if (entry === undefined) {
    const suggestions = typeof call.rawName === 'string' ? suggestNames(call.rawName, call.host.knownNames()) : [];
    return ToolResult.fail(`Tool '${capText(call.name)}' not found`, { suggestions });
  }
  call.entry = entry;
  call.name = entry.name;
  call.timeoutMs = timeoutDelay(entry.timeoutMs ?? call.host.defaultTimeoutMs);
  // The clock (a call into the runtime) is read only when there is a deadline to count.
  if (call.timeoutMs !== undefined) call.startedAt = Date.now();
  return undefined;
}

/** `Tool 'x' is disabled`. */
export function checkEnabled(call: ToolCall): StepAnswer {
  return call.entry.enabled ? undefined : ToolResult.fail(`Tool '${call.name}' is disabled`);
}

/** `Tool 'x' is not available`: its `isAvailable()` said false or threw. */
export function checkAvailable(call: ToolCall): StepAnswer {
  return isEntryAvailable(call.entry) ? undefined : ToolResult.fail(`Tool '${call.name}' is not available`);
}
