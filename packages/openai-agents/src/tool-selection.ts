import type { Agent, AgentInputItem, RunContext } from '@openai/agents';
import { SchemaLevel } from '@victor-tools/core';
import { checkAdapterOptions, offeredOnly, type AdaptableRegistry } from '@victor-tools/providers/framework';
import { selectToolsForConversation, type ConversationSelectOptions, type ConversationTurn, type SelectableRegistry } from '@victor-tools/metadata';
import { checkConversationSelectOptions, CONVERSATION_SELECT_OPTION_KEYS } from '@victor-tools/metadata/framework';
import { checkStrict, toOpenAIAgentsTools, type OpenAIAgentsToolsOptions, type VictorFunctionTool } from './to-openai-agents-tools';

/** A registry the adapter can run tools of and the selection can rank: core's `ToolRegistry` fits it. */
export type SelectingRegistry = SelectableRegistry & AdaptableRegistry;

/** Options of `victorToolSelection`: how to choose (`selectToolsForConversation`) and how the tools run (`toOpenAIAgentsTools`). */
export type OpenAIAgentsToolSelectionOptions = Omit<ConversationSelectOptions, 'lowestLevel'> & Pick<OpenAIAgentsToolsOptions, 'context' | 'strict' | 'approval'>;

// How to choose (less `lowestLevel`, which is `level`) and how the tools run; `approval` is
// passed on for toOpenAIAgentsTools to say it was removed.
const SELECTION_OPTION_KEYS = [...CONVERSATION_SELECT_OPTION_KEYS.filter((key) => key !== 'lowestLevel'), 'context', 'strict', 'approval'];

/** What `victorToolSelection` answers. */
export interface OpenAIAgentsToolSelection {
  /** Every enabled and available tool of the registry, each enabled per turn only when selected: the agent's `tools`. */
  readonly tools: VictorFunctionTool[];
  /** Lets the selection read the agent's input (its `agent_start` event); returns the agent. Call it once per agent before running it. */
  attach<A extends Agent<any, any>>(agent: A): A;
}

interface RunSelection {
  readonly turns: ConversationTurn[];
  /** A run this selection did not see start (read back with `RunState.fromString`): its input is unknown here. */
  readonly restored?: boolean;
  /** The selection for `turns` as they are now; dropped when a tool call adds a turn. */
  chosen?: Promise<ReadonlySet<string>>;
}

/**
 * Per-turn tool choice for the OpenAI Agents SDK, through its dynamic tool
 * mechanism: each tool's `isEnabled` answers whether
 * `selectToolsForConversation` chose it for this turn, from the run's input
 * (the latest user message weighing most) and the tools called so far in the
 * run (kept), CRITICAL and `pinned` tools always there, within `maxTools` and
 * `tokenBudget` (counted at `level`). The selection is made once per turn and
 * run, shared by every tool's check. `mode` and `sandbox` (those of
 * `context` unless given) choose as the policy runs: in EXPLORE, WRITE,
 * EXECUTE and MIXED tools are chosen only with a `sandbox`. An unknown option throws a TypeError naming it
 * (and a close known one).
 *
 * ```ts
 * const selection = victorToolSelection(registry, { maxTools: 8 });
 * const agent = selection.attach(new Agent({ name: 'assistant', tools: selection.tools }));
 * ```
 */
export function victorToolSelection(registry: SelectingRegistry, options: OpenAIAgentsToolSelectionOptions = {}): OpenAIAgentsToolSelection {
  checkAdapterOptions('victorToolSelection', options, SELECTION_OPTION_KEYS);
  checkConversationSelectOptions('victorToolSelection', options);
  checkStrict('victorToolSelection', options.strict);
  const { context, strict, approval, ...rest } = options;
  // The policy the calls run under chooses too, unless the options name another.
  const choose = { ...rest, mode: rest.mode ?? context?.mode, sandbox: rest.sandbox ?? context?.sandbox };
  // A context's mode or sandbox chooses too: refused now, in this name, rather than at the first step.
  checkConversationSelectOptions('victorToolSelection: context', { mode: context?.mode, sandbox: context?.sandbox });
  const level = SchemaLevel.from(options.level ?? SchemaLevel.FULL);
  const runs = new WeakMap<RunContext<unknown>, RunSelection>();
  const attached = new WeakSet<object>();

  const chosen = (runContext: RunContext<unknown>, agent: unknown): Promise<ReadonlySet<string> | 'every'> => {
    let run = runs.get(runContext);
    if (run === undefined) {
      if (!attached.has(agent as object)) {
        return Promise.reject(
          new Error('victorToolSelection: the run started before its input was seen; call selection.attach(agent) on every agent that has these tools, before running it'),
        );
      }
      // An attached agent's run that did not start here: `RunState.fromString` looking up the tools
      // of the saved run's calls, then that run resumed (no agent_start). Every tool answers, so
      // each saved call finds its tool, until the run calls one; the selection then reads the calls.
      run = { turns: [], restored: true };
      runs.set(runContext, run);
    }
    if (run.restored && run.turns.length === 0) return Promise.resolve('every');
    run.chosen ??= selectToolsForConversation(offered, run.turns, { ...choose, level, lowestLevel: level }).then(
      (selection) => new Set(selection.tools.map((tool) => tool.name)),
    );
    return run.chosen;
  };

  const made = toOpenAIAgentsTools(registry, { context, strict, approval, level });
  // Only the tools made here are the agent's: one registered later is not chosen (it would take a slot, then be missing).
  const madeNames = new Set(made.map((tool) => tool.name));
  const offered = offeredOnly(registry, (name) => madeNames.has(name));
  const tools = made.map(
    (tool): VictorFunctionTool => ({
      ...tool,
      isEnabled: async (runContext, agent) => {
        const names = await chosen(runContext, agent);
        return names === 'every' || names.has(tool.name);
      },
      invoke: async (runContext, input, details) => {
        const run = runs.get(runContext);
        if (run !== undefined) {
          run.turns.push({ role: 'assistant', toolNames: [tool.name] });
          run.chosen = undefined;
        }
        return tool.invoke(runContext, input, details);
      },
    }),
  );

  return {
    tools,
    attach(agent) {
      if (attached.has(agent)) return agent;
      attached.add(agent);
      agent.on('agent_start', (runContext: RunContext<unknown>, _agent: unknown, turnInput?: AgentInputItem[]) => {
        if (!runs.has(runContext)) runs.set(runContext, { turns: conversationOf(turnInput ?? []) });
      });
      return agent;
    },
  };
}

/** Agents SDK input items as the turns `selectToolsForConversation` reads. */
export function conversationOf(items: Iterable<AgentInputItem>): ConversationTurn[] {
  const turns: ConversationTurn[] = [];
  for (const item of items) {
    const { role, type, content, name } = item as { role?: unknown; type?: unknown; content?: unknown; name?: unknown };
    if (type === 'function_call' && typeof name === 'string') {
      turns.push({ role: 'assistant', toolNames: [name] });
      continue;
    }
    if (role !== 'user' && role !== 'assistant' && role !== 'system') continue;
    const parts: ReadonlyArray<{ text?: unknown }> = Array.isArray(content) ? content : [];
    const text = typeof content === 'string' ? content : parts.flatMap((part) => (typeof part.text === 'string' ? [part.text] : [])).join('\n');
    turns.push({ role, text });
  }
  return turns;
}
