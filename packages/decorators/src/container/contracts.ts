import type { AnyTool, ToolRegistryLike } from '@victor-tools/core/framework';

/**
 * What the container needs of a registry: core's `ToolRegistry` has it, and
 * so does any object with these members of `ToolRegistryLike` (`unregister`
 * undoes a scan that the registry refused part of).
 */
export type ContainerRegistry = Pick<ToolRegistryLike, 'register' | 'unregister' | 'get' | 'has' | 'listTools'>;

/**
 * What the container needs of a `ToolMetadataRegistry` (SPEC section 7):
 * the one of `@victor-tools/metadata` satisfies it.
 */
export interface MetadataRegistryLike {
  refreshFromTools(tools: Iterable<AnyTool>, options?: { force?: boolean }): boolean;
}

/** One tool a scan registered, and where it came from (`file:Class.method`). */
export interface RegisteredEntry {
  name: string;
  source: string;
}

/** One thing a scan left out, and why. */
export interface SkippedEntry {
  /** The value's own name (a class, a function), when it has one. */
  name?: string;
  /** Where it was found: an export (`file:exportName`) or an argument position. */
  export?: string;
  reason: string;
}

/** What `scan` and `scanDirectory` did. */
export interface ScanReport {
  registered: RegisteredEntry[];
  skipped: SkippedEntry[];
}
