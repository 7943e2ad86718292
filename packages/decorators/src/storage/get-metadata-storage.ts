import { MetadataStorage } from './metadata-storage';

// Two copies of the package in one process (an app and a plugin with their
// own node_modules) must see each other's decorators, so the storage lives on
// globalThis under a registry-wide symbol rather than in a module variable.
const STORAGE_KEY = Symbol.for('victor-tools.decorators.metadata-storage');

/** The process-wide storage of decorator records. */
export function getMetadataStorage(): MetadataStorage {
  const global = globalThis as unknown as Record<symbol, MetadataStorage | undefined>;
  return (global[STORAGE_KEY] ??= new MetadataStorage());
}
