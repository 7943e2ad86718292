import { readFile, stat } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { Type } from '@sinclair/typebox';
import { tool } from '@victor-tools/decorators';
import { glob } from 'tinyglobby';
import ts from 'typescript';

/** Complexity of one function. */
export interface FunctionMetrics {
  name: string;
  line: number;
  complexity: number;
}

/** Metrics of one source file. */
export interface FileMetrics {
  file: string;
  lines: number;
  codeLines: number;
  commentLines: number;
  blankLines: number;
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

/** Lines holding code, lines holding only comments, and blank lines, from the TypeScript scanner. */
export function lineCounts(text: string): { lines: number; codeLines: number; commentLines: number; blankLines: number } {
  const source = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true);
  const code = new Set<number>();
  const comments = new Set<number>();
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const markComments = (pos: number) => {
    for (const range of ts.getLeadingCommentRanges(text, pos) ?? []) {
      for (let line = lineOf(range.pos); line <= lineOf(range.end); line++) comments.add(line);
    }
  };
  const visit = (node: ts.Node): void => {
    // getChildren() includes JSDoc nodes, whose tokens are comments, not code.
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) {
      for (let line = lineOf(node.getStart(source)); line <= lineOf(node.getEnd()); line++) comments.add(line);
      return;
    }
    if (node.getChildCount(source) === 0) {
      markComments(node.getFullStart());
      if (node.kind !== ts.SyntaxKind.EndOfFileToken) for (let line = lineOf(node.getStart(source)); line <= lineOf(node.getEnd()); line++) code.add(line);
      return;
    }
    node.getChildren(source).forEach(visit);
  };
  visit(source);
  const all = text.split('\n');
  const lines = text.endsWith('\n') ? all.length - 1 : all.length;
  let blankLines = 0;
  for (let i = 0; i < lines; i++) if (all[i]!.trim() === '') blankLines++;
  const commentOnly = [...comments].filter((line) => !code.has(line) && line < lines).length;
  return { lines, codeLines: code.size, commentLines: commentOnly, blankLines };
}

/** The metrics of one file's text. */
export function measureSource(file: string, text: string): FileMetrics {
  const kind = /\.[cm]?jsx?$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  return { file, ...lineCounts(text), functions: functionComplexities(source) };
}

/** code_metrics: lines of code, comment lines and per-function cyclomatic complexity of .ts/.js files. */
export const codeMetrics = tool(
  {
    name: 'code_metrics',
    description:
      'Measure .ts/.js source files: lines of code, comment lines, and the cyclomatic complexity of every function, computed with the TypeScript compiler.',
    parameters: Type.Object(
      {
        path: Type.String({ description: 'A file or directory, relative to the working directory', format: 'path' }),
        maxFiles: Type.Optional(Type.Integer({ description: 'Most files to measure', minimum: 1, default: 50 })),
      },
      { additionalProperties: false },
    ),
    category: 'analysis',
    keywords: ['metrics', 'complexity', 'lines', 'code'],
    accessMode: 'readonly',
    executionCategory: 'compute',
    isIdempotent: true,
  },
  async ({ path, maxFiles = 50 }) => {
    const target = resolve(path);
    const files = (await stat(target)).isDirectory()
      ? (await glob(['**/*.{ts,tsx,js,jsx,mjs,cjs}'], { cwd: target, absolute: true, ignore: ['**/node_modules/**', '**/*.d.ts', '**/dist/**'] })).sort()
      : [target];
    const measured: FileMetrics[] = [];
    for (const file of files.slice(0, maxFiles)) measured.push(measureSource(relative(process.cwd(), file) || file, await readFile(file, 'utf8')));
    const functions = measured.flatMap((m) => m.functions.map((f) => ({ ...f, file: m.file })));
    return {
      files: measured,
      totals: {
        files: measured.length,
        codeLines: measured.reduce((n, m) => n + m.codeLines, 0),
        commentLines: measured.reduce((n, m) => n + m.commentLines, 0),
        functions: functions.length,
        maxComplexity: functions.reduce((n, f) => Math.max(n, f.complexity), 0),
      },
    };
  },
);
