// The CLI: what a user of the installed command sees.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run, type RunOptions } from '@victor-tools/cli';

const REPO = join(__dirname, '..', '..');
const BIN = join(REPO, 'packages', 'cli', 'dist', 'bin.js');
const CLI_TOOLS = join(__dirname, 'fixtures', 'cli-tools');
const TS_TOOLS = join(__dirname, 'fixtures', 'ts-tools');

jest.setTimeout(60_000);

async function cli(argv: string[], options: Partial<RunOptions> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, { env: {}, ...options, stdout: { write: (t) => (stdout += t) }, stderr: { write: (t) => (stderr += t) } });
  return { code, stdout, stderr };
}

function victorTools(args: string[], env: Record<string, string | undefined> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: tmpdir(), env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end();
  });
}

beforeAll(() => {
  if (!existsSync(BIN)) throw new Error('Build first: pnpm build (the spec runs the built CLI)');
});

describe('an MCP client configuration and the installed CLI', () => {
  it('should tell MCP clients to run npx -y @victor-tools/cli, never the unscoped victor-tools package', async () => {
    const help = await cli(['serve', '--help']);
    expect(help.stdout).toContain('"command": "npx", "args": ["-y", "@victor-tools/cli", "serve"');
    for (const readme of ['README.md', join('packages', 'cli', 'README.md')]) {
      const text = readFileSync(join(REPO, readme), 'utf8');
      expect(text).not.toMatch(/"args":\s*\["victor-tools"|npx (?:-y )?victor-tools/);
    }
    expect(readFileSync(join(REPO, 'packages', 'cli', 'README.md'), 'utf8')).toContain('"args": ["-y", "@victor-tools/cli", "serve"');
  });

  it('should give a user of the installed CLI, who has no examples, a hint that needs no repository', async () => {
    const { code, stderr } = await cli(['list'], { defaultToolsDir: join(tmpdir(), 'victor-no-examples', 'dist') });
    expect(code).toBe(1);
    expect(stderr).toContain('No --tools directory was given. Pass --tools DIR');
    expect(stderr).toContain("'npx @victor-tools/cli list --tools ./dist/tools'");
    expect(stderr).not.toMatch(/pnpm|--filter|victor-no-examples|examples[\\/]dist/);
  });
});

describe('the CLI, polished', () => {
  it("should print the provider's dropped-keyword report on stderr, and in --json output", async () => {
    const gemini = await cli(['schema', 'find_files', '--provider', 'gemini']);
    expect(gemini.code).toBe(0);
    expect(JSON.parse(gemini.stdout)).toMatchObject({ name: 'find_files' });
    expect(gemini.stderr).toMatch(/^note: the gemini format of 'find_files' dropped \d+ keywords:\n/);
    expect(gemini.stderr).toContain("  properties.path: 'format' removed: Gemini does not support format 'path'");
    const json = await cli(['schema', 'find_files', '--provider', 'gemini', '--json']);
    expect(json.stderr).toBe('');
    const exported = JSON.parse(json.stdout) as { name: string; provider: string; schema: unknown; dropped: Array<{ keyword: string; path: string; action: string; reason: string }> };
    expect(exported).toMatchObject({ name: 'find_files', provider: 'gemini', schema: { name: 'find_files' } });
    expect(exported.dropped).toContainEqual(expect.objectContaining({ keyword: 'format', path: 'properties.path', action: 'removed' }));
    expect(gemini.stderr.trimEnd().split('\n')).toHaveLength(exported.dropped.length + 1);
  });

  it('should say which tools file threw while loading and why, and print the stack with --verbose', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'victor-s16-broken-'));
    writeFileSync(join(dir, 'fine.js'), 'exports.x = 1;\n');
    writeFileSync(join(dir, 'bad.js'), "throw new TypeError('no API key in the environment');\n");
    const quiet = await victorTools(['list', '--tools', dir]);
    expect(quiet.code).toBe(1);
    expect(quiet.stderr).toBe(`error: Could not load the tools in '${dir}': 'bad.js' threw while loading: TypeError: no API key in the environment\n`);
    const verbose = await victorTools(['list', '--tools', dir, '--verbose']);
    expect(verbose.stderr).toContain(`TypeError: no API key in the environment\n    at `);
    expect(verbose.stderr).toContain(join(dir, 'bad.js'));
  });

  it('should load .ts tool files, decorators included, with the built CLI', async () => {
    const ran = await victorTools(['call', 'greet', '{"who": "Ada"}', '--tools', TS_TOOLS]);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout)).toEqual({ success: true, output: 'Hello, Ada!' });
  });

  it('should print the suggestions for an unknown tool on stderr, as schema does', async () => {
    const called = await cli(['--tools', CLI_TOOLS, 'call', 'shuot', '{}']);
    expect(called.code).toBe(1);
    expect(called.stderr).toBe("error: Tool 'shuot' not found. Did you mean 'shout'? Run 'victor-tools list' to see the tools.\n");
    expect(called.stderr).toBe((await cli(['--tools', CLI_TOOLS, 'schema', 'shuot'])).stderr);
  });

  it('should fit tables to the terminal width', async () => {
    const wide = await cli(['--tools', CLI_TOOLS, 'search', 'shout', 'the', 'text', 'in', 'capitals', 'uppercase'], { columns: 40 });
    expect(wide.code).toBe(0);
    for (const line of wide.stdout.trimEnd().split('\n')) expect([...line].length).toBeLessThanOrEqual(40);
    let out = '';
    const tty = { write: (t: string) => (out += t), isTTY: true, columns: 50, hasColors: () => false };
    await run(['--tools', CLI_TOOLS, 'search', 'shout', 'the', 'text', 'in', 'capitals', 'uppercase'], { stdout: tty, stderr: { write: () => true }, env: {} });
    for (const line of out.trimEnd().split('\n')) expect([...line].length).toBeLessThanOrEqual(50);
  });

  it('should colour where asked, honouring NO_COLOR and FORCE_COLOR, and never a pipe by default', async () => {
    const piped = await victorTools(['call', 'nope', '{}', '--tools', CLI_TOOLS]);
    expect(piped.stderr).not.toContain('\u001b[');
    const forced = await victorTools(['call', 'nope', '{}', '--tools', CLI_TOOLS], { FORCE_COLOR: '1' });
    expect(forced.stderr).toContain('\u001b[31merror:\u001b[39m');
    expect(() => JSON.parse(forced.stdout)).not.toThrow();
    const listed = await victorTools(['list', '--tools', CLI_TOOLS], { FORCE_COLOR: '1' });
    expect(listed.stdout).toContain('\u001b[1mname\u001b[22m');
    const none = await cli(['--tools', CLI_TOOLS, 'list'], { env: { NO_COLOR: '1' } });
    expect(none.stdout).not.toContain('\u001b[');
  });
});

describe('call arguments from a file, relative to the working directory', () => {
  it('should read @args.json', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'victor-s16-args-'));
    mkdirSync(join(dir, 'in'));
    writeFileSync(join(dir, 'in', 'args.json'), '{"text": "hey"}');
    const before = process.cwd();
    process.chdir(dir);
    try {
      const ran = await cli(['--tools', CLI_TOOLS, 'call', 'shout', '@in/args.json']);
      expect(ran.code).toBe(0);
      expect(JSON.parse(ran.stdout).output).toBe('HEY');
    } finally {
      process.chdir(before);
    }
  });
});
