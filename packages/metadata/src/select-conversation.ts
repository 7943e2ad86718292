import { checkSelectOptions } from './select-option-keys';
import { rankWithoutQuery, selectRanked } from './select-tools';
import { contentWords } from './text/tokenize';
import type { ConversationSelectOptions, ConversationTurn, SelectableRegistry, ToolSelection } from './selection-types';

const DEFAULT_USER_TURNS = 3;
// Reciprocal-rank fusion's constant: small, so a turn's first tools lead clearly.
const RANK_OFFSET = 1;

/**
 * The tools to send to a model at one step of a conversation: ranked by the
 * latest `userTurns` user turns (3 by default), the latest weighing most
 * (each earlier turn half as much: a reply like "yes, go ahead" leaves the
 * choice to the turns before it), every tool the conversation already called
 * kept (`keepCalled`, default true), CRITICAL and `pinned` tools always
 * present, within `maxTools` and `tokenBudget` as `selectTools` fits them.
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
  const turns = [...conversation];
  const userTurns = options.userTurns ?? DEFAULT_USER_TURNS;
  if (!(Number.isInteger(userTurns) && userTurns >= 1)) {
    throw new RangeError(`selectToolsForConversation: userTurns must be a whole number of at least 1, got ${String(options.userTurns)}`);
  }
  const requests: string[] = [];
  for (let i = turns.length - 1; i >= 0 && requests.length < userTurns; i--) {
    const { role, text } = turns[i];
    if (role === 'user' && typeof text === 'string' && contentWords(text).length > 0) requests.push(text);
  }
  const called: string[] = [];
  if (options.keepCalled !== false) {
    for (const turn of turns) if (turn.role === 'assistant') for (const name of turn.toolNames ?? []) if (typeof name === 'string') called.push(name);
  }
  const pinned = [...(options.pinned ?? []), ...called];
  return selectRanked(
    registry,
    async (plan) => {
      if (requests.length === 0) return rankWithoutQuery(plan, options);
      const scores = new Map<string, number>();
      for (const [age, request] of requests.entries()) {
        const results = await plan.metadataRegistry.searchAsync(request, plan.searchOptions);
        results.forEach(({ name }, rank) => scores.set(name, (scores.get(name) ?? 0) + 0.5 ** age / (RANK_OFFSET + rank + 1)));
      }
      return [...scores].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([name]) => name);
    },
    { ...options, pinned },
  );
}
