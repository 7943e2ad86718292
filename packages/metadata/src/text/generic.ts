import { GENERIC_WORD_LEVELS } from './generic-words';

let levels: Map<string, number> | undefined;

/**
 * How generic an English word is, from 0 (names a subject: 'petrol',
 * 'umbrella') to about 0.9 ('the', 'time'): the cosine of its word vector
 * with the centroid of the most frequent words' vectors (generic-words.ts,
 * generated from @victor-tools/semantic's vocabulary). Only words of 0.55 and
 * more are listed; any other word answers 0. Lower-case words, as typed.
 */
export function genericness(word: string): number {
  if (levels === undefined) {
    // Parsed on the first lookup: 1,500 words, well under a millisecond.
    const parsed = new Map<string, number>();
    for (const line of GENERIC_WORD_LEVELS) {
      const colon = line.indexOf(':');
      const level = Number(line.slice(0, colon)) / 100;
      for (const w of line.slice(colon + 1).split(' ')) parsed.set(w, level);
    }
    levels = parsed;
  }
  return levels.get(word) ?? 0;
}
