const NOTE = /\n\[cut: (\d+) of (\d+) characters left out, over the limit of (\d+)\]$/;

/**
 * Asserts that `text` is `original` as an MCP door cuts it under `limit`: a
 * prefix of it and the line saying how much was left out, the whole at most
 * `limit` characters, giving up no more than the line's room.
 */
export function expectCut(text: string, original: string, limit: number): void {
  const note = NOTE.exec(text);
  expect(note).not.toBeNull();
  const kept = text.length - note![0].length;
  expect({ cut: Number(note![1]), of: Number(note![2]), limit: Number(note![3]) }).toEqual({ cut: original.length - kept, of: original.length, limit });
  expect(text.length).toBeLessThanOrEqual(limit);
  expect(kept).toBeGreaterThanOrEqual(limit - note![0].length - 1);
  expect(text.slice(0, kept)).toBe(original.slice(0, kept));
}
