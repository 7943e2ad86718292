import { checkOptionKeys } from '@victor-tools/core/internal';

/**
 * Throws a TypeError for an option an adapter does not take (one given as
 * `undefined` is let through), naming a close known one: a misspelt
 * `context` (`ctx: { mode: 'plan' }`) would otherwise run every call outside
 * the mode it names, in silence. Core's `checkOptionKeys`, under the name the
 * adapters know.
 */
export function checkAdapterOptions(adapter: string, options: object, known: readonly string[]): void {
  checkOptionKeys(adapter, options, known);
}
