/**
 * The tokenizer is loaded on first use, not at import: its o200k_base ranks
 * take about 300 ms to load, which every `import '@victor-tools/core'` (the
 * CLI's startup, a test file) would otherwise pay. The `encoding/o200k_base`
 * subpath resolves to the package's CommonJS build under `require` (this
 * package's build and jest alike) and ships its ranks, so nothing is fetched.
 */
type Tokenizer = typeof import('gpt-tokenizer/encoding/o200k_base');

let tokenizer: Tokenizer | undefined;

function getTokenizer(): Tokenizer {
  tokenizer ??= require('gpt-tokenizer/encoding/o200k_base') as Tokenizer;
  return tokenizer;
}

/** Treat text that looks like `<|endoftext|>` as text: a schema may mention it. */
const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * Tokens of `JSON.stringify(schema)` in the o200k_base encoding (GPT-4o and
 * later models), counted with a real BPE tokenizer (gpt-tokenizer), not a
 * characters-per-token guess. `undefined` counts 0; a cyclic value throws a
 * `TypeError`.
 */
export function estimateTokens(schema: unknown): number {
  let text: string | undefined;
  try {
    text = JSON.stringify(schema);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw new TypeError(`estimateTokens() needs a JSON-serializable schema: ${detail}`);
  }
  if (text === undefined) return 0;
  return getTokenizer().countTokens(text, AS_PLAIN_TEXT);
}
