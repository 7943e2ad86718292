import { capText, describeValue } from '@victor-tools/core/internal';
import { checkSelectOptions } from './select-option-keys';
import { rankWithoutQuery, selectRanked } from './select-tools';
import { contentWords } from './text/tokenize';
import type { ConversationSelectOptions, ConversationTurn, SelectableRegistry, ToolSelection } from './selection-types';

const DEFAULT_USER_TURNS = 3;
// Reciprocal-rank fusion's constant: small, so a turn's first tools lead clearly.
const RANK_OFFSET = 1;
/**
 * The most user turns ranked, whatever `userTurns` says: each turn weighs half
 * the next, so the 54th back would weigh 2^-53 of the latest, below a double's
 * precision of it (a `userTurns` of a million over long turns took minutes and gigabytes).
 */
const MAX_WEIGHED_TURNS = 53;

/**
 * The tools to send to a model at one step of a conversation: ranked by the
 * latest `userTurns` user turns (3 by default), the latest weighing most
 * (each earlier turn half as much: a reply like "yes, go ahead" leaves the
 * choice to the turns before it), CRITICAL and `pinned` tools always
 * present, then the best match, then the tools the conversation already
 * called, the latest first (`keepCalled`, default true), then the other
 * ranked ones, within `maxTools` and `tokenBudget` as `selectTools` fits them.
 * Each turn is ranked with `searchAsync`, so an asynchronous embedder's
 * vectors are waited for; the rankings are fused by weighted reciprocal rank.
 * Without a user turn holding a content word, tools rank as for a blank
 * request in `selectTools` (by priority, then name). An unknown option
 * throws a TypeError naming it (and a close known one).
 */
export async function selectToolsForConversation(
  registry: SelectableRegistry,
  conversation: Iterable<ConversationTurn>,
  options: ConversationSelectOptions = {},
): Promise<ToolSelection> {
  checkSelectOptions('selectToolsForConversation', options, true);
  const turns = turnsOf(conversation);
  const userTurns = options.userTurns ?? DEFAULT_USER_TURNS;
  const requests: string[] = [];
  // Beyond MAX_WEIGHED_TURNS a turn weighs too little to matter: reading and ranking it is only work.
  const turnsRead = Math.min(userTurns, MAX_WEIGHED_TURNS);
  for (let i = turns.length - 1; i >= 0 && requests.length < turnsRead; i--) {
    const { role, text } = turns[i];
    if (role === 'user' && typeof text === 'string' && contentWords(text).length > 0) requests.push(text);
  }
  // The tools the conversation called, the latest first: kept within maxTools, after CRITICAL and pinned ones.
  const called: string[] = [];
  if (options.keepCalled !== false) {
    for (let i = turns.length - 1; i >= 0; i--) {
      const { role, toolNames = [] } = turns[i];
      if (role === 'assistant') for (let j = toolNames.length - 1; j >= 0; j--) called.push(toolNames[j]);
    }
  }
  return selectRanked(
    registry,
    async (current) => {
      if (requests.length === 0) return { names: rankWithoutQuery(current(), options), matched: false };
      const scores = new Map<string, number>();
      for (const [age, request] of requests.entries()) {
        // After each await, the shared index is checked to still hold this registry's tools.
        const plan = current();
        const results = await plan.metadataRegistry.searchAsync(request, plan.searchOptions);
        results.forEach(({ name }, rank) => scores.set(name, (scores.get(name) ?? 0) + 0.5 ** age / (RANK_OFFSET + rank + 1)));
      }
      const names = [...scores].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([name]) => name);
      return { names, matched: true };
    },
    options,
    called,
  );
}

const ROLES: ReadonlySet<unknown> = new Set(['user', 'assistant', 'tool', 'system']);

/**
 * The turns of `conversation`, each checked: an object with a role of 'user',
 * 'assistant', 'tool' or 'system', a `text` that is a string when given and
 * `toolNames` that are an array of strings when given. A string in place of
 * the turns, or `toolNames: 'git_commit'`, would otherwise be read a
 * character at a time; a turn of another shape be skipped in silence.
 */
function turnsOf(conversation: unknown): ConversationTurn[] {
  const owner = 'selectToolsForConversation';
  if (conversation === null || typeof conversation !== 'object' || typeof (conversation as Iterable<unknown>)[Symbol.iterator] !== 'function') {
    throw new TypeError(`${owner} expects the conversation as an array of turns ({ role, text?, toolNames? }), got ${describeValue(conversation)}.`);
  }
  const turns = [...(conversation as Iterable<unknown>)];
  turns.forEach((turn, i) => {
    if (turn === null || typeof turn !== 'object' || Array.isArray(turn)) {
      throw new TypeError(`${owner}: turn ${i} must be an object { role, text?, toolNames? }, got ${describeValue(turn)}.`);
    }
    const { role, text, toolNames } = turn as { role?: unknown; text?: unknown; toolNames?: unknown };
    if (!ROLES.has(role)) {
      const shown = typeof role === 'string' ? `'${capText(role)}'` : describeValue(role);
      throw new TypeError(`${owner}: turn ${i} has role ${shown}; a role is 'user', 'assistant', 'tool' or 'system'.`);
    }
    if (text !== undefined && typeof text !== 'string') throw new TypeError(`${owner}: turn ${i}'s text must be a string, got ${describeValue(text)}.`);
    if (toolNames !== undefined && !(Array.isArray(toolNames) && toolNames.every((name) => typeof name === 'string'))) {
      const shown = Array.isArray(toolNames) ? `${describeValue(toolNames.find((name) => typeof name !== 'string'))} in it` : describeValue(toolNames);
      throw new TypeError(`${owner}: turn ${i}'s toolNames must be an array of tool names (strings), got ${shown}.`);
    }
  });
  return turns as ConversationTurn[];
}
