import { AgentMode, CostTier, SchemaLevel } from '@victor-tools/core';
import { capText, checkOptionKeys, describeValue, getSchemaRenderer, schemaRendererNames, valueOrKind } from '@victor-tools/core/internal';
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
 * of `selectToolsForConversation`), and one of the wrong kind, naming it (see
 * `checkConversationSelectOptions`). Such a value would otherwise select
 * nothing or everything in silence (`tokenBudget: NaN` turned the budget off).
 */
export function checkSelectOptions(owner: string, options: SelectToolsOptions, conversation = false): void {
  checkOptionKeys(owner, options, conversation ? CONVERSATION_SELECT_OPTION_KEYS : SELECT_OPTION_KEYS);
  checkValues(owner, options);
  if (conversation) checkConversationValues(owner, options as ConversationSelectOptions);
}

/**
 * Refuses, naming `owner` (the function the user called) and the option, a
 * value of `selectToolsForConversation`'s options of the wrong kind: `maxTools`
 * not a whole number of at least 0 (or Infinity), `tokenBudget` not a number
 * of at least 0 (or Infinity), `userTurns` not a whole number of at least 1,
 * `level`/`lowestLevel`/`mode`/`maxCostTier` not one of their values,
 * `stage`/`taskType`/`sandbox` not a string, `pinned` not a list of names,
 * `provider` neither a name nor a renderer, `keepCalled` not a boolean,
 * `metadataRegistry` not a `ToolMetadataRegistry`, `signal` not an
 * `AbortSignal`. Option names are not checked (a helper forwarding these
 * options has its own): for a helper (`victorPrepareStep`,
 * `victorToolSelection`) to refuse a wrong value when it is made rather than
 * at its first step.
 */
export function checkConversationSelectOptions(owner: string, options: ConversationSelectOptions): void {
  checkValues(owner, options);
  checkConversationValues(owner, options);
}

function checkValues(owner: string, options: SelectToolsOptions): void {
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
  if (typeof provider === 'string' && provider !== 'openai' && getSchemaRenderer(provider) === undefined) {
    const known = schemaRendererNames();
    throw new TypeError(
      `${owner}: no schema renderer named '${capText(provider)}'${known.length ? ` (registered: ${known.join(', ')})` : ''}. ` +
        `Import '@victor-tools/providers', which registers 'openai', 'anthropic', 'gemini' and 'mcp', or pass a SchemaRenderer.`,
    );
  }
  checkEnum(owner, 'level', options.level, (value) => SchemaLevel.from(value as never));
  checkEnum(owner, 'lowestLevel', options.lowestLevel, (value) => SchemaLevel.from(value as never));
  checkEnum(owner, 'mode', options.mode, (value) => AgentMode.from(value as never));
  checkEnum(owner, 'maxCostTier', options.maxCostTier, (value) => CostTier.from(value as never));
  const registry: unknown = options.metadataRegistry;
  if (registry !== undefined) {
    const methods = ['search', 'searchAsync', 'getTool', 'getMetadata', 'refreshFromTools'];
    const missing = methods.filter((method) => typeof (registry as Record<string, unknown> | null)?.[method] !== 'function');
    if (registry === null || typeof registry !== 'object' || missing.length > 0) {
      throw new TypeError(
        `${owner}: metadataRegistry must be a ToolMetadataRegistry, got ${describeValue(registry)}` +
          (registry !== null && typeof registry === 'object' ? ` without ${missing.join(', ')}.` : '.'),
      );
    }
  }
  const signal: unknown = options.signal;
  if (signal !== undefined && !(typeof signal === 'object' && signal !== null && typeof (signal as { aborted?: unknown }).aborted === 'boolean' && typeof (signal as { addEventListener?: unknown }).addEventListener === 'function')) {
    throw new TypeError(`${owner}: signal must be an AbortSignal, got ${describeValue(signal)}.`);
  }
}

function checkConversationValues(owner: string, options: ConversationSelectOptions): void {
  const userTurns: unknown = options.userTurns;
  if (userTurns !== undefined) {
    if (typeof userTurns !== 'number') throw new TypeError(`${owner}: userTurns must be a number, got ${describeValue(userTurns)}.`);
    if (!(Number.isInteger(userTurns) && userTurns >= 1)) throw new RangeError(`${owner}: userTurns must be a whole number of at least 1, got ${userTurns}.`);
  }
  const keepCalled: unknown = options.keepCalled;
  if (keepCalled !== undefined && typeof keepCalled !== 'boolean') throw new TypeError(`${owner}: keepCalled must be true or false, got ${describeValue(keepCalled)}.`);
}

/** Refuses an enum option the enum's `from` refuses, naming the owner and the option ('Invalid AgentMode value null' named neither). */
function checkEnum(owner: string, name: string, value: unknown, from: (value: unknown) => unknown): void {
  if (value === undefined) return;
  try {
    from(value);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new TypeError(`${owner}: ${name}: ${message}`);
  }
}

/** Refuses `pinned` unless it is a list (an array, a Set) of tool names: a string would be taken a character at a time. */
function checkPinned(owner: string, pinned: unknown): void {
  if (pinned === undefined) return;
  if (pinned === null || typeof pinned !== 'object' || typeof (pinned as Iterable<unknown>)[Symbol.iterator] !== 'function') {
    throw new TypeError(`${owner}: pinned must be an array of tool names, got ${describeValue(pinned)}.`);
  }
  // A list that can be read twice is checked here; a generator's names where they are read (it is read once).
  if (Array.isArray(pinned) || pinned instanceof Set) {
    for (const name of pinned as Iterable<unknown>) {
      if (typeof name !== 'string') throw new TypeError(`${owner}: pinned must hold tool names, got ${valueOrKind(name)}.`);
    }
  }
}
