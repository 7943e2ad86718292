import { readFile, writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { Param, Tool } from '@victor-tools/decorators';
import ts from 'typescript';
import { resolveInside } from './safe-path';

/** The parameters of custom_tool, declared as @Param fields. */
export class CustomToolParams {
  @Param({ type: 'string', enum: ['analyze', 'transform', 'validate'], description: 'What to do with the target file' })
  action!: 'analyze' | 'transform' | 'validate';

  @Param({ type: 'string', description: 'The file, relative to the root', format: 'path' })
  target!: string;

  @Param({ type: 'string', enum: ['upper', 'lower', 'trim'], description: 'The transformation (action transform)' })
  mode: 'upper' | 'lower' | 'trim' = 'trim';

  @Param({ type: 'string', optional: true, description: 'Write the transformed text here instead of returning it' })
  output?: string;
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

function transform(text: string, mode: CustomToolParams['mode']): string {
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
    if (/[ \t]+$/.test(line)) problems.push({ line: i + 1, message: 'trailing whitespace' });
  });
  problems.sort((a, b) => a.line - b.line);
  return { valid: problems.length === 0, format: ext === '.json' ? 'json' : ext === '.yaml' || ext === '.yml' ? 'yaml' : 'text', problems };
}

/** custom_tool: analyze, transform or validate a text file under its root. */
@Tool({
  name: 'custom_tool',
  description: 'Analyze a text file (lines, words, chars), transform it (upper, lower, trim) or validate it (JSON/YAML syntax, trailing whitespace).',
  params: CustomToolParams,
  category: 'files',
  keywords: ['analyze', 'transform', 'validate', 'text', 'file'],
  accessMode: 'write',
  dangerLevel: 'low',
  executionCategory: 'write',
})
export class CustomTool {
  // No injected arguments: the root defaults to the working directory. Said
  // explicitly because legacy decorators would otherwise emit the parameter's
  // type (String) and the container would look for a provider of it.
  static inject = [];

  constructor(private readonly root: string = process.cwd()) {}

  async execute(args: CustomToolParams) {
    const file = resolveInside(this.root, args.target);
    const text = await readFile(file, 'utf8');
    if (args.action === 'analyze') return analyze(text);
    if (args.action === 'validate') return validate(text, file);
    const transformed = transform(text, args.mode);
    if (args.output === undefined) return { text: transformed };
    await writeFile(resolveInside(this.root, args.output), transformed);
    return { written: args.output, chars: transformed.length };
  }
}
