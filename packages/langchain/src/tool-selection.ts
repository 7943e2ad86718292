import type { BaseMessage } from '@langchain/core/messages';
import { SchemaLevel } from '@victor-tools/core';
import { describeValue } from '@victor-tools/core/internal';
import { checkAdapterOptions, offeredOnly, type AdaptableRegistry } from '@victor-tools/providers/framework';
import { selectToolsForConversation, type ConversationSelectOptions, type ConversationTurn, type SelectableRegistry } from '@victor-tools/metadata';
import { checkConversationSelectOptions, CONVERSATION_SELECT_OPTION_KEYS } from '@victor-tools/metadata/framework';
import { toLangChainTools, type LangChainToolsOptions } from './to-langchain-tools';
import type { VictorStructuredTool } from './victor-structured-tool';

/** A registry the adapter can run tools of and the selection can rank: core's `ToolRegistry` fits it. */
export type SelectingRegistry = SelectableRegistry & AdaptableRegistry;

/** Options of `victorToolSelection`: how to choose (`selectToolsForConversation`) and how the tools run (`toLangChainTools`). */
export type LangChainToolSelectionOptions = Omit<ConversationSelectOptions, 'lowestLevel'> & Pick<LangChainToolsOptions, 'context' | 'approve'>;

// How to choose (less `lowestLevel`, which is `level`) and how the tools run; `approve` is
// passed on for toLangChainTools to say it was removed.
const SELECTION_OPTION_KEYS = [...CONVERSATION_SELECT_OPTION_KEYS.filter((key) => key !== 'lowestLevel'), 'context', 'approve'];

/**
 * A model that can be given tools: a LangChain chat model. `bindTools` is
 * optional, as on `BaseChatModel`; `model()` throws a TypeError for a model
 * that has none.
 */
export interface ToolBindingModel<Bound> {
  bindTools?(tools: VictorStructuredTool[]): Bound;
}

/** What `victorToolSelection` answers. */
export interface LangChainToolSelection {
  /** Every enabled and available tool of the registry: for the `ToolNode` (or `createReactAgent`'s `tools`), which runs whatever the model calls. */
  readonly tools: VictorStructuredTool[];
  /** The tools (of `tools`) for the next model call, chosen from the messages so far. */
  select(messages: readonly BaseMessage[]): Promise<VictorStructuredTool[]>;
  /**
   * The model with only the selected tools bound, per step: pass it as
   * `createReactAgent`'s `llm` (a function of the graph's state), or call it
   * in your own model node. Throws a TypeError when `model` has no
   * `bindTools` (a chat model without tool calling).
   */
  model<Bound>(model: ToolBindingModel<Bound>): (state: { messages: BaseMessage[] }) => Promise<Bound>;
}

/**
 * Per-step tool choice for LangGraph: the model sees, at each step, only the
 * tools `selectToolsForConversation` chooses from the messages so far (the
 * latest human message weighing most, tools already called kept, CRITICAL
 * and `pinned` tools always there, within `maxTools` and `tokenBudget`,
 * counted at `level`), while the `ToolNode` holds every tool. The tools are
 * made once by `toLangChainTools`, so approval state carries across steps.
 * `mode` and `sandbox` (those of `context` unless given) choose as the
 * policy runs: in EXPLORE, WRITE, EXECUTE and MIXED tools are chosen only with a `sandbox`. An unknown
 * option throws a TypeError naming it (and a close known one).
 */
export function victorToolSelection(registry: SelectingRegistry, options: LangChainToolSelectionOptions = {}): LangChainToolSelection {
  checkAdapterOptions('victorToolSelection', options, SELECTION_OPTION_KEYS);
  checkConversationSelectOptions('victorToolSelection', options);
  const { context, approve, ...rest } = options;
  // The policy the calls run under chooses too, unless the options name another.
  const choose = { ...rest, mode: rest.mode ?? context?.mode, sandbox: rest.sandbox ?? context?.sandbox };
  // A context's mode or sandbox chooses too: refused now, in this name, rather than at the first step.
  checkConversationSelectOptions('victorToolSelection: context', { mode: context?.mode, sandbox: context?.sandbox });
  const level = SchemaLevel.from(options.level ?? SchemaLevel.FULL);
  const tools = toLangChainTools(registry, { context, approve, level });
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  // Only the tools made here can be bound: one registered later is not chosen (it would take a slot, then be dropped).
  const offered = offeredOnly(registry, (name) => byName.has(name));
  const select = async (messages: readonly BaseMessage[]): Promise<VictorStructuredTool[]> => {
    const selection = await selectToolsForConversation(offered, conversationOf(messages), { ...choose, level, lowestLevel: level });
    return selection.tools.flatMap(({ name }) => byName.get(name) ?? []);
  };
  return {
    tools,
    select,
    model: (model) => bindingPerStep(model, select),
  };
}

/** `selection.model(model)`: refuses, when it is given, a model that cannot be given tools (`BaseChatModel` types `bindTools` as optional). */
function bindingPerStep<Bound>(
  model: ToolBindingModel<Bound>,
  select: (messages: readonly BaseMessage[]) => Promise<VictorStructuredTool[]>,
): (state: { messages: BaseMessage[] }) => Promise<Bound> {
  const bindTools = (model as { bindTools?: unknown } | null | undefined)?.bindTools;
  if (typeof bindTools !== 'function') {
    throw new TypeError(
      `victorToolSelection(...).model(model): the model has no bindTools method, so the selected tools cannot be bound to it. ` +
        `Pass a chat model that supports tool calling (ChatOpenAI, ChatAnthropic, ...); got ${describeValue(model)}.`,
    );
  }
  return async (state) => (bindTools as (tools: VictorStructuredTool[]) => Bound).call(model, await select(state.messages));
}

/** LangChain messages as the turns `selectToolsForConversation` reads. */
export function conversationOf(messages: Iterable<BaseMessage>): ConversationTurn[] {
  const owner = 'victorToolSelection(...).select(messages)';
  if (messages === null || typeof messages !== 'object' || typeof (messages as Iterable<unknown>)[Symbol.iterator] !== 'function') {
    throw new TypeError(`${owner} takes an array of LangChain messages (BaseMessage: HumanMessage, AIMessage, ...), got ${describeValue(messages)}.`);
  }
  const turns: ConversationTurn[] = [];
  let i = 0;
  for (const message of messages) {
    if (typeof (message as { getType?: unknown } | null)?.getType !== 'function') {
      throw new TypeError(
        `${owner} takes LangChain messages (BaseMessage: HumanMessage, AIMessage, ...); message ${i} is ${describeValue(message)} without getType(). ` +
          `Make it a message: new HumanMessage('...'), or convert plain { role, content } objects with coerceMessageLikeToMessage from @langchain/core/messages.`,
      );
    }
    i += 1;
    const type = message.getType();
    if (type === 'human') turns.push({ role: 'user', text: message.text });
    else if (type === 'ai') {
      const calls = (message as BaseMessage & { tool_calls?: Array<{ name?: unknown }> }).tool_calls ?? [];
      turns.push({ role: 'assistant', text: message.text, toolNames: calls.flatMap((call) => (typeof call.name === 'string' ? [call.name] : [])) });
    } else if (type === 'tool') {
      const name = (message as BaseMessage & { name?: unknown }).name;
      turns.push({ role: 'tool', toolNames: typeof name === 'string' ? [name] : [] });
    } else if (type === 'system') turns.push({ role: 'system', text: message.text });
  }
  return turns;
}
