import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { FIXTURE_TOOLS, TYPESCRIPT_TOOLS } from '../support/run-cli';

// The built CLI installed as npm installs it by default: its dependencies,
// none of its optional peers (@victor-tools/queue with BullMQ, tsx with
// esbuild, @victor-tools/semantic with its word vectors). A node_modules made of the built package and links to its
// dependencies, outside the repository so that nothing else can be found.
const PACKAGE = join(__dirname, '..', '..');

jest.setTimeout(30_000);

let root: string;
let bin: string;

beforeAll(() => {
  if (!existsSync(join(PACKAGE, 'dist', 'bin.js'))) throw new Error("the lean install test runs the built CLI: run 'pnpm build' first");
  root = mkdtempSync(join(tmpdir(), 'vt-lean-cli-'));
  const installed = join(root, 'node_modules', '@victor-tools', 'cli');
  mkdirSync(installed, { recursive: true });
  cpSync(join(PACKAGE, 'dist'), join(installed, 'dist'), { recursive: true });
  cpSync(join(PACKAGE, 'package.json'), join(installed, 'package.json'));
  const manifest = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const name of Object.keys(manifest.dependencies)) {
    const link = join(root, 'node_modules', name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(realpathSync(join(PACKAGE, 'node_modules', name)), link, 'dir');
  }
  bin = join(installed, 'dist', 'bin.js');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

function cli(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' }, timeout: 20_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('the CLI installed without its optional peers', () => {
  it('should have none of @victor-tools/queue, @victor-tools/semantic and tsx to load (the test would prove nothing otherwise)', () => {
    const probe = spawnSync(process.execPath, ['-e', "for (const m of ['@victor-tools/queue', '@victor-tools/semantic', 'tsx/cjs/api', 'bullmq', 'esbuild']) { try { require.resolve(m); console.log(m); } catch {} }"], {
      cwd: join(root, 'node_modules', '@victor-tools', 'cli'),
      encoding: 'utf8',
    });
    expect(probe.stdout).toBe('');
  });

  it('should list and call tools as usual', () => {
    const list = cli(['list', '--json', '--tools', FIXTURE_TOOLS]);
    expect(list.stderr).toBe('');
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout).map((t: { name: string }) => t.name)).toContain('echo');
    const call = cli(['call', 'echo', '{"message":"hi"}', '--tools', FIXTURE_TOOLS]);
    expect(call.code).toBe(0);
    expect(JSON.parse(call.stdout)).toEqual(expect.objectContaining({ success: true }));
  });

  it('should refuse `worker` with the package to install and how', () => {
    const worker = cli(['worker', '--redis', 'redis://127.0.0.1:1', '--tools', FIXTURE_TOOLS]);
    expect(worker.code).toBe(1);
    expect(worker.stdout).toBe('');
    expect(worker.stderr).toBe(
      'error: victor-tools worker needs @victor-tools/queue (BullMQ on Redis), an optional dependency of @victor-tools/cli that is not installed. ' +
        'Install it next to the CLI: npm install @victor-tools/queue (with npx: npx -y -p @victor-tools/cli -p @victor-tools/queue victor-tools ...)\n',
    );
  });

  it('should refuse `serve --redis` the same way, before serving anything', () => {
    const serve = cli(['serve', '--redis', 'redis://127.0.0.1:1', '--tools', FIXTURE_TOOLS]);
    expect(serve.code).toBe(1);
    expect(serve.stderr).toContain('error: victor-tools serve --redis needs @victor-tools/queue (BullMQ on Redis), an optional dependency of @victor-tools/cli');
    expect(serve.stderr).toContain('npm install @victor-tools/queue');
  });

  it('should refuse `gateway --semantic` with the package to install, before starting any server', () => {
    const gateway = cli(['gateway', '--config', 'servers.json', '--progressive', '--semantic']);
    expect(gateway.code).toBe(1);
    expect(gateway.stderr).toBe(
      'error: victor-tools gateway --semantic needs @victor-tools/semantic (offline word vectors), an optional dependency of @victor-tools/cli that is not installed. ' +
        'Install it next to the CLI: npm install @victor-tools/semantic (with npx: npx -y -p @victor-tools/cli -p @victor-tools/semantic victor-tools ...)\n',
    );
  });

  it('should skip TypeScript tool files with a warning that names `npm install tsx`', () => {
    const list = cli(['list', '--json', '--tools', TYPESCRIPT_TOOLS]);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([]);
    expect(list.stderr).toBe(
      'warning: skipped 1 TypeScript tool file(s) (greet.ts): they are loaded with tsx, an optional dependency of @victor-tools/cli that is not installed: ' +
        'npm install tsx (next to the CLI). Otherwise compile them to .js and pass that directory, or run victor-tools under a TypeScript runtime (node --import tsx).\n',
    );
  });
});
