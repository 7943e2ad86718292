import * as core from '@victor-tools/core';
import type { ToolRegistryLike } from './contracts';

/**
 * A new core `ToolRegistry`. Looked up on core's exports at run time rather
 * than imported by name, so this package builds against any core that
 * exports the SPEC section 6 registry.
 */
export function createDefaultRegistry(): ToolRegistryLike {
  const Registry = (core as unknown as { ToolRegistry?: new () => ToolRegistryLike }).ToolRegistry;
  if (typeof Registry !== 'function') {
    throw new Error(`@victor-tools/core exports no ToolRegistry. Pass one: new ToolContainer({ registry }).`);
  }
  return new Registry();
}
