import { capText } from '@victor-tools/core/internal';

/**
 * Throws a TypeError for an option an adapter does not take (one given as
 * `undefined` is let through): a misspelt `context` (`ctx: { mode: 'plan' }`)
 * would otherwise run every call outside the mode it names, in silence.
 */
export function checkAdapterOptions(adapter: string, options: object, known: readonly string[]): void {
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined || known.includes(key)) continue;
    throw new TypeError(`${adapter}: unknown option '${capText(key)}'; it takes ${known.join(', ')}.`);
  }
}
