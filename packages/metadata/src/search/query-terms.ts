import { genericness } from '../text/generic';
import { isStopWord } from '../text/stop-words';
import { stemWord, type Term } from '../text/tokenize';
import { phraseKey } from './fields';
import type { RankingParameters } from './ranking';
import { agentNounBases, type Postings, type SearchIndex } from './search-index';

/** A term of a query as the index scores it. */
export interface QueryTerm {
  /** The query's word(s) it comes from, for reasons. */
  readonly word: string;
  /** The index term it reaches. */
  readonly stem: string;
  readonly postings: Postings;
  /** Multiplies the term's BM25F weights. */
  readonly weight: number;
}

// Parts of a split compound are real words, not fragments ('photorealistic' is not 'pho' + 'torealistic').
const MIN_PART = 3;
// ... and no longer than this (Lucene's compound filters stop at 15 characters): a word
// is tried at a few dozen split points at most, however long it is.
const MAX_PART = 20;
// The most distinct request words tried for related stems, agent nouns and compounds,
// each at the cost of a few lookups: more than a request typed to an agent
// holds, so a pasted log or dump costs its words' lookups, not thousands of splits
// (Elasticsearch bounds a fuzzy term's variants the same way, `max_expansions`).
const MAX_VARIANT_WORDS = 64;
const LETTERS = /^[a-z]+$/;

/**
 * The two parts of `word` that are both index terms, the most even split
 * first ('website' -> web + site, 'photorealistic' -> photo + realistic).
 */
function splitCompound(word: string, index: SearchIndex): [string, string] | undefined {
  if (word.length > 2 * MAX_PART || !LETTERS.test(word)) return undefined;
  let best: [string, string] | undefined;
  let bestBalance = -1;
  const last = Math.min(MAX_PART, word.length - MIN_PART);
  for (let i = Math.max(MIN_PART, word.length - MAX_PART); i <= last; i++) {
    const left = word.slice(0, i);
    const right = word.slice(i);
    if (isStopWord(left) || isStopWord(right)) continue;
    const balance = Math.min(left.length, right.length);
    if (balance <= bestBalance) continue;
    if (index.get(stemWord(left)) && index.get(stemWord(right))) {
      best = [stemWord(left), stemWord(right)];
      bestBalance = balance;
    }
  }
  return best;
}

/** The weight of a request word by how generic it is (RankingParameters.generic). */
function specificity(word: string, generic: RankingParameters['generic']): number {
  const g = genericness(word);
  if (g <= generic.from) return 1;
  if (g >= generic.to) return generic.floor;
  return 1 - ((1 - generic.floor) * (g - generic.from)) / (generic.to - generic.from);
}

/**
 * The terms of a request (its `words`, as `analyze` gives them) against
 * `index`: each distinct stem once (a repeated word does not count twice),
 * weighted down the more generic it is in English
 * (`generic`: 'provide', 'planning') and the more tools share it (by
 * `commonness`, 0 by default: idf alone). A word also reaches the index's
 * stems that differ from it only in their endings ('financial' -> finance,
 * 'healthy' -> health; `SearchIndex.relatedStems`). A word the index lacks,
 * with no such relative, is tried as an agent noun ('finder' -> find), then
 * as the base of the index's agent nouns ('scan' -> scanner), then as a
 * compound ('website' -> web, site); two adjacent words reach their joined
 * form ('web site' -> website). Those variants weigh `variantWeight`; only
 * the first `MAX_VARIANT_WORDS` distinct words are tried. Two adjacent words
 * also reach the `phrases` field as a pair, in either order. Linear in the
 * number of words.
 */
export function queryTerms(words: readonly Term[], index: SearchIndex): QueryTerm[] {
  const { commonness, variantWeight, generic } = index.parameters;
  const n = index.size || 1;
  const terms: QueryTerm[] = [];
  const taken = new Set<string>();
  const add = (word: string, stem: string, weight: number): boolean => {
    if (taken.has(stem)) return false;
    const postings = index.get(stem);
    if (!postings) return false;
    taken.add(stem);
    terms.push({ word, stem, postings, weight: weight / (1 + (commonness * postings.docs.length) / n) });
    return true;
  };
  // Exact terms first: a variant never displaces a word the request holds itself.
  for (const { word, stem } of words) add(word, stem, specificity(word, generic));
  const queryStems = new Set(words.map((w) => w.stem));
  const tried = new Set<string>();
  for (const { word, stem } of words) {
    if (tried.has(stem)) continue;
    if (tried.size === MAX_VARIANT_WORDS) break;
    tried.add(stem);
    const weight = variantWeight * specificity(word, generic);
    // Other endings of the word ('financial' -> finance, 'healthy' -> health), whether or
    // not the index holds the word itself: a tool says 'finance' where a request says 'financial'.
    const related = index.relatedStems(stem).filter((other) => !queryStems.has(other));
    for (const other of related) add(word, other, weight);
    // Only a word the index lacks is tried further: one it holds keeps its own meaning
    // ('user' stays 'user' wherever 'use' is a term).
    if (related.length > 0 || index.get(stem) !== undefined) continue;
    const base = agentNounBases(word).find((candidate) => index.get(stemWord(candidate)) !== undefined);
    if (base !== undefined) {
      add(word, stemWord(base), weight);
      continue;
    }
    const nouns = index.agentNounsOf(stem).filter((noun) => !queryStems.has(noun));
    for (const noun of nouns) add(word, noun, weight);
    if (nouns.length > 0) continue;
    const parts = splitCompound(word, index);
    if (parts) for (const part of parts) add(word, part, weight);
  }
  // The pair's own text is made only for a pair the index holds: a long request has many.
  for (let i = 0; i + 1 < words.length; i++) {
    const first = words[i];
    const second = words[i + 1];
    const joined = stemWord(first.word + second.word);
    if (!queryStems.has(joined) && index.get(joined) !== undefined) add(`${first.word} ${second.word}`, joined, variantWeight);
    if (first.stem === second.stem) continue;
    const phrase = phraseKey(first.stem, second.stem);
    // A pair of generic words ('make sure', 'provide specific') is as generic as they are.
    const weight = specificity(first.word, generic) * specificity(second.word, generic);
    if (index.get(phrase) !== undefined) add(`${first.word} ${second.word}`, phrase, weight);
  }
  return terms;
}
