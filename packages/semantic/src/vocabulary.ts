import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Where the distilled vectors are installed: `data/` beside `dist/` (and `src/`). */
export const VECTORS_FILE = path.resolve(__dirname, '..', 'data', 'vectors.bin');

const MAGIC = 'VTWV';
const HEADER_BYTES = 16;

/**
 * The distilled word vectors (layout in scripts/distil.mjs): int8 components
 * with a scale per word, words by frequency, each word's rank in the source
 * vocabulary for its weight.
 */
export class Vocabulary {
  readonly count: number;
  readonly dimensions: number;
  readonly components: Int8Array;
  readonly scales: Float32Array;
  readonly ranks: Uint32Array;
  private readonly ids: Map<string, number>;
  readonly words: readonly string[];

  constructor(bytes: Uint8Array) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const magic = String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3]);
    if (bytes.byteLength < HEADER_BYTES || magic !== MAGIC || view.getUint32(4, true) !== 1) {
      throw new Error(`Not a victor-tools word-vector file (version 1); rebuild it with 'pnpm --filter @victor-tools/semantic distil'`);
    }
    this.count = view.getUint32(8, true);
    this.dimensions = view.getUint32(12, true);
    const scalesAt = HEADER_BYTES + this.count * this.dimensions;
    const ranksAt = scalesAt + this.count * 4;
    this.components = new Int8Array(bytes.buffer, bytes.byteOffset + HEADER_BYTES, this.count * this.dimensions);
    // DataView reads: the file is little-endian whatever the machine.
    this.scales = new Float32Array(this.count);
    this.ranks = new Uint32Array(this.count);
    for (let i = 0; i < this.count; i++) {
      this.scales[i] = view.getFloat32(scalesAt + i * 4, true);
      this.ranks[i] = view.getUint32(ranksAt + i * 4, true);
    }
    this.words = Buffer.from(bytes.buffer, bytes.byteOffset + ranksAt + this.count * 4).toString('utf8').split('\n');
    if (this.words.length !== this.count) throw new Error(`The word-vector file is damaged: ${this.words.length} words for ${this.count} vectors`);
    this.ids = new Map(this.words.map((word, id) => [word, id]));
  }

  /** The id of a lower-case word, if it is in the vocabulary. */
  idOf(word: string): number | undefined {
    return this.ids.get(word);
  }
}

let shared: Vocabulary | undefined;

/** The installed vocabulary, read once per process. */
export function installedVocabulary(): Vocabulary {
  return (shared ??= new Vocabulary(readFileSync(VECTORS_FILE)));
}
