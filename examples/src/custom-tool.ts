import { extname } from 'node:path';
import { BaseTool, CostTier, ToolResult, type JsonSchema, type ToolCallContext, type ToolMetadataInput } from '@victor-tools/core';
import ts from 'typescript';
import { readRegularFile } from './regular-file';
import { quote, resolveInside, rootFor } from './safe-path';

/** The operations of the reference's custom_tool. */
export const OPERATIONS = ['analyze', 'transform', 'validate'] as const;
/** One of `OPERATIONS`. */
export type Operation = (typeof OPERATIONS)[number];
/** What `transform` does to the text. */
export const TRANSFORM_MODES = ['upper', 'lower', 'trim'] as const;
/** One of `TRANSFORM_MODES`. */
export type TransformMode = (typeof TRANSFORM_MODES)[number];

/** The largest file custom_tool reads, in bytes (1 MiB). */
export const MAX_FILE_BYTES = 1024 * 1024;

/** The arguments of custom_tool, as its schema declares them: the reference's `custom_tool(operation, target, options)`. */
export interface CustomToolArgs {
  operation: Operation;
  target: string;
  /** A free object, as in the reference: `transform` reads `mode`; each operation refuses a key it does not know. */
  options?: Record<string, unknown>;
}

/** The options each operation understands (a free object's keys, checked by the tool itself). */
const OPTIONS_OF: Readonly<Record<Operation, readonly string[]>> = { analyze: [], transform: ['mode'], validate: [] };

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

/**
 * custom_tool, the reference's Pattern 1: a `BaseTool` subclass with the
 * reference's schema (`operation`, `target`, a free `options` object), cost
 * tier and metadata. It reads a text file under its root and answers:
 * `analyze` (lines, words, chars), `transform` (the text in upper or lower
 * case, or trimmed; returned, never written) or `validate` (JSON/YAML
 * syntax, trailing whitespace). It only reads, so it declares READONLY, the
 * reference's default access mode, explicitly (the agent modes refuse a tool
 * whose access mode was never declared).
 */
export class CustomTool extends BaseTool<CustomToolArgs> {
  /** `root`: the directory targets resolve against when the call has no sandbox (default: the working directory at the call). */
  constructor(private readonly root?: string) {
    super();
  }

  get name(): string {
    return 'custom_tool';
  }

  get description(): string {
    return (
      'Performs custom operations on a text file under the root: analyze (lines, words, chars), ' +
      "transform (options.mode 'upper', 'lower' or 'trim', the default; the text is returned) or validate (JSON/YAML syntax, trailing whitespace)."
    );
  }

  get parameters(): JsonSchema {
    return PARAMETERS;
  }

  override get costTier(): CostTier {
    return CostTier.LOW;
  }

  override get metadata(): ToolMetadataInput {
    return METADATA;
  }

  async execute(ctx: ToolCallContext, args: CustomToolArgs): Promise<ToolResult> {
    const { operation, target } = args;
    const options = args.options ?? {};
    // The schema's enum refuses other operations first; this answers a direct call the way the reference does.
    if (!(OPERATIONS as readonly string[]).includes(operation)) {
      return ToolResult.fail(`Unknown operation: ${quote(String(operation))} (use ${OPERATIONS.join(', ')})`);
    }
    const unknown = Object.keys(options).find((key) => !OPTIONS_OF[operation].includes(key));
    if (unknown !== undefined) {
      const known = OPTIONS_OF[operation];
      return ToolResult.fail(`Unknown option ${quote(unknown)} for ${operation} (${known.length === 0 ? 'it takes none' : `it takes ${known.join(', ')}`})`, { operation });
    }
    const mode = options.mode ?? 'trim';
    if (!(TRANSFORM_MODES as readonly unknown[]).includes(mode)) {
      return ToolResult.fail(`options.mode must be one of ${TRANSFORM_MODES.join(', ')}, got ${quote(JSON.stringify(mode) ?? String(mode))}`, { operation });
    }
    const file = resolveInside(rootFor(ctx, this.root ?? process.cwd()), target);
    const text = await readRegularFile(file, MAX_FILE_BYTES, target);
    if (operation === 'analyze') return ToolResult.ok(analyze(text), { operation });
    if (operation === 'validate') return ToolResult.ok(validate(text, file), { operation });
    return ToolResult.ok({ text: transform(text, mode as TransformMode) }, { operation });
  }
}

// The reference's schema, with `format: 'path'` on the target so that every
// policy that checks paths knows it is one.
const PARAMETERS: JsonSchema = Object.freeze({
  type: 'object',
  properties: {
    operation: { type: 'string', description: 'Operation to perform', enum: [...OPERATIONS] },
    target: { type: 'string', description: 'Target file, relative to the root', format: 'path' },
    options: { type: 'object', description: "Additional options: transform takes mode ('upper', 'lower' or 'trim', the default)" },
  },
  required: ['operation', 'target'],
  additionalProperties: false,
});

// The reference's metadata, and its default access mode said out loud.
const METADATA: ToolMetadataInput = Object.freeze({
  category: 'analysis',
  keywords: ['analyze', 'transform', 'validate', 'custom'],
  useCases: ['analyzing code structure', 'transforming code patterns', 'validating configurations'],
  examples: ['analyze the utils module', 'transform all deprecated calls', 'validate the config file'],
  priorityHints: ['Use for custom analysis operations'],
  accessMode: 'readonly',
});

/** The tool, for a scan of this module (a `BaseTool` class is found through an instance). */
export const customTool = new CustomTool();
