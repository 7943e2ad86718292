import { cutText } from '../error-text';

/**
 * Abbreviations whose period does not end a sentence even before a capital
 * ("cf. Section 2", "vs. Git"), in any case. Dotted ones such as `e.g.`,
 * `i.e.`, `U.S.` are recognized by their shape. `etc.` is not here: before a
 * capital it usually does end the sentence, and before a lower-case word it
 * never counts as an end anyway.
 */
const ABBREVIATIONS = new Set(['al', 'approx', 'ca', 'cf', 'eg', 'esp', 'fig', 'ie', 'incl', 'resp', 'viz', 'vs']);

/**
 * Titles, abbreviations only as written before a name ("Dr. Smith", "St.
 * Louis"): in lower case they are units and words that do end a sentence
 * ("the timeout in ms. Returns ...").
 */
const TITLES = new Set(['Dr', 'Jr', 'Mr', 'Mrs', 'Ms', 'Prof', 'Sr', 'St']);

/** Letters with dots between them: e.g, i.e, u.s, a.m (the final dot already removed). */
const DOTTED_ABBREVIATION = /^(?:\p{L}\.)+\p{L}$/u;

/**
 * Candidate ends: terminal punctuation, closing quotes or brackets, then
 * whitespace; or a blank line (a paragraph break ends a sentence without a period).
 */
const CANDIDATE_END = /([.!?]+)(["'”’)\]]*)(?=\s)|\n[ \t]*\n/gu;

/**
 * Offsets just after each sentence's end in `text` (the last is
 * `text.length` when text remains). A period only ends a sentence when
 * whitespace follows (so `file.py` and `1.2.3` never do), the next word does
 * not start in lower case (so `etc. and` does not), and the word before it is
 * not an abbreviation (`e.g.`, `i.e.`, `vs.`).
 */
function sentenceEnds(text: string): number[] {
  const ends: number[] = [];
  for (const match of text.matchAll(CANDIDATE_END)) {
    const end = (match.index ?? 0) + match[0].length;
    if (match[1] !== undefined && !isSentenceEnd(text, match.index ?? 0, match[1], end)) continue;
    if (text.slice(ends.at(-1) ?? 0, end).trim()) ends.push(end);
  }
  if (text.slice(ends.at(-1) ?? 0).trim()) ends.push(text.length);
  return ends;
}

function isSentenceEnd(text: string, at: number, punctuation: string, end: number): boolean {
  const next = /\S/u.exec(text.slice(end));
  if (!next) return true;
  if (/\p{Ll}/u.test(next[0])) return false;
  if (punctuation !== '.') return true;
  const before = /(\S+)$/u.exec(text.slice(0, at));
  const word = (before?.[1] ?? '').replace(/^[("'“‘[]+/u, '');
  return !(ABBREVIATIONS.has(word.toLowerCase()) || TITLES.has(word) || DOTTED_ABBREVIATION.test(word));
}

/** Splits `text` into trimmed sentences; `e.g.`, `file.py` and `1.2.3` do not split. */
export function splitSentences(text: string): string[] {
  let start = 0;
  const sentences: string[] = [];
  for (const end of sentenceEnds(text)) {
    const sentence = text.slice(start, end).trim();
    if (sentence) sentences.push(sentence);
    start = end;
  }
  return sentences;
}

/**
 * The longest run of whole leading sentences that fits in `max` characters
 * (only the first sentence when `firstOnly`), or the hard cut of `cutText`
 * when even the first sentence does not fit.
 */
export function fitSentences(text: string, max: number, firstOnly = false): string {
  const trimmed = text.trim();
  if (!firstOnly && trimmed.length <= max) return trimmed;
  let best = '';
  for (const end of sentenceEnds(trimmed)) {
    const candidate = trimmed.slice(0, end).trim();
    if (candidate.length > max) break;
    best = candidate;
    if (firstOnly) break;
  }
  if (best) return best;
  return cutText(firstOnly ? (splitSentences(trimmed)[0] ?? '') : trimmed, max);
}
