import { hasOwn } from '../own-property';

/**
 * Whether `value` holds more than `limit` values: itself, and every item and
 * property value inside it, at any depth (`{ list: [1, 2] }` holds 4). The
 * walk stops as soon as the answer is known, so it takes at most about
 * `limit` steps whatever it is given (a cycle only counts until the limit),
 * and it does not recurse, so no depth can overflow the stack.
 */
export function holdsMoreValuesThan(value: unknown, limit: number): boolean {
  if (limit === Infinity) return false;
  let counted = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    if (counted + pending.length > limit) return true;
    const node = pending.pop();
    counted++;
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        pending.push(node[i]);
        if (counted + pending.length > limit) return true;
      }
    } else {
      for (const key in node) {
        if (!hasOwn(node, key)) continue;
        pending.push((node as Record<string, unknown>)[key]);
        if (counted + pending.length > limit) return true;
      }
    }
  }
  return false;
}
