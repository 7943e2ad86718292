// The examples and the CLI: the attacks replayed against the built
// CLI and the compiled example tools (`pnpm build` first, as `pnpm test` does).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { run } from '@victor-tools/cli';
import { manyFiles } from '../../examples/test/support/many-files';
import { textOf } from '../support/mcp-results';

const REPO = join(__dirname, '..', '..');
const BIN = join(REPO, 'packages', 'cli', 'dist', 'bin.js');
const EXAMPLES = join(REPO, 'examples', 'dist');
const ODD_TOOLS = join(__dirname, 'fixtures', 'odd-tools');
// A WRITE tool with the paths the examples' custom_tool had (which now only reads, as the reference's does).
const SANDBOX_TOOLS = join(__dirname, 'fixtures', 'sandbox-tools');

jest.setTimeout(60_000);

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The built `victor-tools` as a user runs it, in `cwd`, with `input` on its stdin. */
function victorTools(args: string[], cwd: string, input = ''): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(input);
  });
}

/** `victor-tools` in-process over the compiled examples, in `cwd`. */
async function inProcess(args: string[], cwd: string): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const before = process.cwd();
  process.chdir(cwd);
  try {
    const code = await run([...args, '--tools', EXAMPLES], { stdout: { write: (t) => (stdout += t) }, stderr: { write: (t) => (stderr += t) }, env: {} });
    return { code, stdout, stderr };
  } finally {
    process.chdir(before);
  }
}

const result = (ran: Ran) => JSON.parse(ran.stdout) as { success: boolean; output: unknown; error?: string; metadata?: Record<string, unknown> };

beforeAll(() => {
  if (!existsSync(BIN) || !existsSync(join(EXAMPLES, 'custom-tool.js'))) throw new Error('Build first: pnpm build (the spec runs the built CLI and examples)');
});

describe('the EXPLORE sandbox holds end to end', () => {
  function workspace() {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'victor-s14-')));
    mkdirSync(join(dir, 'sandbox'));
    writeFileSync(join(dir, 'victim.txt'), '  keep me  \n');
    return dir;
  }

  it("should not overwrite victim.txt outside the sandbox: relative paths resolve against the sandbox", async () => {
    const dir = workspace();
    const args = JSON.stringify({ operation: 'transform', target: 'victim.txt', options: { output: 'victim.txt' } });
    const ran = await victorTools(['call', 'transform_file', args, '--mode', 'explore', '--sandbox', 'sandbox', '--tools', SANDBOX_TOOLS], dir);
    expect(ran.code).toBe(1);
    expect(result(ran).error).toContain("File 'victim.txt' does not exist");
    expect(readFileSync(join(dir, 'victim.txt'), 'utf8')).toBe('  keep me  \n');
    expect(existsSync(join(dir, 'sandbox', 'victim.txt'))).toBe(false);
  });

  it('should refuse the original call shape by validation, writing nothing', async () => {
    const dir = workspace();
    const ran = await victorTools(['call', 'transform_file', '{"target":"victim.txt","output":"victim.txt"}', '--mode', 'explore', '--sandbox', 'sandbox', '--tools', SANDBOX_TOOLS], dir);
    expect(ran.code).toBe(1);
    expect(result(ran).error).toBe("Invalid parameters for tool 'transform_file': Required parameter 'operation' is missing; Unknown parameter 'output'");
    expect(readFileSync(join(dir, 'victim.txt'), 'utf8')).toBe('  keep me  \n');
  });

  it('should refuse to climb out of the sandbox, and write inside it when asked to', async () => {
    const dir = workspace();
    writeFileSync(join(dir, 'sandbox', 'victim.txt'), '  inside  \n');
    const out = JSON.stringify({ operation: 'transform', target: 'victim.txt', options: { output: '../victim.txt' } });
    const climbing = await victorTools(['call', 'transform_file', out, '--mode', 'explore', '--sandbox', 'sandbox', '--tools', SANDBOX_TOOLS], dir);
    expect(climbing.code).toBe(1);
    expect(readFileSync(join(dir, 'victim.txt'), 'utf8')).toBe('  keep me  \n');
    const inside = JSON.stringify({ operation: 'transform', target: 'victim.txt', options: { output: 'victim.txt' } });
    const ok = await victorTools(['call', 'transform_file', inside, '--mode', 'explore', '--sandbox', 'sandbox', '--tools', SANDBOX_TOOLS], dir);
    expect(ok.code).toBe(0);
    expect(result(ok)).toMatchObject({ success: true, output: { written: 'victim.txt', chars: 6 } });
    expect(readFileSync(join(dir, 'sandbox', 'victim.txt'), 'utf8')).toBe('inside');
    expect(readFileSync(join(dir, 'victim.txt'), 'utf8')).toBe('  keep me  \n');
  });

  it('should make a --sandbox that does not exist a usage error, before the tool runs', async () => {
    const dir = workspace();
    const args = JSON.stringify({ operation: 'transform', target: 'victim.txt', options: { output: 'victim.txt' } });
    const ran = await victorTools(['call', 'transform_file', args, '--mode', 'explore', '--sandbox', 'no-such-dir', '--tools', SANDBOX_TOOLS], dir);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toContain(`Sandbox directory '${join(dir, 'no-such-dir')}' does not exist`);
    expect(readFileSync(join(dir, 'victim.txt'), 'utf8')).toBe('  keep me  \n');
  });

  it('should declare every path parameter of the examples with format: path', async () => {
    const ran = await inProcess(['schema'], REPO);
    const schemas = JSON.parse(ran.stdout) as Array<{ function: { name: string; parameters: { properties: Record<string, { format?: string }> } } }>;
    const props = (name: string) => schemas.find((s) => s.function.name === name)!.function.parameters.properties;
    expect(props('custom_tool').target!.format).toBe('path');
    expect(props('find_files').path!.format).toBe('path');
    expect(props('code_metrics').path!.format).toBe('path');
  });
});

describe('the EXPLORE sandbox holds over MCP: the built serve, stdio and --http', () => {
  const EXPLORE = ['serve', '--mode', 'explore', '--sandbox', 'sandbox', '--tools', SANDBOX_TOOLS];
  const VICTIM_CALL = { operation: 'transform', target: 'victim.txt', options: { output: 'victim.txt' } };
  const CLIMBING_CALL = { operation: 'transform', target: 'notes.txt', options: { output: '../victim.txt' } };

  function workspace() {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'victor-s14-serve-')));
    mkdirSync(join(dir, 'sandbox'));
    writeFileSync(join(dir, 'victim.txt'), '  keep me  \n');
    writeFileSync(join(dir, 'sandbox', 'notes.txt'), '  inside  \n');
    return dir;
  }


  /** The attacks of the issue, through an MCP client of a server started in `dir`. */
  async function replay(client: Client, dir: string) {
    const victim = await client.callTool({ name: 'transform_file', arguments: VICTIM_CALL });
    expect(victim.isError).toBe(true);
    expect(textOf(victim)).toContain("File 'victim.txt' does not exist");
    const climbing = await client.callTool({ name: 'transform_file', arguments: CLIMBING_CALL });
    expect(climbing.isError).toBe(true);
    expect(textOf(climbing)).toMatch(/^Tool 'transform_file' refused in explore mode: .*argument 'options\.output' resolves to '.*victim\.txt', outside it$/);
    const original = await client.callTool({ name: 'transform_file', arguments: { target: 'victim.txt', output: 'victim.txt' } });
    expect(textOf(original)).toBe("Invalid parameters for tool 'transform_file': Required parameter 'operation' is missing; Unknown parameter 'output'");
    const inside = await client.callTool({ name: 'transform_file', arguments: { operation: 'transform', target: 'notes.txt', options: { output: 'notes.txt' } } });
    expect(inside.isError).toBeFalsy();
    expect(readFileSync(join(dir, 'victim.txt'), 'utf8')).toBe('  keep me  \n');
    expect(readFileSync(join(dir, 'sandbox', 'notes.txt'), 'utf8')).toBe('inside');
    expect(existsSync(join(dir, 'sandbox', 'victim.txt'))).toBe(false);
  }

  it('should keep victim.txt outside the sandbox intact over stdio', async () => {
    const dir = workspace();
    const client = new Client({ name: 's14-serve', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, ...EXPLORE], cwd: dir, stderr: 'pipe' }));
    try {
      await replay(client, dir);
    } finally {
      await client.close();
    }
  });

  it('should keep victim.txt outside the sandbox intact over --http', async () => {
    const dir = workspace();
    const child = spawn(process.execPath, [BIN, ...EXPLORE, '--http'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    let stderr = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const found = / at (http:\/\/\S+)\n/.exec(stderr)?.[1];
        if (found) resolve(found);
      });
      void exited.then((code) => reject(new Error(`serve --http exited with ${code}: ${stderr}`)));
    });
    const client = new Client({ name: 's14-serve-http', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      await replay(client, dir);
    } finally {
      await client.close();
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });

  it('should make a --sandbox that does not exist a usage error for serve too', async () => {
    const dir = workspace();
    for (const transport of [[], ['--http']]) {
      const ran = await victorTools(['serve', '--mode', 'explore', '--sandbox', 'no-such-dir', '--tools', SANDBOX_TOOLS, ...transport], dir);
      expect(ran.code).toBe(2);
      expect(ran.stdout).toBe('');
      expect(ran.stderr).toContain(`Sandbox directory '${join(dir, 'no-such-dir')}' does not exist`);
    }
  });
});

describe('the examples: safe, and faithful to the reference', () => {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'victor-s14-examples-')));
  const root = join(base, 'root');
  mkdirSync(join(root, 'src'), { recursive: true });
  writeFileSync(join(root, 'src', 'app.py'), 'def f(a):\n    if a:\n        return 1\n    return 2\n');
  writeFileSync(join(root, 'src', 'util.ts'), 'export const g = (x: number) => (x > 0 ? 1 : 2);\n');
  writeFileSync(join(root, 'notes.txt'), 'hello world\n');
  writeFileSync(join(base, 'outside.py'), 'x = 1\n');
  const call = (name: string, args: unknown) => inProcess(['call', name, JSON.stringify(args)], root);

  it('should run calls written as the reference shows them', async () => {
    const found = await call('find_files', { pattern: '*.py', path: '.', recursive: true, limit: 100 });
    expect(result(found)).toMatchObject({ success: true, output: [{ path: 'src/app.py', type: 'file', size: 50 }] });
    const dirs = await call('find_files', { pattern: 's*' });
    expect(result(dirs).output).toEqual([{ path: 'src', type: 'directory', size: 0 }]);
    const analyzed = await call('custom_tool', { operation: 'analyze', target: 'notes.txt', options: {} });
    expect(result(analyzed)).toMatchObject({ success: true, output: { lines: 1, words: 2, chars: 12 }, metadata: { operation: 'analyze' } });
    const metrics = await call('code_metrics', { path: 'src', metricType: 'all', recursive: true });
    expect(result(metrics).output).toMatchObject({ filesAnalyzed: 2, totalLines: 5, complexity: 2, metricsByFile: { 'src/app.py': { lines: 4, complexity: 2 }, 'src/util.ts': { lines: 1, complexity: 2 } } });
  });

  it("should offer code_metrics' metric type under one name, its default in the schema, and custom_tool as the reference's Pattern 1", async () => {
    const ran = await inProcess(['schema'], REPO);
    const schemas = JSON.parse(ran.stdout) as Array<{ function: { name: string; parameters: { properties: Record<string, Record<string, unknown>> } } }>;
    const props = (name: string) => schemas.find((s) => s.function.name === name)!.function.parameters.properties;
    expect(Object.keys(props('code_metrics'))).toEqual(['path', 'metricType', 'recursive']);
    expect(props('code_metrics').metricType).toMatchObject({ enum: ['loc', 'complexity', 'all'], default: 'all' });
    expect(props('custom_tool').options).toEqual({ type: 'object', description: expect.any(String) });
    const listed = await inProcess(['list', '--json'], REPO);
    expect((JSON.parse(listed.stdout) as Array<{ name: string; accessMode: string }>).find((t) => t.name === 'custom_tool')!.accessMode).toBe('readonly');
    // It declares no more access than the reference's (READONLY), so PLAN mode runs it; it writes nothing.
    const planned = await inProcess(['call', 'custom_tool', JSON.stringify({ operation: 'transform', target: 'notes.txt', options: { mode: 'upper' } }), '--mode', 'plan'], root);
    expect(result(planned)).toMatchObject({ success: true, output: { text: 'HELLO WORLD\n' } });
    expect(readFileSync(join(root, 'notes.txt'), 'utf8')).toBe('hello world\n');
  });

  it('should confine code_metrics to its root', async () => {
    for (const path of ['/etc/passwd', '/proc/self/environ', '../outside.py', '/usr']) {
      const ran = await call('code_metrics', { path });
      expect(ran.code).toBe(1);
      expect(result(ran).error).toMatch(/is absolute|leaves the root directory/);
    }
  });

  it('should refuse a 40 MB file and /dev/zero at once', async () => {
    writeFileSync(join(root, 'huge.ts'), '');
    truncateSync(join(root, 'huge.ts'), 40 * 1024 * 1024);
    symlinkSync('/dev/zero', join(root, 'zero.ts'));
    const started = Date.now();
    const huge = await call('code_metrics', { path: 'huge.ts' });
    expect(result(huge).error).toBe(`Tool execution failed: File 'huge.ts' is ${40 * 1024 * 1024} bytes, over the limit of 1048576 per file`);
    expect(result(await call('code_metrics', { path: 'zero.ts' })).error).toContain('leads outside the root directory through a symlink');
    expect(result(await call('custom_tool', { operation: 'analyze', target: 'huge.ts' })).error).toContain(`is ${40 * 1024 * 1024} bytes, over the limit of 1048576 bytes`);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('should refuse a FIFO without blocking the file tools after it', async () => {
    execFileSync('mkfifo', [join(root, 'pipe.txt')]);
    const started = Date.now();
    expect(result(await call('custom_tool', { operation: 'analyze', target: 'pipe.txt' })).error).toContain("File 'pipe.txt' is a FIFO, not a regular file");
    const after = await Promise.all(Array.from({ length: 6 }, () => call('custom_tool', { operation: 'analyze', target: 'notes.txt' })));
    expect(after.map((r) => r.code)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('should check a path of 128k components in under 2 s (sent through @file: it is 256 KB)', async () => {
    const file = join(base, 'args.json');
    writeFileSync(file, JSON.stringify({ operation: 'analyze', target: 'a/'.repeat(128 * 1024) }));
    const started = Date.now();
    const ran = await inProcess(['call', 'custom_tool', `@${file}`], root);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(ran.code).toBe(1);
    const error = result(ran).error!;
    expect(error).toContain('is too long: at most 4096 characters');
    expect(error.length).toBeLessThan(200);
  });

  it('should stop find_files at limit 1 in a tree of 100,000 files', async () => {
    const tree = manyFiles(100, 1000);
    const started = Date.now();
    const ran = await inProcess(['call', 'find_files', '{"pattern": "*.txt", "limit": 1}'], tree);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result(ran).output).toEqual([{ path: 'd000/f0.txt', type: 'file', size: 0 }]);
  }, 600_000);
});

describe('the CLI', () => {
  it('should read a 300 KB JSON argument from stdin', async () => {
    const text = 'word '.repeat(60_000);
    const ran = await victorTools(['call', 'measure_args', '-', '--tools', ODD_TOOLS], REPO, JSON.stringify({ text }));
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(result(ran).output).toEqual({ length: text.length });
  });

  it('should read it from @file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'victor-s14-args-')), 'args.json');
    writeFileSync(file, JSON.stringify({ text: 'x'.repeat(300_000) }));
    const ran = await victorTools(['call', 'measure_args', `@${file}`, '--tools', ODD_TOOLS], REPO);
    expect(ran.code).toBe(0);
    expect(result(ran).output).toEqual({ length: 300_000 });
  });

  it.each([
    ['bigint', 'Do not know how to serialize a BigInt'],
    ['cycle', 'Converting circular structure to JSON'],
  ])('should exit 1 with a failed result for an output that cannot be serialized (%s)', async (kind, reason) => {
    const ran = await victorTools(['call', 'odd_output', JSON.stringify({ kind }), '--tools', ODD_TOOLS], REPO);
    expect(ran.code).toBe(1);
    expect(result(ran)).toMatchObject({ success: false, output: null, error: expect.stringContaining(`Tool 'odd_output' returned an output that cannot be sent as JSON: ${reason}`) });
    expect(ran.stdout).not.toContain('unserializable');
    expect(ran.stderr).toContain('error: ');
  });
});
