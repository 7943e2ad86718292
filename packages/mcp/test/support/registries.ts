import * as core from '@victor-tools/core';
import { StandInRegistry, type TestRegistry } from './stand-in-registry';

type RegistryClass = new () => TestRegistry;

// Core's ToolRegistry is written on another branch; once merged, every MCP
// test runs against it as well as against the stand-in, with no change here.
const RealRegistry = (core as Record<string, unknown>).ToolRegistry as RegistryClass | undefined;

/** The registries the MCP tests run against, by name. */
export const REGISTRIES: Array<[string, () => TestRegistry]> = [
  ['StandInRegistry', () => new StandInRegistry()],
  ...(RealRegistry ? ([['ToolRegistry', () => new RealRegistry()]] as Array<[string, () => TestRegistry]>) : []),
];
