import { mkdirSync, mkdtempSync, realpathSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_PATH_LENGTH, quote, resolveInside, rootFor } from '../src/safe-path';

function tree() {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'safe-path-')));
  const root = join(base, 'root');
  mkdirSync(join(root, 'a', 'b'), { recursive: true });
  mkdirSync(join(base, 'outside'));
  symlinkSync(join(base, 'outside'), join(root, 'out-link'));
  symlinkSync(join(root, 'a', 'b'), join(root, 'in-link'));
  return { base, root };
}

describe('resolveInside', () => {
  const { base, root } = tree();

  it('should resolve paths under the root to their real location', () => {
    expect(resolveInside(root, 'a/b')).toBe(join(root, 'a', 'b'));
    expect(resolveInside(root, './a//b/.')).toBe(join(root, 'a', 'b'));
    expect(resolveInside(root, 'in-link')).toBe(join(root, 'a', 'b'));
    expect(resolveInside(root, '.')).toBe(root);
  });

  it('should keep components that do not exist yet, and let .. climb back out of them', () => {
    expect(resolveInside(root, 'a/new/file.txt')).toBe(join(root, 'a', 'new', 'file.txt'));
    expect(resolveInside(root, 'a/new/deeper/../../b')).toBe(join(root, 'a', 'b'));
  });

  it("should resolve a symlink's .. against its target, as the operating system does", () => {
    // in-link is a/b, so in-link/.. is a, not the root.
    expect(resolveInside(root, 'in-link/..')).toBe(join(root, 'a'));
  });

  it('should refuse absolute paths, .. above the root and symlinks leading out', () => {
    expect(() => resolveInside(root, '/etc/passwd')).toThrow("Path '/etc/passwd' is absolute: give a path relative to the root");
    expect(() => resolveInside(root, '../outside')).toThrow("Path '../outside' leaves the root directory");
    expect(() => resolveInside(root, 'a/../../outside')).toThrow('leaves the root directory');
    expect(() => resolveInside(root, 'out-link/x.txt')).toThrow("Path 'out-link/x.txt' leads outside the root directory through a symlink");
    expect(() => resolveInside(root, 'a\0b')).toThrow('contains a NUL character');
    expect(() => resolveInside(join(base, 'root'), 'C:/x')).toThrow('is absolute');
  });

  it('should check a path of 128k components in well under 2 s, with a short message', () => {
    const huge = 'a/'.repeat(128 * 1024);
    const started = Date.now();
    expect(() => resolveInside(root, huge)).toThrow(new Error(`Path ${quote(huge, 60)} is too long: at most ${MAX_PATH_LENGTH} characters`));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(quote(huge, 60)).toBe(`'${'a/'.repeat(30)}...' (262144 characters)`);
  });

  it('should walk a path at the length limit component by component in linear time', () => {
    const longest = 'x/'.repeat(MAX_PATH_LENGTH / 2);
    const climbing = 'a/'.repeat(MAX_PATH_LENGTH / 4) + '../'.repeat(MAX_PATH_LENGTH / 12);
    const started = Date.now();
    expect(resolveInside(root, longest)).toBe(join(root, ...Array(MAX_PATH_LENGTH / 2).fill('x')));
    expect(resolveInside(root, climbing.slice(0, MAX_PATH_LENGTH))).toContain(root);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('rootFor', () => {
  it("should take the call's sandbox when it has one, the tool's root otherwise", () => {
    expect(rootFor({ sandbox: '/srv/sandbox' }, '/home/me')).toBe('/srv/sandbox');
    expect(rootFor({ sandbox: '' }, '/home/me')).toBe('/home/me');
    expect(rootFor({}, '/home/me')).toBe('/home/me');
    expect(rootFor(undefined, '/home/me')).toBe('/home/me');
  });
});
