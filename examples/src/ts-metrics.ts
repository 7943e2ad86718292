import ts from 'typescript';

/** Complexity of one function. */
export interface FunctionMetrics {
  name: string;
  line: number;
  complexity: number;
}

/** Line counts of one source text: every line is exactly one of code, comment only, or blank. */
export interface LineCounts {
  lines: number;
  codeLines: number;
  commentLines: number;
  blankLines: number;
}

/** What one source file measures to. */
export interface SourceMetrics extends LineCounts {
  functions: FunctionMetrics[];
}

const DECISION_OPERATORS = new Set([
  ts.SyntaxKind.AmpersandAmpersandToken,
  ts.SyntaxKind.BarBarToken,
  ts.SyntaxKind.QuestionQuestionToken,
  ts.SyntaxKind.AmpersandAmpersandEqualsToken,
  ts.SyntaxKind.BarBarEqualsToken,
  ts.SyntaxKind.QuestionQuestionEqualsToken,
]);

/** Whether a node adds a path: if, loops, case, catch, ?:, &&, ||, ?? (McCabe). */
function isDecision(node: ts.Node): boolean {
  switch (node.kind) {
    case ts.SyntaxKind.IfStatement:
    case ts.SyntaxKind.ForStatement:
    case ts.SyntaxKind.ForInStatement:
    case ts.SyntaxKind.ForOfStatement:
    case ts.SyntaxKind.WhileStatement:
    case ts.SyntaxKind.DoStatement:
    case ts.SyntaxKind.CaseClause:
    case ts.SyntaxKind.CatchClause:
    case ts.SyntaxKind.ConditionalExpression:
      return true;
    case ts.SyntaxKind.BinaryExpression:
      return DECISION_OPERATORS.has((node as ts.BinaryExpression).operatorToken.kind);
    default:
      return false;
  }
}

function functionName(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText(source);
  return '<anonymous>';
}

function hasBody(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body !== undefined;
}

/** Cyclomatic complexity (1 + decisions) of every function, nested functions counted on their own. */
export function functionComplexities(source: ts.SourceFile): FunctionMetrics[] {
  const result: FunctionMetrics[] = [];
  function measure(fn: ts.FunctionLikeDeclaration): void {
    let complexity = 1;
    const walk = (node: ts.Node): void => {
      if (hasBody(node)) {
        measure(node);
        return;
      }
      if (isDecision(node)) complexity += 1;
      ts.forEachChild(node, walk);
    };
    if (fn.body) ts.forEachChild(fn.body, walk);
    result.push({ name: functionName(fn, source), line: source.getLineAndCharacterOfPosition(fn.getStart(source)).line + 1, complexity });
  }
  const visit = (node: ts.Node): void => {
    if (hasBody(node)) measure(node);
    else ts.forEachChild(node, visit);
  };
  visit(source);
  return result.sort((a, b) => a.line - b.line);
}

/** Where string, template, regular expression and JSX text literals lie: inside them `//` is no comment. */
function literalRanges(source: ts.SourceFile): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isRegularExpressionLiteral(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) {
      ranges.push([node.getStart(source), node.end]);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return ranges.sort((a, b) => a[0] - b[0]);
}

/**
 * Code, comment-only and blank lines in one linear pass over the text. The
 * parse tree gives only where the literals are: everything outside them
 * that starts with `//` or `/*` is a comment, any other non-blank character
 * is code. A line with both is a code line; a blank line inside a block
 * comment is a comment line.
 */
export function lineCounts(text: string, source = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true)): LineCounts {
  const all = text.split('\n');
  const lines = text.endsWith('\n') ? all.length - 1 : all.length;
  const code = new Uint8Array(all.length);
  const comment = new Uint8Array(all.length);
  const ranges = literalRanges(source);
  let line = 0;
  let next = 0;
  const mark = (kind: Uint8Array, from: number, to: number) => {
    for (let i = from; i < to; i++) {
      if (text.charCodeAt(i) === 10) line++;
      else if (text.charCodeAt(i) > 32) kind[line] = 1;
    }
  };
  let i = 0;
  while (i < text.length) {
    while (next < ranges.length && ranges[next]![1] <= i) next++;
    const range = ranges[next];
    if (range && range[0] === i) {
      mark(code, i, range[1]);
      i = range[1];
      continue;
    }
    const char = text.charCodeAt(i);
    if (char === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      const end = text.indexOf('\n', i);
      mark(comment, i, end < 0 ? text.length : end);
      i = end < 0 ? text.length : end;
    } else if (char === 47 && text.charCodeAt(i + 1) === 42 /* * */) {
      const close = text.indexOf('*/', i + 2);
      const end = close < 0 ? text.length : close + 2;
      const first = line;
      mark(comment, i, end);
      // Every line the block spans is a comment line, blank ones inside it too.
      for (let l = first; l <= line; l++) comment[l] = 1;
      i = end;
    } else {
      if (char === 10) line++;
      else if (char > 32) code[line] = 1;
      i++;
    }
  }
  let codeLines = 0;
  let commentLines = 0;
  for (let l = 0; l < lines; l++) {
    if (code[l]) codeLines++;
    else if (comment[l]) commentLines++;
  }
  return { lines, codeLines, commentLines, blankLines: lines - codeLines - commentLines };
}

/** The metrics of one JavaScript or TypeScript file's text (`file` picks the dialect). */
export function measureTypeScript(file: string, text: string): SourceMetrics {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.jsx') ? ts.ScriptKind.JSX : /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  return { ...lineCounts(text, source), functions: functionComplexities(source) };
}
