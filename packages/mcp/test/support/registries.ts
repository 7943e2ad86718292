import { ToolRegistry } from '@victor-tools/core';
import { MinimalRegistry, type TestRegistry } from './minimal-registry';

/** The registries the MCP tests run against, by name: core's, and the least `serveMcp` needs. */
export const REGISTRIES: Array<[string, () => TestRegistry]> = [
  ['ToolRegistry', () => new ToolRegistry()],
  ['MinimalRegistry', () => new MinimalRegistry()],
];
