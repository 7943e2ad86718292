import { describeValue } from './error-text';
import {
  AccessMode,
  DangerLevel,
  ExecutionCategory,
  Priority,
  type AccessModeLike,
  type DangerLevelLike,
  type ExecutionCategoryLike,
  type PriorityLike,
} from './enums';

/**
 * What a tool is for and how it behaves, used for selection, policy and
 * parallel execution. Projects add their own fields by declaration merging:
 *
 * ```ts
 * declare module '@victor-tools/core' {
 *   interface ToolMetadata { team?: string }
 * }
 * ```
 */
export interface ToolMetadata {
  category: string;
  keywords: string[];
  useCases: string[];
  examples: string[];
  priorityHints: string[];
  priority: Priority;
  accessMode: AccessMode;
  dangerLevel: DangerLevel;
  stages: string[];
  mandatoryKeywords: string[];
  taskTypes: string[];
  progressParams: string[];
  executionCategory: ExecutionCategory;
  /**
   * OAuth scopes a caller's token must all grant (checked by the MCP HTTP
   * server with `verifyToken`: `tools/list` shows a caller only the tools its
   * scopes allow, and a call without them is refused naming the missing one).
   */
  requiredScopes?: string[];
}

type EnumFields = 'priority' | 'accessMode' | 'dangerLevel' | 'executionCategory';

/** Metadata as a tool declares it: every field optional, enums as instances or values. */
export type ToolMetadataInput = Partial<Omit<ToolMetadata, EnumFields>> & {
  priority?: PriorityLike;
  accessMode?: AccessModeLike;
  dangerLevel?: DangerLevelLike;
  executionCategory?: ExecutionCategoryLike;
};

/**
 * A list field as declared: an array, or undefined for none. Anything else (a
 * string 'abc' would be spread into letters, or fail deep inside) is refused
 * naming the field.
 */
function stringList(key: string, list: unknown): string[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new TypeError(`its metadata's ${key} must be an array of strings (e.g. ['a', 'b']), got ${describeValue(list)}`);
  return [...(list as string[])];
}

const lower = (key: string, list: unknown): string[] => [...new Set(stringList(key, list).map((s) => String(s).toLowerCase()))];

/**
 * The execution category of a tool that declares none, from its access mode
 * (SPEC section 7): a WRITE, EXECUTE or MIXED tool is never run beside a
 * conflicting call unless it declares a category that allows it.
 */
const CATEGORY_OF_ACCESS: Readonly<Record<AccessMode['value'], ExecutionCategory>> = {
  readonly: ExecutionCategory.READ_ONLY,
  network: ExecutionCategory.NETWORK,
  write: ExecutionCategory.WRITE,
  execute: ExecutionCategory.EXECUTE,
  mixed: ExecutionCategory.MIXED,
};

/**
 * The reference's (Python) keys that mean something here under another
 * spelling, with that spelling: the metadata fields, and the tool's own
 * properties a port may put into its metadata.
 */
const REFERENCE_METADATA_KEYS: Readonly<Record<string, string>> = {
  use_cases: 'useCases',
  priority_hints: 'priorityHints',
  access_mode: 'accessMode',
  danger_level: 'dangerLevel',
  mandatory_keywords: 'mandatoryKeywords',
  task_types: 'taskTypes',
  progress_params: 'progressParams',
  execution_category: 'executionCategory',
};
const REFERENCE_TOOL_KEYS: Readonly<Record<string, string>> = {
  cost_tier: 'costTier',
  is_idempotent: 'isIdempotent',
  availability_check: 'availabilityCheck',
};

/**
 * Why `key` cannot be a metadata field, when it is one of the reference's
 * snake_case keys (kept, it would be an unknown custom field that nothing
 * reads: a WRITE tool declared `access_mode: 'write'` would run as READONLY);
 * `undefined` for any other key.
 */
export function referenceMetadataKeyProblem(key: string): string | undefined {
  if (!key.includes('_')) return undefined;
  if (Object.hasOwn(REFERENCE_METADATA_KEYS, key)) return `metadata key '${key}' is the reference's spelling: write '${REFERENCE_METADATA_KEYS[key]}'`;
  if (Object.hasOwn(REFERENCE_TOOL_KEYS, key)) {
    const camel = REFERENCE_TOOL_KEYS[key];
    return `metadata key '${key}' is the reference's spelling of '${camel}', which is not metadata here: declare it as the tool's own '${camel}' (a getter of a BaseTool, an option of tool() and @Tool)`;
  }
  return undefined;
}

/**
 * Fills the defaults of a declared metadata (priority MEDIUM, access
 * READONLY, danger SAFE, the execution category of the access mode) and
 * lower-cases keywords, stages, task types and mandatory keywords. Extra
 * (merged) fields pass through. Throws a TypeError naming the camelCase key
 * for one of the reference's snake_case keys (`access_mode`, `use_cases`...).
 */
export function normalizeMetadata(input: ToolMetadataInput = {}): ToolMetadata {
  const accessMode = AccessMode.from(input.accessMode ?? AccessMode.READONLY);
  const normalized: ToolMetadata = {
    category: input.category ?? 'general',
    keywords: lower('keywords', input.keywords),
    useCases: stringList('useCases', input.useCases),
    examples: stringList('examples', input.examples),
    priorityHints: stringList('priorityHints', input.priorityHints),
    priority: Priority.from(input.priority ?? Priority.MEDIUM),
    accessMode,
    dangerLevel: DangerLevel.from(input.dangerLevel ?? DangerLevel.SAFE),
    stages: lower('stages', input.stages),
    mandatoryKeywords: lower('mandatoryKeywords', input.mandatoryKeywords),
    taskTypes: lower('taskTypes', input.taskTypes),
    progressParams: stringList('progressParams', input.progressParams),
    executionCategory: input.executionCategory === undefined ? CATEGORY_OF_ACCESS[accessMode.value] : ExecutionCategory.from(input.executionCategory),
  };
  if (input.requiredScopes !== undefined) normalized.requiredScopes = requiredScopesOf(input.requiredScopes);
  // Extra (declaration-merged) fields are copied after the known ones and never
  // over them: a merged field keeps its value, and a known one is always the
  // normalized value (an enum instance, lower-cased keywords), never the input's.
  for (const key of Object.keys(input)) {
    if (key in normalized) continue;
    const problem = referenceMetadataKeyProblem(key);
    if (problem !== undefined) throw new TypeError(`${problem}.`);
    (normalized as unknown as Record<string, unknown>)[key] = (input as Record<string, unknown>)[key];
  }
  return normalized;
}

/** The declared scopes, checked here so that a mistake shows at registration, not as a tool nobody can call. */
function requiredScopesOf(scopes: unknown): string[] {
  if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === 'string' && /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope))) {
    throw new TypeError("its metadata's requiredScopes must be an array of OAuth scope names (printable ASCII without spaces, quotes or backslashes)");
  }
  return [...new Set(scopes as string[])];
}
