/**
 * Sets `key` on `target` as an own, enumerable, writable property, for keys
 * that come from a caller or a model. An assignment to `__proto__` would set
 * the object's prototype instead of adding a key, so that one key is defined;
 * every other key is assigned, like any key of a plain object (whose
 * prototype holds no setter but `__proto__`'s).
 */
export function setOwn(target: object, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else (target as Record<string, unknown>)[key] = value;
}

/** `Object.prototype.hasOwnProperty`, for objects that may shadow or lack it. */
export function hasOwn(target: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(target, key);
}
