import { ToolRegistry } from '@victor-tools/core';
import { ToolMetadataRegistry } from '@victor-tools/metadata';
import type { MetadataRegistryLike, ContainerRegistry } from './contracts';

/** A new core `ToolRegistry`, for a container given none. */
export function createDefaultRegistry(): ContainerRegistry {
  return new ToolRegistry();
}

/** The process-wide `ToolMetadataRegistry`, for a container given none (SPEC section 10: scanning fills it). */
export function defaultMetadataRegistry(): MetadataRegistryLike {
  return ToolMetadataRegistry.getInstance();
}
