import type { ApprovalGate } from '@victor-tools/core/framework';
import { capText } from '@victor-tools/core/internal';

/**
 * The value of the LangGraph interrupt that asks a person about a tool call
 * (`result.__interrupt__[0].value`). Resume the graph with
 * `new Command({ resume: true })` or `{ approved: true }` to run the call;
 * any other answer refuses it (`{ approved: false, reason }` says why).
 */
export interface ToolApprovalInterrupt {
  /** Tells this interrupt from a graph's others. */
  type: 'tool-approval';
  /** The registered name of the tool called. */
  toolName: string;
  /** The model's id of the tool call, when the tool was called through one. */
  toolCallId?: string;
  /** The arguments the model sent (the registry validates them once approved). */
  args: Record<string, unknown>;
  /** The tool's access mode's value (`'write'`, `'execute'`...). */
  accessMode: string;
  /** The tool's danger level's value (`'safe'`...`'critical'`). */
  dangerLevel: string;
  /** Why approval is asked. */
  reason: string;
}

/** The person's answer: approved, refused with the message the model reads. */
export type InterruptAnswer = { approved: true } | { approved: false; message: string };

interface LangGraph {
  interrupt(value: unknown): unknown;
  isGraphInterrupt(error: unknown): boolean;
}

// LangGraph is an optional peer: loaded on the first call that asks a person, never for LangChain-only use.
let langgraph: LangGraph | null | undefined;

function loadLangGraph(): LangGraph | undefined {
  if (langgraph === undefined) {
    try {
      langgraph = require('@langchain/langgraph') as LangGraph;
    } catch {
      langgraph = null;
    }
  }
  return langgraph ?? undefined;
}

/**
 * Asks the person about a call with LangGraph's `interrupt()`, which pauses
 * the graph (it throws, and that throw must reach LangGraph) until it is
 * resumed with their answer. Undefined when nobody can be asked: LangGraph
 * is not installed, or the call runs outside a graph with a checkpointer.
 */
export function askThroughInterrupt(gate: ApprovalGate, toolName: string, args: Record<string, unknown>, toolCallId: string | undefined): InterruptAnswer | undefined {
  const graph = loadLangGraph();
  if (graph === undefined) return undefined;
  const value: ToolApprovalInterrupt = {
    type: 'tool-approval',
    toolName,
    ...(toolCallId === undefined ? {} : { toolCallId }),
    args,
    accessMode: gate.accessMode.value,
    dangerLevel: gate.dangerLevel.value,
    reason: gate.reason,
  };
  let resumed: unknown;
  try {
    resumed = graph.interrupt(value);
  } catch (error) {
    if (graph.isGraphInterrupt(error)) throw error;
    return undefined; // "Called interrupt() outside the context of a graph", "No checkpointer set"
  }
  if (resumed === true || (isObject(resumed) && resumed.approved === true)) return { approved: true };
  const why = isObject(resumed) && typeof resumed.reason === 'string' && resumed.reason !== '' ? `: ${capText(resumed.reason)}` : '';
  return { approved: false, message: `Tool '${toolName}' was not approved: the person refused it${why} (asked because ${gate.reason})` };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
