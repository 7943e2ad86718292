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
}

type EnumFields = 'priority' | 'accessMode' | 'dangerLevel' | 'executionCategory';

/** Metadata as a tool declares it: every field optional, enums as instances or values. */
export type ToolMetadataInput = Partial<Omit<ToolMetadata, EnumFields>> & {
  priority?: PriorityLike;
  accessMode?: AccessModeLike;
  dangerLevel?: DangerLevelLike;
  executionCategory?: ExecutionCategoryLike;
};

const lower = (list: readonly string[] | undefined): string[] => [...new Set((list ?? []).map((s) => String(s).toLowerCase()))];

/**
 * Fills the defaults of a declared metadata (priority MEDIUM, access
 * READONLY, danger SAFE, category READ_ONLY) and lower-cases keywords,
 * stages, task types and mandatory keywords. Extra (merged) fields pass through.
 */
export function normalizeMetadata(input: ToolMetadataInput = {}): ToolMetadata {
  const normalized: ToolMetadata = {
    category: input.category ?? 'general',
    keywords: lower(input.keywords),
    useCases: [...(input.useCases ?? [])],
    examples: [...(input.examples ?? [])],
    priorityHints: [...(input.priorityHints ?? [])],
    priority: Priority.from(input.priority ?? Priority.MEDIUM),
    accessMode: AccessMode.from(input.accessMode ?? AccessMode.READONLY),
    dangerLevel: DangerLevel.from(input.dangerLevel ?? DangerLevel.SAFE),
    stages: lower(input.stages),
    mandatoryKeywords: lower(input.mandatoryKeywords),
    taskTypes: lower(input.taskTypes),
    progressParams: [...(input.progressParams ?? [])],
    executionCategory: ExecutionCategory.from(input.executionCategory ?? ExecutionCategory.READ_ONLY),
  };
  // Extra (declaration-merged) fields are copied after the known ones and never
  // over them: a merged field keeps its value, and a known one is always the
  // normalized value (an enum instance, lower-cased keywords), never the input's.
  for (const key of Object.keys(input)) {
    if (!(key in normalized)) (normalized as unknown as Record<string, unknown>)[key] = (input as Record<string, unknown>)[key];
  }
  return normalized;
}
