/**
 * Freezes `value` and every plain object and array inside it: what a check
 * passed (a validated copy, a Standard Schema library's output, a rendered
 * schema) stays what runs. Objects of other classes (a Date, a Map, a
 * transform's own) are left as they are and not walked; a frozen object is
 * not walked again, so a shared object or a cycle costs one visit. Linear, no
 * recursion; arrays are walked by index (`for...in` would make a string of
 * every index, a million for a million items).
 */
export function freezePlainData<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || Object.isFrozen(node)) continue;
    if (Array.isArray(node)) {
      Object.freeze(node);
      for (let i = 0; i < node.length; i++) stack.push(node[i]);
    } else if (isPlainObject(node)) {
      Object.freeze(node);
      // Own keys only: an enumerable property someone added to Object.prototype is not the data's.
      for (const key of Object.keys(node)) stack.push((node as Record<string, unknown>)[key]);
    }
  }
  return value;
}

function isPlainObject(node: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(node);
  return prototype === Object.prototype || prototype === null;
}
