import { genericness } from '../text/generic';
import { isStopWord } from '../text/stop-words';
import { analyze, stemWord } from '../text/tokenize';
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

/**
 * The two parts of `word` that are both index terms, the most even split
 * first ('website' -> web + site, 'photorealistic' -> photo + realistic).
 */
function splitCompound(word: string, index: SearchIndex): [string, string] | undefined {
  let best: [string, string] | undefined;
  let bestBalance = -1;
  for (let i = MIN_PART; i <= word.length - MIN_PART; i++) {
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
 * The terms of `query` against `index`: each distinct stem once (a repeated
 * word does not count twice), weighted down the more generic it is in English
 * (`generic`: 'provide', 'planning') and the more tools share it (by
 * `commonness`, 0 by default: idf alone). A word the index lacks is tried
 * as an agent noun ('finder' -> find), then as the base of the index's agent
 * nouns ('scan' -> scanner), then as a compound ('website' -> web, site);
 * two adjacent words reach their joined form ('web site' -> website). Those
 * variants weigh `variantWeight`. Two adjacent words also reach the
 * `phrases` field as a pair, in either order.
 */
export function queryTerms(query: string, index: SearchIndex): QueryTerm[] {
  const words = analyze(query);
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
  // Only a word the index lacks is tried otherwise: one it holds keeps its own meaning
  // ('user' stays 'user' wherever 'use' is a term).
  for (const { word, stem } of words) {
    if (index.get(stem) !== undefined) continue;
    const base = agentNounBases(word).find((candidate) => index.get(stemWord(candidate)) !== undefined);
    if (base !== undefined) {
      add(word, stemWord(base), variantWeight * specificity(word, generic));
      continue;
    }
    const nouns = index.agentNounsOf(stem).filter((noun) => !queryStems.has(noun));
    for (const noun of nouns) add(word, noun, variantWeight * specificity(word, generic));
    if (nouns.length > 0) continue;
    const parts = splitCompound(word, index);
    if (parts) for (const part of parts) add(word, part, variantWeight * specificity(word, generic));
  }
  for (let i = 0; i + 1 < words.length; i++) {
    const pair = `${words[i].word} ${words[i + 1].word}`;
    const joined = stemWord(words[i].word + words[i + 1].word);
    if (!queryStems.has(joined)) add(pair, joined, variantWeight);
    if (words[i].stem !== words[i + 1].stem) {
      // A pair of generic words ('make sure', 'provide specific') is as generic as they are.
      add(pair, phraseKey(words[i].stem, words[i + 1].stem), specificity(words[i].word, generic) * specificity(words[i + 1].word, generic));
    }
  }
  return terms;
}
