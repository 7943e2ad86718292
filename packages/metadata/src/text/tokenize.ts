import { stem } from 'porter2';
import { isStopWord } from './stop-words';

const CAMEL_LOWER_UPPER = /([a-z0-9])([A-Z])/g;
const CAMEL_ACRONYM = /([A-Z]+)([A-Z][a-z])/g;
const NON_WORD = /[^a-z0-9]+/;

/**
 * Splits text and identifiers into lower-case words: snake_case, kebab-case,
 * camelCase, PascalCase and acronyms (`parseHTTPResponse` gives parse, http,
 * response) all break apart; punctuation separates words.
 */
export function splitWords(text: string): string[] {
  const spaced = text.replace(CAMEL_ACRONYM, '$1 $2').replace(CAMEL_LOWER_UPPER, '$1 $2').toLowerCase();
  return spaced.split(NON_WORD).filter((w) => w.length > 0);
}

/** Words worth keeping: no stop words, no single letters. */
export function contentWords(text: string): string[] {
  return splitWords(text).filter((w) => w.length > 1 && !isStopWord(w));
}

const stemCache = new Map<string, string>();

/** The Porter2 stem of a lower-case word ('searching' and 'search' share one), cached. */
export function stemWord(word: string): string {
  let stemmed = stemCache.get(word);
  if (stemmed === undefined) {
    // Numbers and short words pass unchanged: the stemmer would only damage them.
    stemmed = word.length <= 2 || /^\d+$/.test(word) ? word : stem(word);
    if (stemCache.size < 50_000) stemCache.set(word, stemmed);
  }
  return stemmed;
}

/** A term of the search index and of queries: the word as typed and its stem. */
export interface Term {
  readonly word: string;
  readonly stem: string;
}

/** The search terms of `text`: content words with their stems, in order. */
export function analyze(text: string): Term[] {
  return contentWords(text).map((word) => ({ word, stem: stemWord(word) }));
}
