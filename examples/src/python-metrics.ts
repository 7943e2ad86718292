import type { FunctionMetrics, SourceMetrics } from './ts-metrics';

// Python has no parser on npm worth a dependency for an example, so this is
// a small line scanner: it knows strings (single, triple-quoted, with
// escapes), comments, brackets and backslash continuations, which is all
// that counting lines and finding `def` blocks by indentation needs.

/** What the scanner found on one line. */
interface ScannedLine {
  /** The line with comments removed and string contents emptied, so keywords inside them are not seen. */
  clean: string;
  code: boolean;
  comment: boolean;
  /** The line continues a statement (open bracket, open string or a trailing backslash above it). */
  continuation: boolean;
  /** Leading indentation, tabs to the next multiple of 8 as Python reads them. */
  indent: number;
}

const DECISION = /\b(?:if|elif|for|while|except|case|and|or)\b/g;
const DEF = /^\s*(?:async\s+)?def\s+([A-Za-z_]\w*)/;

function indentOf(line: string): number {
  let width = 0;
  for (const char of line) {
    if (char === ' ') width++;
    else if (char === '\t') width = (Math.floor(width / 8) + 1) * 8;
    else if (char !== '\f') break;
  }
  return width;
}

function scan(lines: readonly string[]): ScannedLine[] {
  const scanned: ScannedLine[] = [];
  let quote: string | undefined;
  let depth = 0;
  let backslash = false;
  for (const raw of lines) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const continuation = quote !== undefined || depth > 0 || backslash;
    let code = quote !== undefined;
    let comment = false;
    let clean = '';
    let i = 0;
    while (i < line.length) {
      const char = line[i]!;
      if (quote !== undefined) {
        if (char === '\\') i += 2;
        else if (line.startsWith(quote, i)) {
          i += quote.length;
          clean += `${quote}${quote}`;
          quote = undefined;
        } else i++;
        continue;
      }
      if (char === '#') {
        comment = true;
        break;
      }
      if (char === '"' || char === "'") {
        quote = line.startsWith(char.repeat(3), i) ? char.repeat(3) : char;
        i += quote.length;
        code = true;
        continue;
      }
      if (char === '(' || char === '[' || char === '{') depth++;
      else if ((char === ')' || char === ']' || char === '}') && depth > 0) depth--;
      if (char.trim() !== '') code = true;
      clean += char;
      i++;
    }
    if (quote !== undefined) {
      code = true;
      // A one-quote string cannot span lines (without a backslash): the source is broken, start afresh.
      if (quote.length === 1 && !line.endsWith('\\')) quote = undefined;
    }
    backslash = quote === undefined && !comment && clean.endsWith('\\');
    scanned.push({ clean, code, comment, continuation, indent: indentOf(line) });
  }
  return scanned;
}

function decisions(text: string): number {
  return text.match(DECISION)?.length ?? 0;
}

/**
 * Line counts and the cyclomatic complexity of every function (`def`) of a
 * Python source: 1 plus each if, elif, for, while, except, case, and, or
 * (comprehensions and conditional expressions included), a nested function
 * counted on its own. Strings count as code, docstrings too.
 */
export function measurePython(text: string): SourceMetrics {
  const all = text.split('\n');
  const lineCount = text.endsWith('\n') ? all.length - 1 : all.length;
  const scanned = scan(all.slice(0, lineCount));
  const functions: FunctionMetrics[] = [];
  const open: Array<{ indent: number; metrics: FunctionMetrics }> = [];
  let codeLines = 0;
  let commentLines = 0;
  scanned.forEach((line, index) => {
    if (line.code) codeLines++;
    else if (line.comment) commentLines++;
    if (!line.code) return;
    if (!line.continuation) {
      while (open.length > 0 && open[open.length - 1]!.indent >= line.indent) open.pop();
      const def = DEF.exec(line.clean);
      if (def) {
        const metrics: FunctionMetrics = { name: def[1]!, line: index + 1, complexity: 1 + decisions(line.clean.slice(def[0].length)) };
        functions.push(metrics);
        open.push({ indent: line.indent, metrics });
        return;
      }
    }
    const current = open[open.length - 1];
    if (current) current.metrics.complexity += decisions(line.clean);
  });
  return { lines: lineCount, codeLines, commentLines, blankLines: lineCount - codeLines - commentLines, functions };
}
