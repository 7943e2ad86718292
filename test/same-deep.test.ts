import { isDeepStrictEqual } from 'node:util';
import { sameDeep } from './support/same-deep';

// The fuzz suites' "arguments unchanged" check: it must say false when
// anything differs, as isDeepStrictEqual does, and hold at any depth.
describe('sameDeep', () => {
  const cyclic = () => {
    const o: Record<string, unknown> = { a: 1 };
    o.self = o;
    return o;
  };
  it.each<[string, unknown, unknown]>([
    ['equal data', { a: [1, { b: 'x' }], d: new Date(5) }, { a: [1, { b: 'x' }], d: new Date(5) }],
    ['a changed leaf', { a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] }],
    ['an added key', { a: 1 }, { a: 1, b: undefined }],
    ['-0 and 0', { a: -0 }, { a: 0 }],
    ['NaN', { a: NaN }, { a: NaN }],
    ['another prototype', {}, Object.create(null)],
    ['cycles in the same place', cyclic(), cyclic()],
    ['a cycle against a copy', cyclic(), { a: 1, self: { a: 1, self: {} } }],
    ['dates', new Date(1), new Date(2)],
  ])('should agree with isDeepStrictEqual on %s', (_label, a, b) => {
    expect(sameDeep(a, b)).toBe(isDeepStrictEqual(a, b));
  });

  it('should compare objects nested 100,000 levels deep', () => {
    const nest = (leaf: number) => {
      const root: Record<string, unknown> = {};
      let node = root;
      for (let i = 0; i < 100_000; i++) node = node.next = {} as Record<string, unknown>;
      node.leaf = leaf;
      return root;
    };
    expect(sameDeep(nest(1), nest(1))).toBe(true);
    expect(sameDeep(nest(1), nest(2))).toBe(false);
  });
});
