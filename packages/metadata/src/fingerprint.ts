import { CostTier, type BaseTool } from '@victor-tools/core';

interface Cached {
  parameters: unknown;
  parametersKey: string;
}

const cache = new WeakMap<BaseTool, Cached>();

function serialize(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'undefined';
  } catch {
    // A cyclic schema cannot be serialized; its identity is the best we have.
    return `unserializable:${String(value)}`;
  }
}

/**
 * What the indexes depend on, as one string: name, description, cost tier,
 * aliases, parameters and metadata. Metadata is small and serialized every
 * time, so a tool whose getter returns a mutated object is still seen to
 * change. The parameters schema is re-serialized only when the getter returns
 * another object than last time: a schema mutated in place is not detected
 * (pass `force: true` to `refreshFromTools` after doing that).
 */
export function fingerprintTool(tool: BaseTool): string {
  const parameters = tool.parameters;
  let cached = cache.get(tool);
  if (!cached || cached.parameters !== parameters) {
    cached = { parameters, parametersKey: serialize(parameters) };
    cache.set(tool, cached);
  }
  return [
    tool.name,
    tool.description,
    CostTier.from(tool.costTier).value,
    tool.aliases.join('\u0001'),
    cached.parametersKey,
    serialize(tool.metadata),
  ].join('\u0000');
}
