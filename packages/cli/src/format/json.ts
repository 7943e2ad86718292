/** Pretty JSON for stdout; a value JSON cannot hold (a BigInt, a cycle) is described instead of crashing the command. */
export function toJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? 'null';
  } catch (error) {
    return JSON.stringify({ unserializable: String(value), reason: (error as Error).message }, null, 2);
  }
}
