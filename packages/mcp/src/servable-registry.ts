import type { ToolExecutionContext } from '@victor-tools/core';
import type { ToolRegistryLike } from '@victor-tools/core/framework';

/**
 * What `serveMcp` needs of a registry: core's `ToolRegistry` fits it as it
 * is, and so does any wrapper or filtered view with these members of
 * `ToolRegistryLike`. `get` and `isToolEnabled` are optional: with them, a
 * `tools/call` finds its tool by lookup; without them, by walking
 * `listTools()` (fine for a few tools). `resetLoopDetection` is optional
 * too: with it, the loop-detection counts of a connection's conversation are
 * forgotten when the connection closes.
 */
export type ServableRegistry = Pick<ToolRegistryLike, 'listTools' | 'execute' | 'onChange'> &
  Partial<Pick<ToolRegistryLike, 'get' | 'isToolEnabled'>> & {
    /** Forgets the repeated-call counts of `ctx`'s conversation (`ToolRegistry.resetLoopDetection`). */
    resetLoopDetection?(ctx: ToolExecutionContext): void;
  };
