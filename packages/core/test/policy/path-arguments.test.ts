import { findPathArguments, isPathLikeName } from '../../src/policy/path-arguments';

describe('isPathLikeName', () => {
  it.each([
    // SPEC section 12: names ending in path, file, dir, directory, cwd (plurals too).
    'path', 'filePath', 'FILEPATH', 'target_file', 'outputDir', 'destinationDirectory', 'cwd', 'paths', 'files', 'directories',
    // Issue 10: the reference's and common names for a place on disk, as the last word.
    'filename', 'file_name', 'fileName', 'dest', 'destination', 'output', 'out', 'target', 'source', 'src', 'location', 'to',
    'from', 'dir', 'folder', 'backup-destination', 'srcFolder', 'copy_to', 'move_from', 'output_filename',
  ])('should take %s for a path', (name) => {
    expect(isPathLikeName(name)).toBe(true);
  });

  it.each(['content', 'query', 'photo', 'auto', 'outcome', 'sourcing', 'limit', 'message', 'toggle', 'fromage', 'name', ''])(
    'should not take %s for a path',
    (name) => {
      expect(isPathLikeName(name)).toBe(false);
    },
  );

  it('should look only at the end of a huge name', () => {
    const started = performance.now();
    expect(isPathLikeName(`${'x'.repeat(16_000_000)}_output`)).toBe(true);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('findPathArguments', () => {
  it('should find strings under path-like names, at any depth, and name where they sit', () => {
    const args = { path: 'a', note: '/etc/x', options: { output: 'b', nested: { files: ['c', 'd'] } }, list: [{ dest: 'e' }, { label: 'f' }] };
    expect(findPathArguments(args, undefined)).toEqual([
      { where: 'path', value: 'a' },
      { where: 'options.output', value: 'b' },
      { where: 'options.nested.files.0', value: 'c' },
      { where: 'options.nested.files.1', value: 'd' },
      { where: 'list.0.dest', value: 'e' },
    ]);
  });

  it("should find strings whose schema declares format: 'path', through properties, items and tuples", () => {
    const schema = {
      type: 'object',
      properties: {
        where: { type: 'string', format: 'path' },
        either: { anyOf: [{ type: 'string', format: 'path' }, { type: 'number' }] },
        list: { type: 'array', items: { type: 'string', format: 'path' } },
        pair: { type: 'array', items: [{ type: 'string' }, { type: 'string', format: 'path' }] },
        inner: { type: 'object', properties: { spot: { type: 'string', format: 'path' } } },
      },
    };
    const args = { where: 'w', either: 'e', list: ['l0'], pair: ['not', 'p1'], inner: { spot: 's' }, other: 'o' };
    expect(findPathArguments(args, schema).map((found) => found.where)).toEqual(['where', 'either', 'list.0', 'pair.1', 'inner.spot']);
  });

  it('should judge a nested key by its own name, not by the name above it', () => {
    expect(findPathArguments({ output: { format: 'json', name: 'x' } }, undefined)).toEqual([]);
  });

  it('should walk a large argument object without recursion', () => {
    let deep: Record<string, unknown> = { path: 'bottom' };
    for (let i = 0; i < 50_000; i++) deep = { level: deep };
    expect(findPathArguments(deep, undefined)).toHaveLength(1);
    const wide = { targets: Array.from({ length: 100_000 }, (_, i) => `t${i}`), numbers: Array.from({ length: 100_000 }, (_, i) => i) };
    expect(findPathArguments(wide, undefined)).toHaveLength(100_000);
  });
});
