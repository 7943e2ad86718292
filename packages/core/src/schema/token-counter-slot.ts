/** Where the tokenizer entry point (../tokenizer.ts) registers its counter for estimateTokens. */
export const TOKEN_COUNTER = Symbol.for('victor-tools.core.o200k-token-counter');
