import { createReadStream } from 'node:fs';
import { InvalidArgumentError } from 'commander';
import { CliError } from './errors/cli-error';
import type { InputStream } from './io';
import { capText, describeValue } from '@victor-tools/core/internal';

/** The most bytes of arguments `call` reads from stdin or a file (64 MiB). */
export const MAX_ARGUMENTS_BYTES = 64 * 1024 * 1024;

/**
 * Arguments named on the command line but read when the call runs: `-` for
 * stdin, `@path` for a file. A command line is limited (a JSON argument over
 * 128 KB fails with E2BIG before the CLI starts); these are not.
 */
export class DeferredArguments {
  constructor(
    /** `'-'` for stdin, otherwise the file's path. */
    readonly source: string,
  ) {}

  /** How messages name where the arguments came from. */
  get label(): string {
    return this.source === '-' ? 'The arguments from stdin' : `The arguments in '${this.source}'`;
  }
}

const EXAMPLE = `e.g. '{"path": "a.txt"}'`;

/** The problem with `text` as tool arguments, or the arguments: a JSON object. */
function parseObject(text: string): { value: Record<string, unknown> } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problem: `are not valid JSON (${(error as Error).message})` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { problem: `must be a JSON object, got ${describeValue(value)}` };
  }
  return { value: value as Record<string, unknown> };
}

/**
 * Commander's parser of `call`'s JSON argument: a JSON object given inline,
 * or `-` / `@file`, read later. Bad inline JSON is a usage error here,
 * before any tool is loaded.
 */
export function parseCallArguments(text: string): Record<string, unknown> | DeferredArguments {
  if (text === '-') return new DeferredArguments('-');
  if (text.startsWith('@') && text.length > 1) return new DeferredArguments(text.slice(1));
  const parsed = parseObject(text);
  if ('value' in parsed) return parsed.value;
  if (parsed.problem.startsWith('are not valid JSON')) {
    throw new InvalidArgumentError(`Not valid JSON (${parsed.problem.slice('are not valid JSON ('.length, -1)}). Quote the object for your shell, ${EXAMPLE}, or pass - (stdin) or @file.`);
  }
  throw new InvalidArgumentError(`Tool arguments ${parsed.problem}, ${EXAMPLE}.`);
}

async function readCapped(chunks: InputStream, label: string): Promise<string> {
  const parts: Buffer[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    total += buffer.length;
    if (total > MAX_ARGUMENTS_BYTES) throw new CliError(`${label} are over ${MAX_ARGUMENTS_BYTES / 1024 / 1024} MiB.`, 2);
    parts.push(buffer);
  }
  // A byte order mark is not JSON, but editors on Windows write one.
  return Buffer.concat(parts, total).toString('utf8').replace(/^\uFEFF/, '');
}

/** Reads and parses deferred arguments; every problem is a usage error (exit 2) naming where they came from. */
export async function readDeferredArguments(deferred: DeferredArguments, stdin: InputStream): Promise<Record<string, unknown>> {
  let text: string;
  if (deferred.source === '-') {
    text = await readCapped(stdin, deferred.label);
  } else {
    try {
      text = await readCapped(createReadStream(deferred.source), deferred.label);
    } catch (error) {
      if (error instanceof CliError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'it does not exist' : code === 'EISDIR' ? 'it is a directory' : ((error as Error).message ?? code);
      // Node's own message repeats the path (ENAMETOOLONG): both echoes capped.
      throw new CliError(`Cannot read the arguments file '${capText(deferred.source)}': ${capText(why)}.`, 2);
    }
  }
  const parsed = parseObject(text);
  if ('problem' in parsed) throw new CliError(`${deferred.label} ${parsed.problem}, ${EXAMPLE}.`, 2);
  return parsed.value;
}
