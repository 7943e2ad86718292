// `pnpm test` on a machine without redis-server: scripts/test.mjs finds it,
// installs it (as root, with apt-get), or stops at once with what to do. Run
// here with a PATH that holds only node, so that neither redis-server nor
// apt-get can be found, and only its --print-redis step (nothing is built).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SCRIPT = join(__dirname, '..', 'scripts', 'test.mjs');
let bare: string;

beforeAll(() => {
  bare = mkdtempSync(join(tmpdir(), 'vt-bare-path-'));
  symlinkSync(process.execPath, join(bare, 'node'));
});
afterAll(() => rmSync(bare, { recursive: true, force: true }));

function testCommand(env: Record<string, string>) {
  const run = spawnSync(process.execPath, [SCRIPT, '--print-redis'], { encoding: 'utf8', env: { PATH: bare, ...env } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('pnpm test without redis-server', () => {
  it('should stop before building, saying how to install redis-server or name one', () => {
    const { code, stdout, stderr } = testCommand({});
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('pnpm test: the queue tests need redis-server (Redis 6.2 or later), and none was found or could be installed here.');
    expect(stderr).toContain('apt-get install redis-server');
    expect(stderr).toContain('REDIS_SERVER=/path/to/redis-server pnpm test');
  });

  it('should take the redis-server that REDIS_SERVER names, off PATH', () => {
    const fake = join(bare, 'elsewhere-redis-server');
    symlinkSync(process.execPath, fake);
    expect(testCommand({ REDIS_SERVER: fake })).toEqual({ code: 0, stdout: `${fake}\n`, stderr: '' });
  });

  it('should refuse a REDIS_SERVER that is not an executable', () => {
    const { code, stderr } = testCommand({ REDIS_SERVER: join(bare, 'missing') });
    expect(code).toBe(1);
    expect(stderr).toBe(`pnpm test: REDIS_SERVER=${join(bare, 'missing')} is not an executable file\n`);
  });
});
