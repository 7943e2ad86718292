/**
 * English stop words dropped from keywords, indexes and queries.
 *
 * A small curated list rather than the `stopword` package: that package
 * bundles 62 languages (237 KB, ~9 ms to require) and ships no type
 * declarations, for an English list of about a hundred words. This one holds
 * the usual function words plus the filler of requests typed to an agent
 * ("please", "I want to", "can you"). Words that carry meaning for tools
 * ("find", "show", "run", "list", "new", "open", "up", "out") are kept.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'about', 'above', 'after', 'again', 'against', 'all', 'also', 'am', 'an', 'and', 'any', 'are', 'as', 'at',
  'be', 'because', 'been', 'before', 'being', 'below', 'both', 'but', 'by',
  'can', 'could', 'did', 'do', 'does', 'doing', 'done', 'during',
  'each', 'either', 'etc', 'even', 'ever', 'every', 'few', 'for', 'from', 'further',
  'had', 'has', 'have', 'having', 'he', 'her', 'here', 'hers', 'him', 'his', 'how',
  'i', 'if', 'in', 'into', 'is', 'it', 'its', 'itself', 'just', 'let', 'lets', 'may', 'me', 'might', 'more', 'most',
  'must', 'my', 'myself', 'need', 'needs', 'nor', 'of', 'off', 'on', 'once', 'only', 'or', 'other', 'our', 'ours',
  'please', 'quite', 'rather', 'really', 'same', 'shall', 'she', 'should', 'so', 'some', 'somehow', 'something',
  'such', 'than', 'that', 'the', 'their', 'theirs', 'them', 'then', 'there', 'these', 'they', 'this', 'those',
  'through', 'thus', 'to', 'too', 'us', 'very', 'via', 'want', 'wants', 'was', 'we', 'were', 'what', 'when',
  'where', 'whether', 'which', 'while', 'who', 'whom', 'whose', 'why', 'will', 'with', 'within', 'would',
  'you', 'your', 'yours', 'yourself',
]);

/** Whether `word` (lower-case) is a stop word. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}
