/** JSON data: what `toJsonValue` answers. */
export type JsonValue = null | string | number | boolean | JsonValue[] | { [key: string]: JsonValue };

/** The text of a failed result that carries no message of its own. */
const FAILED_CALL = 'Tool call failed';

/**
 * What a model reads of a call's result: the output as text (`outputText`)
 * when it succeeded, else its error message. Takes any result-shaped object
 * (a `ToolResult`, or its JSON read back).
 */
export function resultText(result: { readonly success?: unknown; readonly output?: unknown; readonly error?: unknown }): string {
  if (result.success === true) return outputText(result.output);
  return typeof result.error === 'string' ? result.error : FAILED_CALL;
}

/** A tool's output as the text of a message: a string as it is, anything else as JSON (its `String()` when JSON cannot carry it). */
export function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  try {
    return JSON.stringify(output) ?? String(output);
  } catch {
    // Cycles and BigInts have no JSON form; the model still gets something readable.
    return String(output);
  }
}

/** A value as JSON data: `null` for `undefined`, a JSON copy otherwise (its `String()` when JSON cannot carry it). */
export function toJsonValue(value: unknown): JsonValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  try {
    const text = JSON.stringify(value);
    return text === undefined ? null : (JSON.parse(text) as JsonValue);
  } catch {
    // Cycles and BigInts have no JSON form; the model still gets something readable.
    return String(value);
  }
}
