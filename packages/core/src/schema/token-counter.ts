import { TOKEN_COUNTER } from './token-counter-slot';

export type CountTokens = (text: string) => number;

let counter: CountTokens | undefined;

// A variable, not a literal: bundlers follow `require('...')` and
// `module.require('...')` with a literal argument and would inline the ranks.
const TOKENIZER_ENTRY = '../tokenizer';

/**
 * The o200k counter, loaded on first use: its ranks take 100-300 ms to load,
 * which every `import '@victor-tools/core'` would otherwise pay. Node loads
 * the tokenizer entry with `module.require`, in a way bundlers do not follow,
 * so a bundle of the registry does not carry 2.7 MB of ranks it never uses; a
 * bundle that counts imports `@victor-tools/core/tokenizer` itself.
 */
export function tokenCounter(): CountTokens {
  if (counter !== undefined) return counter;
  const registry = globalThis as Record<symbol, unknown>;
  if (typeof registry[TOKEN_COUNTER] !== 'function' && typeof module !== 'undefined' && typeof module.require === 'function') {
    module.require(TOKENIZER_ENTRY);
  }
  const loaded = registry[TOKEN_COUNTER];
  if (typeof loaded !== 'function') {
    throw new Error(
      "Counting tokens needs the o200k tokenizer, which this bundle does not include: add `import '@victor-tools/core/tokenizer';` once, before counting",
    );
  }
  counter = loaded as CountTokens;
  return counter;
}
