// Deep strict equality without recursion (not a test file): `isDeepStrictEqual`
// recurses once per level, and on Node 22 under jest an object nested 1000
// levels deep overflows its stack, failing a property about the registry with
// an error of the check itself.

/**
 * Whether `a` and `b` are deeply equal as `util.isDeepStrictEqual` says for
 * plain data: the same prototypes, the same own keys (strings and symbols)
 * with the same enumerability, equal values (`Object.is` for primitives),
 * the same accessors, equal dates, and cycles in the same places.
 */
export function sameDeep(a: unknown, b: unknown): boolean {
  const pending: Array<[unknown, unknown]> = [[a, b]];
  const paired = new Map<object, object>();
  while (pending.length > 0) {
    const [x, y] = pending.pop()!;
    if (Object.is(x, y)) continue;
    if (x === null || y === null || typeof x !== 'object' || typeof y !== 'object') return false;
    const partner = paired.get(x);
    if (partner !== undefined) {
      if (partner === y) continue;
      return false;
    }
    paired.set(x, y);
    if (Object.getPrototypeOf(x) !== Object.getPrototypeOf(y)) return false;
    if (x instanceof Date) {
      if (x.getTime() !== (y as Date).getTime()) return false;
      continue;
    }
    const keys = Reflect.ownKeys(x);
    if (keys.length !== Reflect.ownKeys(y).length) return false;
    for (const key of keys) {
      const dx = Object.getOwnPropertyDescriptor(x, key)!;
      const dy = Object.getOwnPropertyDescriptor(y, key);
      if (dy === undefined || dx.enumerable !== dy.enumerable) return false;
      if ('value' in dx) {
        if (!('value' in dy)) return false;
        pending.push([dx.value, dy.value]);
      } else if (dx.get !== dy.get || dx.set !== dy.set) {
        return false;
      }
    }
  }
  return true;
}
