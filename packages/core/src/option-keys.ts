import { capText, describeValue } from './error-text';
import { suggestNames } from './suggest-names';

/**
 * Throws a TypeError naming an option `owner` does not take, and the known
 * one it is close to, if any: `selectTools: unknown option 'sandbx' (did you
 * mean 'sandbox'?); it takes maxTools, ...`. A misspelt option would
 * otherwise be dropped in silence (`maxTool: 3` selecting 10 tools). One
 * given as `undefined` is let through, as absent: spreading optional values
 * is common. Options that are not an object are refused too.
 */
export function checkOptionKeys(owner: string, options: unknown, known: readonly string[]): void {
  if (options === null || typeof options !== 'object') throw new TypeError(`${owner}: options must be an object, got ${describeValue(options)}.`);
  for (const key of Object.keys(options)) {
    if (known.includes(key) || (options as Record<string, unknown>)[key] === undefined) continue;
    const [close] = suggestNames(key, known, 1);
    const hint = close === undefined ? '' : ` (did you mean '${close}'?)`;
    throw new TypeError(`${owner}: unknown option '${capText(key)}'${hint}; it takes ${known.join(', ')}.`);
  }
}
