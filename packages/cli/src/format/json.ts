import { UnserializableOutputError } from '../errors/unserializable-output-error';
import { cutText } from '@victor-tools/core/internal';

// JSON.stringify's message for a cycle runs over several lines naming the path: its first line says enough.
function firstLine(message: string): string {
  const line = message.split('\n', 1)[0]!;
  return cutText(line, 203);
}

/** Pretty JSON for stdout; a value JSON cannot hold (a BigInt, a cycle) is an `UnserializableOutputError`. */
export function toJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? 'null';
  } catch (error) {
    throw new UnserializableOutputError(firstLine(error instanceof Error ? error.message : String(error)));
  }
}
