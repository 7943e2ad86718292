import { CostTier, type BaseTool } from '@victor-tools/core';

/**
 * What was last read from a tool, to tell cheaply whether it changed. The
 * getters are read on every check (they are the truth), but their results are
 * compared by reference or by value before anything is serialized.
 */
interface ToolState {
  name: string;
  description: string;
  costTier: unknown;
  costValue: string;
  aliases: string;
  parameters: unknown;
  parametersKey: string;
  parametersSnapshot: unknown;
  /** A private copy of the metadata, so a getter returning a mutated object is still seen. */
  metadataSnapshot: unknown;
  metadataKey: string;
  key: string;
}

const states = new WeakMap<BaseTool, ToolState>();

function serialize(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'undefined';
  } catch {
    // A cyclic schema cannot be serialized; its identity is the best we have.
    return `unserializable:${String(value)}`;
  }
}

/** A copied plain object: its own keys and values, in order. */
class ObjectCopy {
  constructor(
    readonly keys: readonly string[],
    readonly values: readonly unknown[],
  ) {}
}

/** A copied array. */
class ArrayCopy {
  constructor(readonly items: readonly unknown[]) {}
}

const MAX_DEPTH = 8;

/**
 * A private copy of plain objects and arrays; anything else (strings,
 * numbers, enum and class instances) is kept as it is and later compared by
 * identity. Past MAX_DEPTH the value itself is kept, which `sameAs` then
 * always reports as changed (safe: that only costs a serialization).
 */
function snapshot(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return new ArrayCopy(value.map((item) => snapshot(item, depth + 1)));
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const keys = Object.keys(value);
  return new ObjectCopy(
    keys,
    keys.map((key) => snapshot((value as Record<string, unknown>)[key], depth + 1)),
  );
}

/** Whether `live` still holds what `copy` (a `snapshot`) recorded, keys in the same order. */
function sameAs(copy: unknown, live: unknown): boolean {
  if (copy instanceof ObjectCopy) {
    if (live === null || typeof live !== 'object' || Array.isArray(live)) return false;
    // Keys, then values, each in the object's own order, as the snapshot recorded them.
    const liveKeys = Object.keys(live);
    const { keys, values } = copy;
    if (liveKeys.length !== keys.length) return false;
    for (let i = 0; i < keys.length; i++) if (liveKeys[i] !== keys[i]) return false;
    const liveValues = Object.values(live) as unknown[];
    for (let i = 0; i < values.length; i++) {
      const recorded = values[i];
      const value = liveValues[i];
      if (recorded === value && (typeof value !== 'object' || value === null)) continue;
      if (!sameAs(recorded, value)) return false;
    }
    return true;
  }
  if (copy instanceof ArrayCopy) {
    if (!Array.isArray(live) || live.length !== copy.items.length) return false;
    const { items } = copy;
    for (let i = 0; i < items.length; i++) {
      const recorded = items[i];
      const value: unknown = live[i];
      if (recorded === value && (typeof value !== 'object' || value === null)) continue;
      if (!sameAs(recorded, value)) return false;
    }
    return true;
  }
  // A kept object past MAX_DEPTH may have changed inside: never vouch for it.
  return copy === live && (copy === null || typeof copy !== 'object' || (!Array.isArray(copy) && isInstance(copy)));
}

function isInstance(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto !== Object.prototype && proto !== null;
}

function joinAliases(aliases: readonly string[]): string {
  return aliases.length === 0 ? '' : aliases.length === 1 ? aliases[0] : aliases.join('\u0001');
}

/**
 * What the indexes depend on, as one string: name, description, cost tier,
 * aliases, parameters and metadata. The result is cached per tool object and
 * recomputed only when a getter returns something else than last time:
 * strings by value, the cost tier by identity then value, the parameters
 * schema by identity and, when it is another object, by content (a schema
 * mutated in place is not detected, and its serialization is shared by every
 * tool holding that schema object: pass `force: true` to `refreshFromTools`
 * after doing that), the metadata by
 * content against a private copy, without serializing (so a metadata object
 * mutated in place is seen, and a fresh-but-equal one is not a change).
 */
export function fingerprintTool(tool: BaseTool): string {
  const name = tool.name;
  const description = tool.description;
  const costTier = tool.costTier as unknown;
  const aliases = joinAliases(tool.aliases);
  const parameters = tool.parameters as unknown;
  const metadata = tool.metadata as unknown;
  const state = states.get(tool);
  if (state) {
    let dirty = false;
    if (state.costTier !== costTier) {
      const costValue = CostTier.from(tool.costTier).value;
      state.costTier = costTier;
      if (costValue !== state.costValue) {
        state.costValue = costValue;
        dirty = true;
      }
    }
    if (state.parameters !== parameters) {
      // Another object: compared by content first, so a getter building a fresh equal schema on each call is cheap.
      state.parameters = parameters;
      if (!sameAs(state.parametersSnapshot, parameters)) {
        state.parametersSnapshot = snapshot(parameters);
        const parametersKey = serialize(parameters);
        if (parametersKey !== state.parametersKey) {
          state.parametersKey = parametersKey;
          dirty = true;
        }
      }
    }
    if (!sameAs(state.metadataSnapshot, metadata)) {
      state.metadataSnapshot = snapshot(metadata);
      const metadataKey = serialize(metadata);
      if (metadataKey !== state.metadataKey) {
        state.metadataKey = metadataKey;
        dirty = true;
      }
    }
    if (state.name !== name || state.description !== description || state.aliases !== aliases) {
      state.name = name;
      state.description = description;
      state.aliases = aliases;
      dirty = true;
    }
    if (dirty) state.key = keyOf(state);
    return state.key;
  }
  const schemaKey = parametersKeyOf(parameters);
  const fresh: ToolState = {
    name,
    description,
    costTier,
    costValue: CostTier.from(tool.costTier).value,
    aliases,
    parameters,
    parametersKey: schemaKey.key,
    parametersSnapshot: schemaKey.snapshot,
    metadataSnapshot: snapshot(metadata),
    metadataKey: serialize(metadata),
    key: '',
  };
  fresh.key = keyOf(fresh);
  states.set(tool, fresh);
  return fresh.key;
}

// Parameter schemas are compared by identity (see fingerprintTool), so one
// serialization serves every tool object that shares a schema: a decorated
// class scanned again, or many tools built from one schema.
const schemaKeys = new WeakMap<object, { key: string; snapshot: unknown }>();

function parametersKeyOf(parameters: unknown): { key: string; snapshot: unknown } {
  if (parameters === null || typeof parameters !== 'object') return { key: serialize(parameters), snapshot: parameters };
  let known = schemaKeys.get(parameters);
  if (!known) schemaKeys.set(parameters, (known = { key: serialize(parameters), snapshot: snapshot(parameters) }));
  return known;
}

function keyOf(state: ToolState): string {
  return [state.name, state.description, state.costValue, state.aliases, state.parametersKey, state.metadataKey].join('\u0000');
}
