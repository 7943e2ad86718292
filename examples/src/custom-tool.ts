import { extname } from 'node:path';
import { ToolResult, type ToolCallContext } from '@victor-tools/core';
import { Param, Tool } from '@victor-tools/decorators';
import ts from 'typescript';
import { readRegularFile, writeRegularFile } from './regular-file';
import { quote, resolveInside, rootFor } from './safe-path';

/** The operations of the reference's custom_tool. */
export const OPERATIONS = ['analyze', 'transform', 'validate'] as const;
/** One of `OPERATIONS`. */
export type Operation = (typeof OPERATIONS)[number];
/** What `transform` does to the text. */
export type TransformMode = 'upper' | 'lower' | 'trim';

/** The largest file custom_tool reads, in bytes (1 MiB). */
export const MAX_FILE_BYTES = 1024 * 1024;

/** The `options` of custom_tool: what `transform` does, and where it writes. */
export class CustomToolOptions {
  @Param({ type: 'string', enum: ['upper', 'lower', 'trim'], description: 'transform: upper or lower case, or trim trailing blanks' })
  mode: TransformMode = 'trim';

  @Param({ type: 'string', optional: true, format: 'path', description: 'transform: write the result to this file (relative to the root) instead of returning it' })
  output?: string;
}

/** The parameters of custom_tool, declared as @Param fields: the reference's `custom_tool(operation, target, options)`. */
export class CustomToolParams {
  @Param({ type: 'string', enum: [...OPERATIONS], description: 'Operation to perform' })
  operation!: Operation;

  @Param({ type: 'string', format: 'path', description: 'Target file, relative to the root' })
  target!: string;

  @Param({ type: CustomToolOptions, optional: true, description: 'Additional options' })
  options?: CustomToolOptions;
}

interface Problem {
  line: number;
  message: string;
}

function analyze(text: string) {
  return {
    lines: text === '' ? 0 : text.split(/\r?\n/).length - (text.endsWith('\n') ? 1 : 0),
    words: text.split(/\s+/).filter(Boolean).length,
    chars: text.length,
  };
}

function transform(text: string, mode: TransformMode): string {
  if (mode === 'upper') return text.toUpperCase();
  if (mode === 'lower') return text.toLowerCase();
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
}

// Node 22 says 'line N', Node 20 sometimes 'position N' and sometimes
// nothing; TypeScript's JSON parser then points at the spot.
function jsonErrorLine(text: string, message: string): number {
  const line = /line (\d+)/.exec(message);
  if (line) return Number(line[1]);
  const position = /position (\d+)/.exec(message);
  const start = position ? Number(position[1]) : ts.parseConfigFileTextToJson('x.json', text).error?.start;
  return start === undefined ? 1 : text.slice(0, start).split('\n').length;
}

function jsonProblems(text: string): Problem[] {
  try {
    JSON.parse(text);
    return [];
  } catch (error) {
    const message = (error as Error).message;
    return [{ line: jsonErrorLine(text, message), message }];
  }
}

function yamlProblems(lines: string[]): Problem[] {
  const problems: Problem[] = [];
  lines.forEach((line, i) => {
    if (/^\t/.test(line)) problems.push({ line: i + 1, message: 'tab used for indentation (YAML needs spaces)' });
    const code = line.trim();
    if (code !== '' && !code.startsWith('#') && !code.startsWith('- ') && code !== '-' && !code.includes(':') && !code.startsWith('---')) {
      problems.push({ line: i + 1, message: "neither 'key: value' nor a list item" });
    }
  });
  return problems;
}

function validate(text: string, file: string) {
  const lines = text.split('\n');
  const problems: Problem[] = [];
  const ext = extname(file).toLowerCase();
  if (ext === '.json') problems.push(...jsonProblems(text));
  if (ext === '.yaml' || ext === '.yml') problems.push(...yamlProblems(lines));
  lines.forEach((line, i) => {
    // The last character only: /[ \t]+$/ would rescan a long run of blanks from each of its starts.
    const last = line.endsWith('\r') ? line[line.length - 2] : line[line.length - 1];
    if (last === ' ' || last === '\t') problems.push({ line: i + 1, message: 'trailing whitespace' });
  });
  problems.sort((a, b) => a.line - b.line);
  return { valid: problems.length === 0, format: ext === '.json' ? 'json' : ext === '.yaml' || ext === '.yml' ? 'yaml' : 'text', problems };
}

/** custom_tool: analyze, transform or validate a text file under its root. */
@Tool({
  name: 'custom_tool',
  description:
    'Performs custom operations on a text file under the root: analyze (lines, words, chars), transform (options.mode upper, lower or trim; returned, or written to options.output) or validate (JSON/YAML syntax, trailing whitespace).',
  params: CustomToolParams,
  costTier: 'low',
  category: 'analysis',
  priority: 3,
  accessMode: 'write',
  dangerLevel: 'low',
  keywords: ['analyze', 'transform', 'validate', 'custom'],
  useCases: ['analyzing code structure', 'transforming code patterns', 'validating configurations'],
  examples: ['analyze the utils module', 'transform all deprecated calls', 'validate the config file'],
  priorityHints: ['Use for custom analysis operations'],
  stages: ['analysis', 'execution', 'verification'],
  taskTypes: ['analysis', 'edit'],
  progressParams: ['operation', 'target'],
  executionCategory: 'write',
})
export class CustomTool {
  // No injected arguments: the root defaults to the working directory. Said
  // explicitly because legacy decorators would otherwise emit the parameter's
  // type (String) and the container would look for a provider of it.
  static inject = [];

  /** `root`: the directory targets resolve against when the call has no sandbox (default: the working directory). */
  constructor(private readonly root: string = process.cwd()) {}

  async execute(args: CustomToolParams, ctx?: ToolCallContext): Promise<ToolResult> {
    const { operation } = args;
    // The schema's enum refuses other operations first; this answers a direct call the way the reference does.
    if (!(OPERATIONS as readonly string[]).includes(operation)) {
      return ToolResult.fail(`Unknown operation: ${quote(String(operation))} (use ${OPERATIONS.join(', ')})`);
    }
    const root = rootFor(ctx, this.root);
    const file = resolveInside(root, args.target);
    const text = await readRegularFile(file, MAX_FILE_BYTES, args.target);
    if (operation === 'analyze') return ToolResult.ok(analyze(text), { operation });
    if (operation === 'validate') return ToolResult.ok(validate(text, file), { operation });
    const transformed = transform(text, args.options?.mode ?? 'trim');
    const output = args.options?.output;
    if (output === undefined) return ToolResult.ok({ text: transformed }, { operation });
    await writeRegularFile(resolveInside(root, output), transformed, output);
    return ToolResult.ok({ written: output, chars: transformed.length }, { operation });
  }
}
