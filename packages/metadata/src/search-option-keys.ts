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

/**
 * Refuses an unknown option of `search`/`searchAsync`, and one of the wrong
 * kind: a `limit` that is not a whole number of at least 0 (or Infinity), a
 * `stage` or `taskType` that is not a string, a `filter` that is not a
 * function, a sandbox that is not a path. A wrong value would otherwise
 * fail deep in the search ('toLowerCase is not a function') or quietly
 * return nothing (`limit: NaN`).
 */
export function checkSearchOptions(owner: string, options: SearchOptions): void {
  checkOptionKeys(owner, options, SEARCH_OPTION_KEYS);
  checkCount(owner, 'limit', options.limit);
  checkSearchValues(owner, options);
}

/** The checks of the options `search` shares with `selectTools`: stage, taskType, filter and sandbox. */
export function checkSearchValues(owner: string, options: Pick<SearchOptions, 'stage' | 'taskType' | 'sandbox'> & { filter?: unknown }): void {
  checkString(owner, 'stage', options.stage);
  checkString(owner, 'taskType', options.taskType);
  if (options.filter !== undefined && typeof options.filter !== 'function') {
    throw new TypeError(`${owner}: filter must be a function (name) => boolean, got ${describeValue(options.filter)}.`);
  }
  checkSandbox(owner, options.sandbox);
}

/**
 * Refuses a count (`limit`, `maxTools`) that is not a whole number of at
 * least 0, or Infinity for no cap: NaN, a negative number or a fraction
 * would otherwise select nothing, or a string be compared as a number.
 */
export function checkCount(owner: string, name: string, value: unknown): void {
  if (value === undefined) return;
  if (typeof value !== 'number') throw new TypeError(`${owner}: ${name} must be a number, got ${describeValue(value)}.`);
  if (!(value >= 0 && (Number.isInteger(value) || value === Infinity))) {
    throw new RangeError(`${owner}: ${name} must be a whole number of at least 0 (Infinity for no cap), got ${value}.`);
  }
}

/** Refuses an option that must be a string when given. */
export function checkString(owner: string, name: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'string') throw new TypeError(`${owner}: ${name} must be a string, got ${describeValue(value)}.`);
}

/** Refuses a `sandbox` option that is not a path (core's policy would take it as no sandbox, in silence). */
export function checkSandbox(owner: string, sandbox: unknown): void {
  if (sandbox !== undefined && typeof sandbox !== 'string') {
    throw new TypeError(`${owner}: sandbox must be the sandbox directory's path (a string, as ctx.sandbox), got ${describeValue(sandbox)}.`);
  }
}
