// What V8 spends on one entry besides its key and value: the Map's slots and
// the record holding the value and its size (about 75 bytes on Node 20).
const ENTRY_BYTES = 80;

/**
 * The bytes a string takes, as an upper estimate: two per character (V8
 * stores Latin-1 strings in one) plus the string's header.
 */
export function stringBytes(text: string): number {
  return 2 * text.length + 16;
}

interface Entry<V> {
  readonly value: V;
  readonly bytes: number;
}

/**
 * A least-recently-used cache bounded by the bytes it holds, not by its
 * entry count: what it keeps is searched text, and one entry may be a word or
 * a megabyte. Two generations, as hashlru and quick-lru keep them: entries go
 * into the recent one; when it would pass half of `maxBytes`, it becomes the
 * older one and the previous older one is dropped whole; a hit in the older
 * one moves the entry back to the recent one. A hit costs one Map lookup (a
 * strict LRU reorders its Map on every hit, which took a third of the time
 * of analyzing a long request). `sizeOf` estimates a key and value; an entry over a
 * quarter of `maxBytes` is not kept at all, so one huge request cannot flush
 * the others. What is held never passes `maxBytes`.
 */
export class LruCache<K, V> {
  private recent = new Map<K, Entry<V>>();
  private older = new Map<K, Entry<V>>();
  private recentBytes = 0;
  private olderBytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (key: K, value: V) => number,
  ) {}

  /** The estimated bytes held. */
  get bytes(): number {
    return this.recentBytes + this.olderBytes;
  }

  get(key: K): V | undefined {
    const entry = this.recent.get(key);
    if (entry !== undefined) return entry.value;
    const old = this.older.get(key);
    if (old === undefined) return undefined;
    // Used again: it moves up, so it outlives the next turnover.
    this.older.delete(key);
    this.olderBytes -= old.bytes;
    this.add(key, old);
    return old.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const bytes = this.sizeOf(key, value) + ENTRY_BYTES;
    if (bytes <= this.maxBytes / 4) this.add(key, { value, bytes });
  }

  private add(key: K, entry: Entry<V>): void {
    if (this.recentBytes + entry.bytes > this.maxBytes / 2) {
      this.older = this.recent;
      this.olderBytes = this.recentBytes;
      this.recent = new Map();
      this.recentBytes = 0;
    }
    this.recent.set(key, entry);
    this.recentBytes += entry.bytes;
  }

  private delete(key: K): void {
    const entry = this.recent.get(key);
    if (entry !== undefined) {
      this.recent.delete(key);
      this.recentBytes -= entry.bytes;
    }
    const old = this.older.get(key);
    if (old !== undefined) {
      this.older.delete(key);
      this.olderBytes -= old.bytes;
    }
  }
}
