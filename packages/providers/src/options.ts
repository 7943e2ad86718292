import { describeValue } from '@victor-tools/core/internal';

/**
 * Throws a TypeError for an exporter's option given a value it does not take:
 * `{ strict: 'yes' }` or `{ api: 'response' }` would otherwise export another
 * shape in silence.
 */
export function checkOption(exporter: string, option: string, value: unknown, allowed: readonly unknown[]): void {
  if (value === undefined || allowed.includes(value)) return;
  const choices = allowed.map((each) => (typeof each === 'string' ? `'${each}'` : String(each))).join(' or ');
  throw new TypeError(`${exporter}: option '${option}' must be ${choices}, got ${describeValue(value)}.`);
}
