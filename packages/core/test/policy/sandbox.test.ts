import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ToolRegistry } from '@victor-tools/core';
import { isInside, resolveRealPath } from '../../src/policy/sandbox';
import { testTool } from '../registry/helpers';

// Core reaches fs through process.getBuiltinModule, which jest.mock does not see:
// the calls are counted on Node's own module object.
const nodeFs = process.getBuiltinModule('node:fs') as typeof fs;
const lstatSpy = jest.spyOn(nodeFs, 'lstatSync');
const readlinkSpy = jest.spyOn(nodeFs, 'readlinkSync');

describe('resolveRealPath', () => {
  let root: string;
  let box: string;

  beforeAll(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'victor-sandbox-')));
    box = path.join(root, 'box');
    fs.mkdirSync(path.join(box, 'src', 'deep'), { recursive: true });
    fs.mkdirSync(path.join(root, 'outside'));
    fs.symlinkSync(path.join(root, 'outside'), path.join(box, 'escape'));
    fs.symlinkSync('src/deep', path.join(box, 'relative-link'));
    fs.symlinkSync(path.join(root, 'outside', 'not-yet'), path.join(box, 'dangling'));
    fs.symlinkSync('self', path.join(box, 'self'));
    fs.symlinkSync('src', path.join(box, 'down'));
    // A chain of 41 links: a -> b -> ... -> the directory src.
    for (let i = 0; i < 41; i++) fs.symlinkSync(i === 40 ? 'src' : `chain${i + 1}`, path.join(box, `chain${i}`));
  });

  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('should resolve a relative path against the base and fold `.` and `..`', () => {
    expect(resolveRealPath('src/./deep/../x.txt', box)).toBe(path.join(box, 'src', 'x.txt'));
    expect(resolveRealPath('../outside/x', box)).toBe(path.join(root, 'outside', 'x'));
  });

  it('should keep components that do not exist yet, and fold `..` after them lexically', () => {
    expect(resolveRealPath('new/dir/file.txt', box)).toBe(path.join(box, 'new', 'dir', 'file.txt'));
    expect(resolveRealPath('missing/../escape/x', box)).toBe(path.join(root, 'outside', 'x'));
  });

  it('should follow symlinks, absolute and relative, and resolve `..` from where they point', () => {
    expect(resolveRealPath('escape/x', box)).toBe(path.join(root, 'outside', 'x'));
    expect(resolveRealPath('relative-link/y', box)).toBe(path.join(box, 'src', 'deep', 'y'));
    expect(resolveRealPath('relative-link/../../escape', box)).toBe(path.join(root, 'outside'));
  });

  it('should follow a dangling symlink to where writing through it would create a file', () => {
    expect(resolveRealPath('dangling', box)).toBe(path.join(root, 'outside', 'not-yet'));
  });

  it('should stop after 40 symbolic links, as Linux does, counted over the whole path', () => {
    expect(() => resolveRealPath('self/x', box)).toThrow(/Too many symbolic links/);
    expect(() => resolveRealPath('chain0/x', box)).toThrow(/Too many symbolic links/);
    expect(resolveRealPath('chain1/x', box)).toBe(path.join(box, 'src', 'x'));
    // down -> src, so down/.. is the box again, where down is a link once more.
    expect(resolveRealPath(`${'down/../'.repeat(40)}x`, box)).toBe(path.join(box, 'x'));
    expect(() => resolveRealPath(`${'down/../'.repeat(41)}x`, box)).toThrow(/Too many symbolic links/);
  });

  it('should ask the file system only about entries whose parent exists, once each', () => {
    const lstat = lstatSpy;
    const base = box.split(path.sep).length;
    lstat.mockClear();
    resolveRealPath('nope/'.repeat(5_000), box);
    expect(lstat).toHaveBeenCalled();
    expect(lstat.mock.calls.length).toBeLessThanOrEqual(base + 1); // the base's components, then 'nope' once
    lstat.mockClear();
    resolveRealPath('src/../'.repeat(5_000), box);
    expect(lstat.mock.calls.length).toBeLessThanOrEqual(base + 1); // the base's components, then 'src' once
  });

  it('should take time linear in the length of the path, without recursion', () => {
    // The fastest of three runs, so that a busy machine does not decide the ratio.
    const time = (components: number): number => {
      let best = Infinity;
      for (let run = 0; run < 3; run++) {
        const started = performance.now();
        resolveRealPath(`${'a/'.repeat(components)}${'../'.repeat(components)}x`, box);
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    time(1_000);
    const small = time(20_000);
    const large = time(160_000);
    // 8x the input: quadratic work would take 64x; allow noise well below that.
    expect(large).toBeLessThan(Math.max(small * 24, 500));
    expect(resolveRealPath(`${'a/'.repeat(160_000)}${'../'.repeat(160_000)}x`, box)).toBe(path.join(box, 'x'));
  });
});

describe('the path check of one EXPLORE call', () => {
  let box: string;
  const registry = new ToolRegistry();
  registry.register(
    testTool({
      name: 'write_many',
      parameters: { type: 'object', properties: { files: { type: 'array', items: { type: 'string', format: 'path' } } } },
      metadata: { accessMode: 'write' },
      run: () => 'written',
    }),
  );

  beforeAll(() => {
    box = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'victor-many-')));
    fs.mkdirSync(path.join(box, 'd'));
    // l38 -> l37 -> ... -> l0 -> d: every path below l38 goes through 39 links.
    for (let i = 0; i < 39; i++) fs.symlinkSync(i === 0 ? 'd' : `l${i - 1}`, path.join(box, `l${i}`));
  });

  afterAll(() => {
    fs.rmSync(box, { recursive: true, force: true });
  });

  it('should read each link once for all the paths of a call, not once per path', async () => {
    const readlink = readlinkSpy;
    readlink.mockClear();
    const files = Array.from({ length: 5_000 }, (_, i) => `l38/${i}`);
    const started = performance.now();
    const result = await registry.execute('write_many', { files }, { mode: 'explore', sandbox: box });
    expect(result).toMatchObject({ success: true, output: 'written' });
    expect(readlink.mock.calls.length).toBe(39); // l38 -> l37 -> ... -> l0 -> d
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('should refuse a call whose paths need more file-system lookups than a check may ask, asking no more', async () => {
    fs.mkdirSync(path.join(box, 'many'));
    const lstat = lstatSpy;
    // Distinct entries below an existing directory: one lookup each.
    const files = Array.from({ length: 20_000 }, (_, i) => `many/${i}`);
    lstat.mockClear();
    const result = await registry.execute('write_many', { files }, { mode: 'explore', sandbox: box });
    expect(result.error).toBe(
      "Tool 'write_many' refused in explore mode: checking the call's paths against the sandbox needs more than 10000 file-system lookups; send fewer paths per call",
    );
    expect(lstat.mock.calls.length).toBeLessThanOrEqual(10_000 + box.split(path.sep).length);
    // Paths that need no lookup (duplicates, entries below a missing directory) do not count.
    const cheap = [...Array<string>(20_000).fill('many/a'), ...Array.from({ length: 20_000 }, (_, i) => `missing/${i}`)];
    expect(await registry.execute('write_many', { files: cheap }, { mode: 'explore', sandbox: box })).toMatchObject({ success: true });
  });
});

describe('isInside', () => {
  it('should take the directory itself and what is below it, not a sibling sharing its prefix', () => {
    expect(isInside('/srv/box', '/srv/box')).toBe(true);
    expect(isInside('/srv/box/a/b', '/srv/box')).toBe(true);
    expect(isInside('/srv/boxer/a', '/srv/box')).toBe(false);
    expect(isInside('/srv', '/srv/box')).toBe(false);
    expect(isInside('/anything', '/')).toBe(true);
  });
});
