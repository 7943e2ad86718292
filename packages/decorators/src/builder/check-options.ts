import { CostTier } from '@victor-tools/core';
import { capText, describeValue, normalizeMetadata, referenceMetadataKeyProblem, timeoutProblem, toolNameProblem } from '@victor-tools/core/internal';
import { DecoratorUsageError } from '../errors/decorator-usage-error';
import type { ToolOptions } from '../options';
import { METADATA_KEYS, metadataFromOptions } from './declaration';

/** The two ways to declare a tool, each with its name for the parameters (SPEC section 9). */
export type ToolDoor = '@Tool' | 'tool()';

const PARAMETERS_KEY: Readonly<Record<ToolDoor, string>> = { '@Tool': 'params', 'tool()': 'parameters' };

/** Every option but the parameters, which each door names its own way. */
const COMMON_KEYS: readonly string[] = [
  'name',
  'description',
  'aliases',
  'costTier',
  'isIdempotent',
  'availabilityCheck',
  'timeoutMs',
  'pathParams',
  'outputSchema',
  ...METADATA_KEYS,
  'metadata',
] satisfies readonly (keyof ToolOptions)[];

const KNOWN: Readonly<Record<ToolDoor, ReadonlySet<string>>> = {
  '@Tool': new Set([...COMMON_KEYS, PARAMETERS_KEY['@Tool']]),
  'tool()': new Set([...COMMON_KEYS, PARAMETERS_KEY['tool()']]),
};

/** `use_cases` -> `useCases`. */
function camelCase(key: string): string {
  return key.replace(/_+([a-z0-9])/g, (_match, c: string) => c.toUpperCase());
}

/**
 * Refuses, at declaration, every option that would be kept and never read:
 * an unknown key (a misspelt `accesMode` would leave a WRITE tool READONLY),
 * a key as the reference (Python) spells it (`access_mode`, `use_cases`,
 * `cost_tier`), and the other door's name for the parameters. Each error
 * names the key and the right one. Keys of the `metadata` option are the
 * project's own fields (declaration merging), so only the reference's
 * spellings are refused there. Then the values, as the registry reads them
 * (the name by the registry's rule, timeoutMs, the enums, the metadata lists).
 */
export function checkToolOptions(options: unknown, door: ToolDoor, owner: string): asserts options is ToolOptions {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new DecoratorUsageError(`${owner}: the options must be an object, got ${describeValue(options)}.`);
  }
  const known = KNOWN[door];
  for (const key of Object.keys(options)) {
    if (known.has(key)) continue;
    throw new DecoratorUsageError(`${owner}: ${optionProblem(key, door)}.`);
  }
  const metadata = (options as ToolOptions).metadata;
  if (metadata !== undefined && metadata !== null && typeof metadata === 'object') {
    for (const key of Object.keys(metadata)) {
      const problem = referenceMetadataKeyProblem(key);
      if (problem !== undefined) throw new DecoratorUsageError(`${owner}: ${problem}.`);
    }
  }
  checkValues(options as ToolOptions, owner);
}

/**
 * Refuses, at declaration, the values the registry would refuse at
 * registration (`priority: 9`, `accessMode: 'bogus'`, `costTier: 'cheap'`):
 * the enums' TypeError, naming the tool. Aliases are names too: an array of
 * them, each by the name's rule.
 */
function checkValues(options: ToolOptions, owner: string): void {
  const name: unknown = options.name;
  if (name !== undefined) {
    if (typeof name !== 'string' || name === '') throw new TypeError(`${owner}: name must be a non-empty string, got ${name === '' ? "''" : describeValue(name)}.`);
    const problem = toolNameProblem(name);
    if (problem !== undefined) throw new TypeError(`${owner}: name '${capText(name)}' cannot be a tool's name: ${problem}.`);
  }
  const aliases: unknown = options.aliases;
  if (aliases !== undefined) {
    // A string would be spread into one alias per character.
    if (!Array.isArray(aliases)) throw new TypeError(`${owner}: aliases must be an array of names (e.g. ['fetch']), got ${describeValue(aliases)}.`);
    for (const alias of aliases as unknown[]) {
      if (typeof alias !== 'string' || alias === '') throw new TypeError(`${owner}: each alias must be a non-empty string, got ${describeValue(alias)}.`);
      const problem = toolNameProblem(alias);
      if (problem !== undefined) throw new TypeError(`${owner}: alias '${capText(alias)}' cannot be a tool's name: ${problem}.`);
    }
  }
  const timeout = timeoutProblem(options.timeoutMs);
  if (timeout !== undefined) throw new TypeError(`${owner}: ${timeout}.`);
  try {
    if (options.costTier !== undefined) CostTier.from(options.costTier);
    const metadata = metadataFromOptions(options);
    if (metadata !== undefined) normalizeMetadata(metadata);
  } catch (error) {
    if (error instanceof TypeError) throw new TypeError(`${owner}: ${error.message}`, { cause: error });
    throw error;
  }
}

function optionProblem(key: string, door: ToolDoor): string {
  const parameters = PARAMETERS_KEY[door];
  const otherDoor: ToolDoor = door === '@Tool' ? 'tool()' : '@Tool';
  if (key === PARAMETERS_KEY[otherDoor]) {
    return `option '${key}' is ${otherDoor}'s name for the parameters: ${door} takes them as '${parameters}'`;
  }
  const camel = camelCase(key);
  if (camel !== key && (KNOWN[door].has(camel) || camel === PARAMETERS_KEY[otherDoor])) {
    const right = camel === PARAMETERS_KEY[otherDoor] ? parameters : camel;
    return `option '${key}' is the reference's spelling: write '${right}'`;
  }
  const close = [...KNOWN[door]].find((known) => known.toLowerCase() === key.toLowerCase());
  const hint = close === undefined ? '' : ` Did you mean '${close}'?`;
  return `unknown option '${key}'.${hint} ${door} takes ${[...KNOWN[door]].join(', ')}`;
}
