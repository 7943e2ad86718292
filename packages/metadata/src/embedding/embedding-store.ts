import { nodeCrypto, nodeFs, nodePath } from '@victor-tools/core/internal';
import type { EmbeddingVector } from './embedding-vector';

/**
 * Where tools' vectors are kept beyond one process, so a restart with the
 * same tools embeds nothing again: `fileEmbeddingStore(path)` here,
 * `redisEmbeddingStore(connection)` in `@victor-tools/queue`, or your own.
 * Keys are fingerprints of what was embedded (`embeddingKey`: the
 * embedder's `id` and the text), so a changed description, or another
 * model, is a miss and is embedded anew. Either method may answer at once
 * or with a promise. The store is a cache: a `get` that throws or rejects
 * is a miss (the tools are embedded), a `set` that does is ignored (the
 * vectors stay in memory), and neither fails the search.
 */
export interface EmbeddingStore {
  /** The vectors kept under `keys`, in order; `undefined` where none is kept. */
  get(keys: readonly string[]): ReadonlyArray<EmbeddingVector | undefined> | Promise<ReadonlyArray<EmbeddingVector | undefined>>;
  /** Keeps `vectors[i]` under `keys[i]`. */
  set(keys: readonly string[], vectors: readonly Float32Array[]): void | Promise<void>;
}

/**
 * The key a tool's vector is stored under: the SHA-256 (hex) of the
 * embedder's `id` and the embedded text. A fingerprint rather than the text
 * itself, so keys have one size whatever a description holds.
 */
export function embeddingKey(embedderId: string, text: string): string {
  const crypto = nodeCrypto();
  if (crypto === undefined) throw new Error("An embedding store needs Node.js's 'node:crypto' to fingerprint what was embedded, which this platform does not have");
  return crypto.createHash('sha256').update(embedderId).update('\u0000').update(text).digest('hex');
}

const MAGIC = 'VTEMBED1';

/**
 * An `EmbeddingStore` in one file: read whole on first use, appended to
 * (one write per batch of new vectors) after. Records are
 * `[u32 key bytes][key][u32 dimensions][f32 x dimensions]`, little-endian,
 * after an 8-byte header; a record cut short by a crash mid-write is
 * ignored, and cut off the file before the next append, so the records
 * written after it read back whole (unless the file grew since it was read:
 * another process's records are never cut; one writer per file is the
 * supported use). The file's folder is created when
 * missing, one level at a time (a folder that cannot be made is an error
 * naming it: the store is then a miss, as any unusable path is). The file only grows: vectors of texts no longer embedded stay
 * until it is deleted (then everything is embedded once more).
 */
export function fileEmbeddingStore(file: string): EmbeddingStore {
  if (typeof file !== 'string' || file.length === 0) throw new TypeError('fileEmbeddingStore(file): file must be a non-empty path');
  let vectors: Map<string, Float32Array> | undefined;
  // Where the last whole record ends, when the file goes on past it (a record cut
  // short by a crash): the next append starts there, not after the partial bytes,
  // which would otherwise be read as the start of the appended record.
  let wholeUntil: number | undefined;
  // The file's length when it was read: a file that has grown since holds another writer's records, never cut.
  let loadedLength = 0;
  const load = (): Map<string, Float32Array> => {
    if (vectors !== undefined) return vectors;
    const fs = nodeFs();
    const loaded = new Map<string, Float32Array>();
    let bytes: Buffer | undefined;
    try {
      bytes = fs.readFileSync(file);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
    }
    // Missing, empty, or a header cut short by a crash as the file was created: start over.
    if (bytes === undefined || (bytes.length < MAGIC.length && MAGIC.startsWith(bytes.toString('latin1')))) {
      makeFolders(file);
      fs.writeFileSync(file, MAGIC);
    } else {
      if (bytes.subarray(0, MAGIC.length).toString('latin1') !== MAGIC) {
        throw new Error(`fileEmbeddingStore: '${file}' is not an embedding store (it does not start with ${MAGIC}); delete it or choose another path`);
      }
      let at = MAGIC.length;
      while (at + 4 <= bytes.length) {
        const keyBytes = bytes.readUInt32LE(at);
        const dimsAt = at + 4 + keyBytes;
        if (dimsAt + 4 > bytes.length) break;
        const dimensions = bytes.readUInt32LE(dimsAt);
        const end = dimsAt + 4 + dimensions * 4;
        if (end > bytes.length) break;
        const vector = new Float32Array(dimensions);
        for (let d = 0; d < dimensions; d++) vector[d] = bytes.readFloatLE(dimsAt + 4 + d * 4);
        loaded.set(bytes.subarray(at + 4, dimsAt).toString('utf8'), vector);
        at = end;
      }
      if (at < bytes.length) wholeUntil = at;
      loadedLength = bytes.length;
    }
    vectors = loaded;
    return loaded;
  };
  return {
    get(keys) {
      const kept = load();
      return keys.map((key) => kept.get(key));
    },
    set(keys, values) {
      const kept = load();
      const records: Buffer[] = [];
      keys.forEach((key, i) => {
        const vector = values[i];
        // A vector the registry took as a miss (NaN, zero, another length) is replaced:
        // appended again, the later record wins when the file is read.
        const old = kept.get(key);
        if (old !== undefined && old.length === vector.length && old.every((x, d) => x === Math.fround(vector[d]))) return;
        const keyBuffer = Buffer.from(key, 'utf8');
        const record = Buffer.alloc(8 + keyBuffer.length + vector.length * 4);
        record.writeUInt32LE(keyBuffer.length, 0);
        keyBuffer.copy(record, 4);
        record.writeUInt32LE(vector.length, 4 + keyBuffer.length);
        for (let d = 0; d < vector.length; d++) record.writeFloatLE(vector[d], 8 + keyBuffer.length + d * 4);
        records.push(record);
        kept.set(key, vector);
      });
      if (records.length === 0) return;
      const fs = nodeFs();
      if (wholeUntil !== undefined) {
        if (fs.statSync(file).size === loadedLength) fs.truncateSync(file, wholeUntil);
        wholeUntil = undefined;
      }
      fs.appendFileSync(file, Buffer.concat(records));
    },
  };
}

/**
 * Creates the missing folders of `file`'s path, one level at a time from the
 * deepest one that exists. Not `mkdirSync(dir, { recursive: true })`: under
 * a folder no one can create in (such as /proc) that call loops forever,
 * holding the event loop; here the first level that cannot be made throws,
 * naming it.
 */
function makeFolders(file: string): void {
  const fs = nodeFs();
  const path = nodePath();
  const missing: string[] = [];
  for (let folder = path.dirname(path.resolve(file)); !fs.existsSync(folder); ) {
    missing.push(folder);
    const parent = path.dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  for (const folder of missing.reverse()) {
    try {
      fs.mkdirSync(folder);
    } catch (error) {
      // Another process made it meanwhile.
      if ((error as { code?: unknown }).code === 'EEXIST' && fs.statSync(folder).isDirectory()) continue;
      throw new Error(`fileEmbeddingStore: cannot create the folder '${folder}' for '${file}': ${(error as Error).message}`);
    }
  }
}
