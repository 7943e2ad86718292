import { lstat, stat } from 'node:fs/promises';
import { Type } from '@sinclair/typebox';
import { ToolResult, type ToolCallContext } from '@victor-tools/core';
import { tool } from '@victor-tools/decorators';
import { measurePython } from './python-metrics';
import { readRegularFile } from './regular-file';
import { quote, relativePosix, resolveInside, rootFor } from './safe-path';
import { measureTypeScript, type FunctionMetrics, type SourceMetrics } from './ts-metrics';
import { walk } from './walk';

export { functionComplexities, lineCounts, measureTypeScript, type FunctionMetrics, type LineCounts, type SourceMetrics } from './ts-metrics';
export { measurePython } from './python-metrics';

/** Which metrics to compute: lines of code, complexity, or both (the reference's `metric_type`). */
export type MetricType = 'loc' | 'complexity' | 'all';

/** The metrics of one file: its line count, then what `metricType` asked for. */
export interface FileMetrics {
  lines: number;
  codeLines?: number;
  commentLines?: number;
  blankLines?: number;
  /** The average cyclomatic complexity of the file's functions (1 for a file without functions). */
  complexity?: number;
  maxComplexity?: number;
  /** How many functions the file holds. */
  functions?: number;
  /** Its most complex functions, at most five. */
  mostComplex?: FunctionMetrics[];
}

/** What code_metrics returns: the reference's `{ files_analyzed, total_lines, complexity, metrics_by_file }` in camelCase. */
export interface CodeMetricsReport {
  filesAnalyzed: number;
  /** Lines of every file measured. */
  totalLines: number;
  /** The average of the files' complexity; null when only `loc` was asked for. */
  complexity: number | null;
  /** Per file, keyed by its path relative to the root. */
  metricsByFile: Record<string, FileMetrics>;
}

/** The largest file measured, in bytes (1 MiB); larger ones are skipped. */
export const MAX_FILE_BYTES = 1024 * 1024;
/** The most bytes one call reads (8 MiB), all files together. */
export const MAX_TOTAL_BYTES = 8 * 1024 * 1024;
/** The most files one call measures. */
export const MAX_FILES = 1000;
/** The most directory entries one call looks at. */
export const MAX_ENTRIES_VISITED = 200_000;

const SOURCE_FILE = /\.(?:py|[cm]?[jt]s|[jt]sx)$/;
const DECLARATION_FILE = /\.d\.[cm]?ts$/;
/** Directories of dependencies, builds and caches: not the code being measured. */
const NOT_ENTERED = new Set(['node_modules', '.git', 'dist', '__pycache__', '.venv']);
const MOST_COMPLEX = 5;

/** Whether code_metrics measures a file of this name: Python, JavaScript and TypeScript, declaration files left out. */
export function isSourceFile(name: string): boolean {
  return SOURCE_FILE.test(name) && !DECLARATION_FILE.test(name);
}

/** The metrics of one file's text, by its extension. */
export function measureSource(file: string, text: string): SourceMetrics {
  return file.endsWith('.py') ? measurePython(text) : measureTypeScript(file, text);
}

const round = (n: number) => Math.round(n * 100) / 100;

function fileMetrics(measured: SourceMetrics, metricType: MetricType): FileMetrics {
  const out: FileMetrics = { lines: measured.lines };
  if (metricType !== 'complexity') {
    out.codeLines = measured.codeLines;
    out.commentLines = measured.commentLines;
    out.blankLines = measured.blankLines;
  }
  if (metricType !== 'loc') {
    const { functions } = measured;
    out.complexity = functions.length === 0 ? 1 : round(functions.reduce((n, f) => n + f.complexity, 0) / functions.length);
    out.maxComplexity = functions.reduce((n, f) => Math.max(n, f.complexity), functions.length === 0 ? 1 : 0);
    out.functions = functions.length;
    out.mostComplex = [...functions].sort((a, b) => b.complexity - a.complexity || a.line - b.line).slice(0, MOST_COMPLEX);
  }
  return out;
}

interface Skipped {
  path: string;
  reason: string;
}

/** The source files under `directory`, in walk order, at most MAX_FILES; what was left out goes to `skipped`. */
async function sourceFilesUnder(directory: string, recursive: boolean, signal: AbortSignal | undefined, skipped: Skipped[]): Promise<string[]> {
  const files: string[] = [];
  let visited = 0;
  for await (const entry of walk(directory, { maxDepth: recursive ? Infinity : 1, enter: (_parts, e) => !NOT_ENTERED.has(e.name), signal })) {
    if (++visited > MAX_ENTRIES_VISITED) {
      skipped.push({ path: entry.path, reason: `stopped after looking at ${MAX_ENTRIES_VISITED} entries` });
      break;
    }
    // Symlinks are not followed: a linked file is measured where it really lies, if it is under the path.
    if (!entry.dirent.isFile() || !isSourceFile(entry.name)) continue;
    if (files.length === MAX_FILES) {
      skipped.push({ path: entry.path, reason: `more than ${MAX_FILES} source files: give a narrower path` });
      break;
    }
    files.push(entry.absolute);
  }
  return files;
}

/** The files a call measures: the one named, or the source files under the directory named. */
async function filesToMeasure(target: string, path: string, recursive: boolean, signal: AbortSignal | undefined, skipped: Skipped[]): Promise<string[]> {
  const targetStat = await stat(target).catch(() => undefined);
  if (!targetStat) throw new Error(`Path ${quote(path)} does not exist`);
  if (targetStat.isDirectory()) return sourceFilesUnder(target, recursive, signal, skipped);
  if (!targetStat.isFile()) throw new Error(`Path ${quote(path)} is neither a regular file nor a directory`);
  if (!isSourceFile(target)) throw new Error(`File ${quote(path)} is not a source file code_metrics measures (.py, .js, .ts and their variants)`);
  return [target];
}

/**
 * Measures `files` within the byte limits. A file asked for by name fails
 * the call when it cannot be measured; one met in a directory is skipped.
 */
async function measureFiles(root: string, files: string[], single: boolean, metricType: MetricType, signal: AbortSignal | undefined, skipped: Skipped[]) {
  const metricsByFile: Record<string, FileMetrics> = {};
  let totalBytes = 0;
  for (const file of files) {
    if (signal?.aborted) break;
    const name = relativePosix(root, file);
    const { size } = await lstat(file);
    const reason = size > MAX_FILE_BYTES ? `${size} bytes, over the limit of ${MAX_FILE_BYTES} per file` : totalBytes + size > MAX_TOTAL_BYTES ? `over the limit of ${MAX_TOTAL_BYTES} bytes per call` : undefined;
    let text: string | undefined;
    try {
      if (reason) throw new Error(`File ${quote(name)} is ${reason}`);
      text = await readRegularFile(file, MAX_FILE_BYTES, name);
    } catch (error) {
      if (single) throw error;
      skipped.push({ path: name, reason: reason ?? (error as Error).message });
      continue;
    }
    totalBytes += size;
    metricsByFile[name] = fileMetrics(measureSource(file, text), metricType);
  }
  return metricsByFile;
}

/** What code_metrics does with its arguments (the registry fills in the schema's defaults). */
interface CodeMetricsArgs {
  path: string;
  metricType?: MetricType;
  recursive?: boolean;
}

async function measureCode({ path, metricType = 'all', recursive = true }: CodeMetricsArgs, ctx?: ToolCallContext) {
  const root = resolveInside(rootFor(ctx, process.cwd()), '.');
  const target = resolveInside(root, path);
  const skipped: Skipped[] = [];
  const files = await filesToMeasure(target, path, recursive, ctx?.signal, skipped);
  const single = files.length === 1 && files[0] === target;
  const metricsByFile = await measureFiles(root, files, single, metricType, ctx?.signal, skipped);
  const measured = Object.values(metricsByFile);
  const report: CodeMetricsReport = {
    filesAnalyzed: measured.length,
    totalLines: measured.reduce((n, m) => n + m.lines, 0),
    complexity: metricType === 'loc' ? null : measured.length === 0 ? 0 : round(measured.reduce((n, m) => n + m.complexity!, 0) / measured.length),
    metricsByFile,
  };
  return skipped.length === 0 ? report : ToolResult.ok(report, { skipped: skipped.slice(0, 20), skippedCount: skipped.length });
}

/**
 * code_metrics: lines of code and cyclomatic complexity of Python,
 * JavaScript and TypeScript files, under the root (the call's sandbox when
 * it has one, otherwise the working directory) and never outside it.
 */
export const codeMetrics = tool(
  {
    name: 'code_metrics',
    description:
      'Calculate code metrics for a file or directory under the root: lines of code, comment and blank lines, and the cyclomatic complexity of every function (.py, .js, .ts and their variants). Returns { filesAnalyzed, totalLines, complexity, metricsByFile }.',
    parameters: Type.Object(
      {
        path: Type.String({ description: 'File or directory to analyze, relative to the root', format: 'path' }),
        metricType: Type.Optional(
          Type.Unsafe<MetricType>({
            type: 'string',
            enum: ['loc', 'complexity', 'all'],
            default: 'all',
            description: "Which metrics: 'loc' (lines of code), 'complexity', or 'all'",
          }),
        ),
        recursive: Type.Optional(Type.Boolean({ description: 'Analyze subdirectories too', default: true })),
      },
      { additionalProperties: false },
    ),
    costTier: 'low',
    category: 'analysis',
    priority: 3,
    accessMode: 'readonly',
    dangerLevel: 'safe',
    keywords: ['metrics', 'complexity', 'lines of code', 'loc', 'cyclomatic', 'analyze'],
    useCases: ['analyzing code complexity', 'measuring code metrics', 'calculating lines of code', 'assessing code quality'],
    examples: ['show metrics for main.py', 'calculate complexity of utils module', 'how many lines of code in src/'],
    priorityHints: ['Use for code quality assessment', 'Supports Python, JavaScript, TypeScript'],
    stages: ['analysis', 'verification'],
    taskTypes: ['analysis'],
    progressParams: ['path', 'metricType'],
    mandatoryKeywords: ['code metrics', 'cyclomatic complexity'],
    executionCategory: 'compute',
    isIdempotent: true,
  },
  measureCode,
);
