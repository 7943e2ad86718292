// "Did you mean" for an unknown tool name or option key. A tiny edit distance
// rather than a dependency: it runs only on a miss, over a few dozen short
// names, so speed does not matter and core's dependencies stay ajv,
// ajv-formats, TypeBox and the tokenizer.

/**
 * The edit distance between `a` and `b` (optimal string alignment):
 * insertions, deletions, substitutions and swaps of neighbours count one
 * each, so a typo like `minLenght` is one edit from `minLength`.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  // Three rows: the one before the previous is needed for a swap.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = new Array<number>(b.length + 1);
  let current = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        current[j] = Math.min(current[j], before[j - 2] + 1);
      }
    }
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length];
}

/**
 * Up to `limit` known names close to `wanted` (case-insensitive): within an
 * edit distance of a third of the longer name (at least 2), or containing
 * one another. Closest first, then alphabetical.
 */
export function suggestNames(wanted: string, known: Iterable<string>, limit = 3): string[] {
  const target = wanted.toLowerCase();
  if (target.length === 0 || target.length > 200) return [];
  const scored: Array<{ name: string; distance: number }> = [];
  for (const name of known) {
    const candidate = name.toLowerCase();
    const distance = editDistance(target, candidate);
    const allowed = Math.max(2, Math.floor(Math.max(target.length, candidate.length) / 3));
    const contains = target.length >= 3 && (candidate.includes(target) || target.includes(candidate));
    if (distance <= allowed || contains) scored.push({ name, distance });
  }
  scored.sort((x, y) => x.distance - y.distance || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  return scored.slice(0, limit).map((s) => s.name);
}
