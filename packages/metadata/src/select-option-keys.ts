import { checkOptionKeys, describeValue } from '@victor-tools/core/internal';
import { checkCount, checkSearchValues } from './search-option-keys';
import type { ConversationSelectOptions, SelectToolsOptions } from './selection-types';

// Every key of each options type, once: the compiler refuses a list that
// misses a key of the interface or names one it does not have.
const SELECT_KEYS: { readonly [K in keyof Required<SelectToolsOptions>]: true } = {
  maxTools: true,
  tokenBudget: true,
  level: true,
  lowestLevel: true,
  stage: true,
  taskType: true,
  mode: true,
  sandbox: true,
  maxCostTier: true,
  provider: true,
  metadataRegistry: true,
  pinned: true,
  signal: true,
};
const CONVERSATION_KEYS: { readonly [K in keyof Required<ConversationSelectOptions>]: true } = { ...SELECT_KEYS, userTurns: true, keepCalled: true };

const SELECT_OPTION_KEYS: readonly string[] = Object.freeze(Object.keys(SELECT_KEYS));

/**
 * The options `selectToolsForConversation` takes, by name: for a helper that
 * forwards them (`victorPrepareStep`, `victorToolSelection`) to refuse an
 * unknown one when it is made rather than at its first step.
 */
export const CONVERSATION_SELECT_OPTION_KEYS: readonly string[] = Object.freeze(Object.keys(CONVERSATION_KEYS));

/**
 * Refuses an unknown option of `selectTools`/`selectToolsAsync` (`conversation`:
 * of `selectToolsForConversation`), and one of the wrong kind, naming it:
 * `maxTools` not a whole number of at least 0 (or Infinity), `tokenBudget`
 * not a number of at least 0 (or Infinity), `stage`/`taskType`/`sandbox` not
 * a string, `pinned` not a list of names, `provider` neither a name nor a
 * renderer, `keepCalled` not a boolean. Such a value would otherwise select
 * nothing or everything in silence (`tokenBudget: NaN` turned the budget off).
 */
export function checkSelectOptions(owner: string, options: SelectToolsOptions, conversation = false): void {
  checkOptionKeys(owner, options, conversation ? CONVERSATION_SELECT_OPTION_KEYS : SELECT_OPTION_KEYS);
  checkCount(owner, 'maxTools', options.maxTools);
  const budget: unknown = options.tokenBudget;
  if (budget !== undefined) {
    if (typeof budget !== 'number') throw new TypeError(`${owner}: tokenBudget must be a number, got ${describeValue(budget)}.`);
    if (!(budget >= 0)) throw new RangeError(`${owner}: tokenBudget must be a number of at least 0 (Infinity for no budget), got ${budget}.`);
  }
  checkSearchValues(owner, options);
  checkPinned(owner, options.pinned);
  const provider: unknown = options.provider;
  if (provider !== undefined && typeof provider !== 'string' && typeof (provider as { render?: unknown } | null)?.render !== 'function') {
    throw new TypeError(
      `${owner}: provider must be a renderer's name ('openai', 'anthropic', 'gemini', 'mcp') or a SchemaRenderer with a render(tool, level) method, got ${describeValue(provider)}.`,
    );
  }
  if (conversation) {
    const keepCalled: unknown = (options as ConversationSelectOptions).keepCalled;
    if (keepCalled !== undefined && typeof keepCalled !== 'boolean') throw new TypeError(`${owner}: keepCalled must be true or false, got ${describeValue(keepCalled)}.`);
  }
}

/** Refuses `pinned` unless it is a list (an array, a Set) of tool names: a string would be taken a character at a time. */
function checkPinned(owner: string, pinned: unknown): void {
  if (pinned === undefined) return;
  if (pinned === null || typeof pinned !== 'object' || typeof (pinned as Iterable<unknown>)[Symbol.iterator] !== 'function') {
    throw new TypeError(`${owner}: pinned must be an array of tool names, got ${describeValue(pinned)}.`);
  }
  // Each name is checked where the names are read (a generator is read once).
}
