import type { BaseTool, RegistrableTool } from '@victor-tools/core';

/**
 * What the container needs of a `ToolRegistry` (SPEC section 6): core's
 * `ToolRegistry` satisfies it.
 */
export interface ToolRegistryLike {
  register(tool: RegistrableTool, options?: { enabled?: boolean; replace?: boolean }): unknown;
  get(name: string): BaseTool | undefined;
  has(name: string): boolean;
  listTools(options?: { onlyEnabled?: boolean }): BaseTool[];
}

/**
 * What the container needs of a `ToolMetadataRegistry` (SPEC section 7):
 * the one of `@victor-tools/metadata` satisfies it.
 */
export interface MetadataRegistryLike {
  refreshFromTools(tools: Iterable<BaseTool>, options?: { force?: boolean }): boolean;
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
