import { findPathArguments, isPathLikeName } from '../../src/policy/path-arguments';

describe('isPathLikeName', () => {
  it.each([
    // SPEC section 12: names ending in path, file, dir, directory, cwd (plurals too).
    'path', 'filePath', 'FILEPATH', 'target_file', 'outputDir', 'destinationDirectory', 'cwd', 'paths', 'files', 'directories',
    // The reference's and common names for a place on disk, as the last word.
    'filename', 'file_name', 'fileName', 'dest', 'destination', 'output', 'out', 'target', 'source', 'src', 'location', 'to',
    'from', 'dir', 'folder', 'backup-destination', 'srcFolder', 'copy_to', 'move_from', 'output_filename',
    'pathname', 'pathName', 'path_name', 'filePathname', 'dirname', 'dirName', 'root', 'project_root', 'roots',
    // Their plurals.
    'locations', 'srcs', 'dests', 'outs', 'targets', 'sources', 'outputs', 'folders', 'destinations', 'filenames',
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

  // The contract: "a parameter whose schema has format: 'path' is always checked",
  // also where TypeBox and OpenAI strict schemas put it: in a union with null,
  // behind a $ref, in a record's value schema.
  it.each([
    ['a nullable array (anyOf with null)', { spots: { anyOf: [{ type: 'array', items: { type: 'string', format: 'path' } }, { type: 'null' }] } }, { spots: ['a'] }, 'spots.0'],
    ['a union of an object and null', { o: { anyOf: [{ type: 'object', properties: { spot: { type: 'string', format: 'path' } } }, { type: 'null' }] } }, { o: { spot: 'a' } }, 'o.spot'],
    ['a oneOf of tuples', { pair: { oneOf: [{ type: 'array', items: [{ type: 'string' }, { type: 'string', format: 'path' }] }] } }, { pair: ['x', 'a'] }, 'pair.1'],
    ['a JSON pointer $ref', { spot: { $ref: '#/definitions/Where' } }, { spot: 'a' }, 'spot'],
    ['an $id $ref (TypeBox Type.Ref)', { spot: { $ref: 'Where' } }, { spot: 'a' }, 'spot'],
    ['additionalProperties (a map of paths)', { m: { type: 'object', additionalProperties: { type: 'string', format: 'path' } } }, { m: { k: 'a' } }, 'm.k'],
    ['patternProperties (TypeBox Type.Record)', { m: { type: 'object', patternProperties: { '^.*$': { type: 'string', format: 'path' } } } }, { m: { k: 'a' } }, 'm.k'],
    ['additionalItems after a tuple', { t: { type: 'array', items: [{ type: 'integer' }], additionalItems: { type: 'string', format: 'path' } } }, { t: [1, 'a'] }, 't.1'],
  ])("should find a string declared format: 'path' in %s", (_what, properties, args, where) => {
    const schema = {
      type: 'object',
      definitions: { Where: { type: 'string', format: 'path' } },
      properties: { ...properties, defined: { $id: 'Where', type: 'string', format: 'path' } },
    };
    expect(findPathArguments(args, schema)).toEqual([{ where, value: 'a' }]);
  });

  it('should find paths declared in allOf, then and else branches at the top level', () => {
    const schema = { type: 'object', allOf: [{ properties: { spot: { type: 'string', format: 'path' } } }], if: { required: ['x'] }, then: { properties: { other: { format: 'path' } } } };
    expect(findPathArguments({ spot: 'a', other: 'b', note: 'c' }, schema).map((found) => found.where)).toEqual(['spot', 'other']);
  });

  it('should follow a recursive schema and a $ref cycle without looping', () => {
    const tree = { $id: 'Node', type: 'object', properties: { at: { type: 'string', format: 'path' }, children: { type: 'array', items: { $ref: 'Node' } } } };
    const cycle = { type: 'object', definitions: { A: { $ref: '#/definitions/B' }, B: { $ref: '#/definitions/A' } }, properties: { x: { $ref: '#/definitions/A' } } };
    expect(findPathArguments({ at: 'a', children: [{ at: 'b', children: [{ at: 'c' }] }] }, tree).map((found) => found.where)).toEqual(['at', 'children.0.at', 'children.0.children.0.at']);
    expect(findPathArguments({ x: 'a' }, cycle)).toEqual([]);
  });

  it('should stay linear with a schema of many branches over a large argument', () => {
    const branches = Array.from({ length: 200 }, (_, i) => ({ type: 'object', properties: { [`k${i}`]: { type: 'string' } } }));
    const schema = { type: 'object', properties: { list: { type: 'array', items: { anyOf: [{ type: 'object', properties: { spot: { format: 'path' } } }, ...branches] } } } };
    const list = Array.from({ length: 50_000 }, (_, i) => (i % 2 === 0 ? { spot: 'a' } : { [`k${i % 300}`]: 'v' }));
    // CPU time of this process, so that other processes on a shared machine do not count.
    const started = process.cpuUsage();
    const found = findPathArguments({ list }, schema);
    const { user, system } = process.cpuUsage(started);
    expect((user + system) / 1000).toBeLessThan(2_000);
    expect(found).toHaveLength(25_000);
    expect(found[1]).toEqual({ where: 'list.2.spot', value: 'a' });
  });

  it('should check every string below a value whose schema has more nodes than it follows (256), rather than guess', () => {
    const branches = Array.from({ length: 300 }, (_, i) => ({ type: 'object', properties: { [`k${i}`]: { type: 'string' } } }));
    const schema = { type: 'object', properties: { o: { anyOf: branches }, note: { type: 'string' } } };
    expect(findPathArguments({ o: { k1: 'a', deep: { x: ['b'] } }, note: 'c' }, schema).map((found) => found.where)).toEqual(['o.k1', 'o.deep.x.0']);
  });
});
