import { checkOptionKeys } from '@victor-tools/core/internal';
import { checkSandbox } from './search-option-keys';
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

/** Refuses an unknown option of `selectTools`/`selectToolsAsync` (`conversation`: of `selectToolsForConversation`). */
export function checkSelectOptions(owner: string, options: SelectToolsOptions, conversation = false): void {
  checkOptionKeys(owner, options, conversation ? CONVERSATION_SELECT_OPTION_KEYS : SELECT_OPTION_KEYS);
  checkSandbox(owner, options.sandbox);
}
