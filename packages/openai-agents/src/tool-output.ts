/** A tool's output as the text of a message: a string as it is, anything else as JSON. */
export function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  try {
    return JSON.stringify(output) ?? String(output);
  } catch {
    // Cycles and BigInts have no JSON form; the model still gets something readable.
    return String(output);
  }
}
