// A glob matcher without regular expressions. picomatch (and minimatch)
// compile `*` to a lazy regex group, and a pattern of a few stars then
// backtracks exponentially: `*a*a*a*a*a*a*a*ab` against a 60-character name
// took 22 s in picomatch 4.0.7. A model writes the pattern, so matching here
// is the classic two-pointer wildcard algorithm: O(pattern x name) at worst.

/** The longest pattern accepted, in characters. */
export const MAX_PATTERN_LENGTH = 1024;
/** The most alternatives `{a,b}` braces may expand to. */
export const MAX_ALTERNATIVES = 64;

type Token =
  | { kind: 'char'; char: string }
  | { kind: 'any' }
  | { kind: 'star' }
  | { kind: 'class'; negated: boolean; ranges: Array<[string, string]> };

/** One path segment's tokens, or `**` (any number of segments). */
type Segment = Token[] | 'globstar';

/** A compiled glob pattern. */
export interface Glob {
  /** Whether the pattern holds a `/`: it then matches paths, otherwise names. */
  readonly matchesPaths: boolean;
  /** Whether `text` (a name, or a `/`-separated relative path) matches. */
  matches(text: string): boolean;
  /** Whether a directory at `parts` (path segments) may hold a match, so the walk should enter it. */
  mayContain(parts: readonly string[]): boolean;
}

/** `[...]` starting at `start` (the `[`), or undefined when it does not close: then `[` is literal. */
function parseClass(chars: string[], start: number): { token: Token; end: number } | undefined {
  let i = start + 1;
  const negated = chars[i] === '!' || chars[i] === '^';
  if (negated) i++;
  const ranges: Array<[string, string]> = [];
  let first = true;
  while (i < chars.length && (chars[i] !== ']' || first)) {
    const low = chars[i]!;
    if (chars[i + 1] === '-' && i + 2 < chars.length && chars[i + 2] !== ']') {
      ranges.push([low, chars[i + 2]!]);
      i += 3;
    } else {
      ranges.push([low, low]);
      i++;
    }
    first = false;
  }
  if (i >= chars.length) return undefined;
  return { token: { kind: 'class', negated, ranges }, end: i };
}

function tokenize(segment: string): Token[] {
  const chars = Array.from(segment);
  const tokens: Token[] = [];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    if (char === '*') {
      if (tokens[tokens.length - 1]?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (char === '?') {
      tokens.push({ kind: 'any' });
    } else if (char === '[') {
      const parsed = parseClass(chars, i);
      if (parsed) {
        tokens.push(parsed.token);
        i = parsed.end;
      } else {
        tokens.push({ kind: 'char', char });
      }
    } else {
      tokens.push({ kind: 'char', char });
    }
  }
  return tokens;
}

function matchesOne(token: Token, char: string): boolean {
  if (token.kind === 'any') return true;
  if (token.kind === 'char') return token.char === char;
  if (token.kind === 'class') return token.ranges.some(([low, high]) => char >= low && char <= high) !== token.negated;
  return false;
}

/**
 * Whether `items` match `pattern`, where `isStar` items match any run of
 * items and others match one item each: on a mismatch, only the last star
 * takes one more item, which is enough for stars (a later star can absorb
 * whatever an earlier one would have), so no choice is ever revisited twice.
 */
function wildcardMatch<P, I>(pattern: readonly P[], items: readonly I[], isStar: (p: P) => boolean, one: (p: P, item: I) => boolean): boolean {
  let p = 0;
  let i = 0;
  let starP = -1;
  let starI = 0;
  while (i < items.length) {
    if (p < pattern.length && isStar(pattern[p]!)) {
      starP = p++;
      starI = i;
    } else if (p < pattern.length && one(pattern[p]!, items[i]!)) {
      p++;
      i++;
    } else if (starP >= 0) {
      p = starP + 1;
      i = ++starI;
    } else {
      return false;
    }
  }
  while (p < pattern.length && isStar(pattern[p]!)) p++;
  return p === pattern.length;
}

function matchSegment(tokens: readonly Token[], text: string): boolean {
  return wildcardMatch(tokens, Array.from(text), (t) => t.kind === 'star', matchesOne);
}

function matchSegments(segments: readonly Segment[], parts: readonly string[]): boolean {
  return wildcardMatch(segments, parts, (s) => s === 'globstar', (s, part) => s !== 'globstar' && matchSegment(s, part));
}

/** The first top-level `{...}` holding a top-level comma: its bounds and its comma-separated parts. */
function firstBraces(pattern: string): { start: number; end: number; parts: string[] } | undefined {
  for (let start = pattern.indexOf('{'); start >= 0; start = pattern.indexOf('{', start + 1)) {
    let depth = 0;
    const commas: number[] = [];
    for (let i = start; i < pattern.length; i++) {
      const char = pattern[i];
      if (char === '{') depth++;
      else if (char === ',' && depth === 1) commas.push(i);
      else if (char === '}' && --depth === 0) {
        if (commas.length === 0) break;
        const bounds = [start, ...commas, i];
        return { start, end: i, parts: bounds.slice(1).map((b, k) => pattern.slice(bounds[k]! + 1, b)) };
      }
    }
  }
  return undefined;
}

/** `{a,b}` alternatives expanded (nested ones too), at most MAX_ALTERNATIVES; unbalanced braces stay literal. */
export function expandBraces(pattern: string): string[] {
  const done: string[] = [];
  const pending = [pattern];
  while (pending.length > 0) {
    const next = pending.pop()!;
    const braces = firstBraces(next);
    if (!braces) {
      done.push(next);
    } else {
      for (const part of braces.parts.reverse()) pending.push(next.slice(0, braces.start) + part + next.slice(braces.end + 1));
    }
    if (done.length + pending.length > MAX_ALTERNATIVES) throw new Error(`Pattern has more than ${MAX_ALTERNATIVES} {a,b} alternatives`);
  }
  return done;
}

function compileAlternative(pattern: string): Segment[] {
  return pattern
    .split('/')
    .filter((s) => s !== '')
    .map((s) => (s === '**' ? 'globstar' : tokenize(s)));
}

/**
 * Compiles a glob: `*` (any run of characters but `/`), `?` (one
 * character), `[abc]`, `[a-z]`, `[!x]` classes, `{a,b}` alternatives, and
 * `**` as a whole segment for any number of directories. A pattern without
 * `/` matches names; with `/` it matches paths relative to where the search
 * starts. Dot files are matched like any other (as Python's fnmatch does).
 */
export function compileGlob(pattern: string): Glob {
  if (pattern.length > MAX_PATTERN_LENGTH) throw new Error(`Pattern is too long: at most ${MAX_PATTERN_LENGTH} characters`);
  const expanded = expandBraces(pattern);
  const matchesPaths = pattern.includes('/');
  const names = matchesPaths ? [] : expanded.map(tokenize);
  const alternatives = matchesPaths ? expanded.map(compileAlternative) : [];
  return {
    matchesPaths,
    matches(text) {
      if (!matchesPaths) return names.some((tokens) => matchSegment(tokens, text));
      const parts = text.split('/');
      return alternatives.some((segments) => matchSegments(segments, parts));
    },
    mayContain(parts) {
      if (!matchesPaths) return true;
      return alternatives.some((segments) => {
        for (let i = 0; i < parts.length; i++) {
          const segment = segments[i];
          if (segment === undefined) return false;
          if (segment === 'globstar') return true;
          if (!matchSegment(segment, parts[i]!)) return false;
        }
        return parts.length < segments.length;
      });
    },
  };
}
