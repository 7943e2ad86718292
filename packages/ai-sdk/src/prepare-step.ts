import type { ModelMessage } from 'ai';
import { SchemaLevel } from '@victor-tools/core';
import { selectToolsForConversation, type ConversationSelectOptions, type ConversationTurn, type SelectableRegistry } from '@victor-tools/metadata';
import { describeValue } from '@victor-tools/core/internal';
import { checkConversationSelectOptions, CONVERSATION_SELECT_OPTION_KEYS } from '@victor-tools/metadata/framework';
import { checkAdapterOptions, offeredOnly } from '@victor-tools/providers/framework';

// `lowestLevel` is the tool set's `level`: activeTools cannot shorten a schema.
const PREPARE_STEP_OPTION_KEYS = [...CONVERSATION_SELECT_OPTION_KEYS.filter((key) => key !== 'lowestLevel'), 'tools'];

/** Options of `victorPrepareStep`: those of `selectToolsForConversation`, the schema level being the tool set's. */
export type VictorPrepareStepOptions = Omit<ConversationSelectOptions, 'lowestLevel'> & {
  /**
   * The tool set given to the SDK (`toAISDKTools(registry)`'s answer): only
   * its tools are chosen. Without it a tool registered after the set was made
   * can be chosen, and the SDK drops it from `activeTools`: a slot of
   * `maxTools` lost.
   */
  readonly tools?: Readonly<Record<string, unknown>>;
};

/** What `victorPrepareStep`'s function reads of the AI SDK's `prepareStep` argument (the same in AI SDK 6 and 7). */
export interface PrepareStepInput {
  readonly messages: ReadonlyArray<ModelMessage>;
}

/**
 * A `prepareStep` for `generateText`, `streamText` and `ToolLoopAgent` that
 * sends the model only the tools this step needs: `activeTools` chosen by
 * `selectToolsForConversation` from the messages so far (the latest user
 * message weighing most, every tool already called kept, CRITICAL and
 * `pinned` tools always there), within `maxTools` and `tokenBudget`. The
 * budget is counted at `level` (the level the tool set was made at, FULL by
 * default) and met by leaving tools out, since `activeTools` cannot shorten
 * a schema. Pass the full set as `tools` (`toAISDKTools(registry)`): the SDK
 * sends only the active ones; pass it as the `tools` option too, so only its
 * tools are chosen. Give it the `mode` and `sandbox` the tools run
 * with: in EXPLORE, WRITE, EXECUTE and MIXED tools are chosen only with a `sandbox`.
 * An unknown option, or one of the wrong kind, throws a TypeError (RangeError)
 * naming it when `victorPrepareStep` is called, not at the first step.
 */
export function victorPrepareStep<TOOLS extends Record<string, unknown> = Record<string, unknown>>(
  registry: SelectableRegistry,
  options: VictorPrepareStepOptions = {},
): (input: PrepareStepInput) => Promise<{ activeTools: Array<keyof TOOLS & string> }> {
  checkAdapterOptions('victorPrepareStep', options, PREPARE_STEP_OPTION_KEYS);
  checkConversationSelectOptions('victorPrepareStep', options);
  const { tools, ...choose } = options;
  if (tools !== undefined && (tools === null || typeof tools !== 'object' || Array.isArray(tools))) {
    throw new TypeError(`victorPrepareStep: tools must be the tool set given to the SDK (toAISDKTools(registry)), got ${describeValue(tools)}.`);
  }
  const offered = tools === undefined ? registry : offeredOnly(registry, (name) => Object.hasOwn(tools, name));
  const level = SchemaLevel.from(options.level ?? SchemaLevel.FULL);
  return async ({ messages }) => {
    const selection = await selectToolsForConversation(offered, conversationOf(messages), { ...choose, level, lowestLevel: level });
    return { activeTools: selection.tools.map((tool) => tool.name as keyof TOOLS & string) };
  };
}

/** The AI SDK's messages as the turns `selectToolsForConversation` reads. */
export function conversationOf(messages: Iterable<ModelMessage>): ConversationTurn[] {
  const turns: ConversationTurn[] = [];
  for (const message of messages) {
    const content: unknown = message.content;
    const parts: ReadonlyArray<{ type?: unknown; text?: unknown; toolName?: unknown }> = Array.isArray(content) ? content : [];
    const text = typeof content === 'string' ? content : parts.flatMap((part) => (part.type === 'text' && typeof part.text === 'string' ? [part.text] : [])).join('\n');
    const partType = message.role === 'assistant' ? 'tool-call' : message.role === 'tool' ? 'tool-result' : undefined;
    const toolNames = parts.flatMap((part) => (part.type === partType && typeof part.toolName === 'string' ? [part.toolName] : []));
    turns.push({ role: message.role, text, toolNames });
  }
  return turns;
}
