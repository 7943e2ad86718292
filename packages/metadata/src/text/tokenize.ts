import { stem } from 'porter2';
import { LruCache, stringBytes } from '../lru-cache';
import { IRREGULAR_FORMS } from './irregular-forms';
import { isStopWord } from './stop-words';

const CAMEL_LOWER_UPPER = /([a-z0-9])([A-Z])/g;
// An acronym before a capitalized word (HTTPResponse): a space after the acronym's
// last capital. A lookahead, not `([A-Z]+)([A-Z][a-z])`, which backtracks over every
// run of capitals from each of its letters: quadratic (1.8 s for 40,000 capitals).
const CAMEL_ACRONYM = /([A-Z])(?=[A-Z][a-z])/g;
const WORD = /[a-z0-9]+/g;
const DIGITS = /^\d+$/;

/**
 * The longest word that is stemmed; a longer one is a search term as it is.
 * No English word comes near it, and Porter2's work and the stem cache grow
 * with the word: Lucene's KStem stems at most 50 characters, tantivy drops
 * tokens over 40 bytes. Index and requests pass through the same rule, so a
 * long identifier in a tool still matches itself.
 */
export const MAX_STEMMED_LENGTH = 64;

// Stems of words met lately (tools' and requests'), bounded in bytes: requests add
// words nobody will ask for again.
const STEM_CACHE_BYTES = 4 * 1024 * 1024;
const stemCache = new LruCache<string, string>(STEM_CACHE_BYTES, (word, stemmed) => stringBytes(word) + (stemmed === word ? 0 : stringBytes(stemmed)));

/**
 * The lower-case words of `text` that `keep` accepts, in order, up to `max`
 * of them: the text past the last one is never cut into words.
 */
function wordsOf(text: string, keep: (word: string) => boolean, max: number): string[] {
  const spaced = text.replace(CAMEL_ACRONYM, '$1 ').replace(CAMEL_LOWER_UPPER, '$1 $2').toLowerCase();
  const words: string[] = [];
  const pattern = new RegExp(WORD);
  for (let match = pattern.exec(spaced); match !== null && words.length < max; match = pattern.exec(spaced)) {
    if (keep(match[0])) words.push(match[0]);
  }
  return words;
}

const anyWord = (): boolean => true;
const isContentWord = (word: string): boolean => word.length > 1 && !isStopWord(word);

/**
 * Splits text and identifiers into lower-case words: snake_case, kebab-case,
 * camelCase, PascalCase and acronyms (`parseHTTPResponse` gives parse, http,
 * response) all break apart; punctuation separates words. Linear in the
 * length of the text.
 */
export function splitWords(text: string): string[] {
  return wordsOf(text, anyWord, Infinity);
}

/** Words worth keeping: no stop words, no single letters. */
export function contentWords(text: string): string[] {
  return wordsOf(text, isContentWord, Infinity);
}

/**
 * The Porter2 stem of a lower-case word ('searching' and 'search' share one),
 * cached; a common irregular form is stemmed as the word it inflects
 * ('children' as child, 'bought' as buy: irregular-forms.ts). Numbers, words of two letters and words longer than
 * `MAX_STEMMED_LENGTH` are their own stem.
 */
export function stemWord(word: string): string {
  if (word.length <= 2 || word.length > MAX_STEMMED_LENGTH) return word;
  let stemmed = stemCache.get(word);
  if (stemmed === undefined) {
    // The stemmer would only damage a number.
    stemmed = DIGITS.test(word) ? word : stem(IRREGULAR_FORMS.get(word) ?? word);
    stemCache.set(word, stemmed);
  }
  return stemmed;
}

/** A term of the search index and of queries: the word as typed and its stem. */
export interface Term {
  readonly word: string;
  readonly stem: string;
}

/** The search terms of `text`: content words with their stems, in order; the first `maxWords` of them. */
export function analyze(text: string, maxWords = Infinity): Term[] {
  return wordsOf(text, isContentWord, maxWords).map((word) => ({ word, stem: stemWord(word) }));
}
