/**
 * Sets `key` on `target` as an own, enumerable, writable data property. For
 * keys that come from the caller, `__proto__` above all: an assignment would
 * set the object's prototype instead of adding a key, a definition never does.
 */
export function defineOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** `Object.prototype.hasOwnProperty`, for objects that may shadow or lack it. */
export function hasOwn(target: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(target, key);
}
