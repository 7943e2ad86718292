import { checkOptionKeys, describeValue } from '@victor-tools/core/internal';
import type { SearchOptions } from './types';

// Every key of the options type, once: the compiler refuses a list that
// misses a key of the interface or names one it does not have.
const SEARCH_KEYS: { readonly [K in keyof Required<SearchOptions>]: true } = {
  limit: true,
  stage: true,
  taskType: true,
  maxCostTier: true,
  mode: true,
  sandbox: true,
  filter: true,
  signal: true,
};

const SEARCH_OPTION_KEYS: readonly string[] = Object.freeze(Object.keys(SEARCH_KEYS));

/** Refuses an unknown option of `search`/`searchAsync`, and a sandbox that is not a path. */
export function checkSearchOptions(owner: string, options: SearchOptions): void {
  checkOptionKeys(owner, options, SEARCH_OPTION_KEYS);
  checkSandbox(owner, options.sandbox);
}

/** Refuses a `sandbox` option that is not a path (core's policy would take it as no sandbox, in silence). */
export function checkSandbox(owner: string, sandbox: unknown): void {
  if (sandbox !== undefined && typeof sandbox !== 'string') {
    throw new TypeError(`${owner}: sandbox must be the sandbox directory's path (a string, as ctx.sandbox), got ${describeValue(sandbox)}.`);
  }
}
