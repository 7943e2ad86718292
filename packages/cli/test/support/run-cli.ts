import { join } from 'node:path';
import { run } from '@victor-tools/cli';
import type { RunOptions } from '../../src/io';

/** The fixture tools: `echo` (a tool() function), `log_line` (it console.logs) and `set_tool_enabled` (an admin tool given the registry). */
export const FIXTURE_TOOLS = join(__dirname, '..', 'fixtures', 'tools');
/** A directory whose one file throws while loading. */
export const BROKEN_TOOLS = join(__dirname, '..', 'fixtures', 'broken');
/** `odd_output` (returns a BigInt or a cycle) and `measure_args` (the length of its text argument). */
export const ODD_OUTPUT_TOOLS = join(__dirname, '..', 'fixtures', 'odd-output');
/** One TypeScript tool file: `greet`. */
export const TYPESCRIPT_TOOLS = join(__dirname, '..', 'fixtures', 'typescript');

/** What one CLI run printed and returned. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI in-process; without `--tools` it scans the fixture tools (its
 * default here). The environment is empty unless given, so a FORCE_COLOR
 * that jest sets for its workers does not colour the output.
 */
export async function runCli(argv: string[], options: Partial<RunOptions> = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, {
    defaultToolsDir: FIXTURE_TOOLS,
    env: {},
    ...options,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}
