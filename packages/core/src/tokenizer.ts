// The `@victor-tools/core/tokenizer` entry point: gpt-tokenizer's o200k_base
// encoding. The published build inlines it (only this encoding's ranks, about
// 2.7 MB, rather than the 30 MB gpt-tokenizer package with every encoding), and
// core's estimateTokens loads it on its first count, never at import.
//
// Loading this module also registers it for estimateTokens under a
// process-wide symbol, so that in a bundle, where core cannot load it by
// itself, `import '@victor-tools/core/tokenizer'` once is enough.
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { TOKEN_COUNTER } from './schema/token-counter-slot';

/** Text that looks like `<|endoftext|>` counts as text: a schema may mention it. */
const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/** Tokens of `text` in the o200k_base encoding (GPT-4o and later models). */
export function countTokens(text: string): number {
  return countO200k(text, AS_PLAIN_TEXT);
}

(globalThis as Record<symbol, unknown>)[TOKEN_COUNTER] = countTokens;
