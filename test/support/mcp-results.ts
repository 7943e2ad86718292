// What the tests of every MCP door read from a `tools/call` result.

/** The text blocks of an MCP `tools/call` result, joined. */
export function textOf(result: unknown): string {
  return (result as { content: Array<{ text?: string }> }).content.map((c) => c.text ?? '').join('');
}
