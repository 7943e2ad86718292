import { describeValue } from '@victor-tools/core/internal';

/** `request` as the string `method` searches for, or a TypeError saying what was passed instead. */
export function requestText(request: unknown, method: string): string {
  if (typeof request === 'string') return request;
  throw new TypeError(`${method} expects the request as a string, got ${describeValue(request)}.`);
}
