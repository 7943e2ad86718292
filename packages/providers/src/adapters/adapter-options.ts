import { checkOptionKeys, describeValue } from '@victor-tools/core/internal';

/**
 * Throws a TypeError for an option an adapter does not take (one given as
 * `undefined` is let through), naming a close known one: a misspelt
 * `context` (`ctx: { mode: 'plan' }`) would otherwise run every call outside
 * the mode it names, in silence. Core's `checkOptionKeys`, under the name the
 * adapters know. A `context` that is given must be an object (the
 * `ToolExecutionContext` every call runs with): `context: 'x'` or `null` was
 * taken as no context, in silence.
 */
export function checkAdapterOptions(adapter: string, options: object, known: readonly string[]): void {
  checkOptionKeys(adapter, options, known);
  if (known.includes('context')) {
    const context: unknown = (options as { context?: unknown }).context;
    if (context !== undefined && (context === null || typeof context !== 'object' || Array.isArray(context))) {
      throw new TypeError(`${adapter}: context must be an object (the ToolExecutionContext every call runs with: mode, sandbox, ...), got ${describeValue(context)}.`);
    }
  }
}
