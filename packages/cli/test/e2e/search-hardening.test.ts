import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { BIN, assertBuilt } from '../support/spawn-serve';

// The built `victor-tools` given what a careless or hostile caller types: one
// endless word, a pasted dump, a name of 100,000 characters. It must answer in
// seconds (a 20,000-letter word aborted it after 54 s) and echo such input cut,
// as the registry does: the first 1,000 characters and how many more there were.
jest.setTimeout(120_000);

const TOOLS = join(__dirname, '..', 'fixtures', 'tools');
/** Generous, for a whole process (start, scan, search) on a machine shared with other tests. */
const WITHIN_MS = 20_000;

interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function victorTools(args: string[]): Promise<Ran> {
  assertBuilt();
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, ...args, '--tools', TOOLS], { env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: performance.now() - started });
    });
  });
}

/** How the CLI echoes a long text: its first 1,000 characters and how many more there were. */
const cut = (text: string) => `${text.slice(0, 1000)}... (${text.length - 1000} more characters)`;
const noMatch = (query: string) => `No tool matches '${query}'. Try other words, or 'victor-tools list' to see them all.\n`;

describe('victor-tools search, given long requests', () => {
  it('should answer a 20,000-letter word in seconds, echoing 1,000 letters of it (it aborted after 54 s)', async () => {
    const word = 'q'.repeat(20_000);
    const ran = await victorTools(['search', word]);
    expect(ran).toMatchObject({ code: 0, signal: null, stdout: '' });
    expect(ran.stderr).toBe(noMatch(cut(word)));
    expect(ran.ms).toBeLessThan(WITHIN_MS);
  });

  it('should echo a 120 KB request cut to 1,000 characters', async () => {
    const query = 'zzz '.repeat(30_000).trimEnd();
    expect(query).toHaveLength(119_999);
    const ran = await victorTools(['search', query]);
    expect(ran.code).toBe(0);
    expect(ran.stderr).toBe(noMatch(cut(query)));
    expect(ran.stderr).toHaveLength(1_105);
  });

  it('should find what a request of 1 MB (in nine arguments) asks for, in seconds', async () => {
    // The kernel takes at most 128 KiB per argument: nine of 120,000 characters, each
    // 24,000 groups of four hex digits, as a dump prints them.
    const chunks = Array.from({ length: 9 }, () => randomBytes(48_000).toString('hex').replace(/(.{4})/g, '$1 '));
    const ran = await victorTools(['search', 'repeat', 'the', 'message', ...chunks, '--json']);
    expect(chunks.join(' ').length).toBeGreaterThan(1_000_000);
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout)[0].name).toBe('echo');
    expect(ran.ms).toBeLessThan(WITHIN_MS);
  });

  it.each([
    ['before', (dump: string) => ['repeat', 'the', 'message', dump]],
    ['after', (dump: string) => [dump, 'repeat', 'the', 'message']],
  ])('should find the tool a question asks for with a 12 KB hex dump pasted %s it', async (_place, args) => {
    const dump = randomBytes(6_000).toString('hex');
    expect(dump).toHaveLength(12_000);
    const ran = await victorTools(['search', ...args(dump), '--json']);
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout)[0].name).toBe('echo');
    expect(ran.ms).toBeLessThan(WITHIN_MS);
  });
});

describe('victor-tools call and schema, given a 100,000-character tool name', () => {
  const name = 'n'.repeat(100_000);
  const notFound = `error: Tool '${cut(name)}' not found. Run 'victor-tools list' to see the tools.\n`;

  it('should echo the name cut on stderr from call, as the registry cuts it in the result', async () => {
    const ran = await victorTools(['call', name]);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toBe(notFound);
    expect(ran.stderr).toHaveLength(1_095);
    expect(JSON.parse(ran.stdout)).toMatchObject({ success: false, error: `Tool '${cut(name)}' not found` });
  });

  it('should echo the name cut on stderr from schema', async () => {
    const ran = await victorTools(['schema', name]);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toBe(notFound);
  });
});
