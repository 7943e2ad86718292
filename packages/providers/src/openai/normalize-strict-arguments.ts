import type { JsonSchema } from '@victor-tools/core';
import { requireTool } from '../schema/tool-input';
import { acceptsNull, isSchema } from '../schema/walk';
import type { ExportableTool } from '../types';

/**
 * Undoes the strict-mode rewrite on the way back: a `null` the model sent for
 * a parameter the tool declared optional (and not nullable) is removed, so
 * validation applies the tool's defaults and the tool sees exactly what it
 * declared. Nested objects and array items are handled the same way. Returns
 * a copy; `args` is never changed. Apply it before `registry.execute`:
 *
 * ```ts
 * const args = normalizeStrictArguments(tool, JSON.parse(call.function.arguments));
 * await registry.execute(call.function.name, args, ctx);
 * ```
 */
export function normalizeStrictArguments<T>(tool: ExportableTool, args: T): T {
  return stripNulls(requireTool(tool).parameters, args) as T;
}

/**
 * `normalizeStrictArguments` for a registry: looks the tool up by name
 * (aliases too) and leaves the arguments as they are for an unknown name, so
 * `registry.execute` still reports it.
 */
export function createStrictArgumentsNormalizer(registry: {
  get(name: string): ExportableTool | undefined;
}): <T>(name: string, args: T) => T {
  return <T>(name: string, args: T): T => {
    const tool = registry.get(name);
    return tool === undefined ? args : normalizeStrictArguments(tool, args);
  };
}

function stripNulls(schema: JsonSchema, value: unknown): unknown {
  if (Array.isArray(value)) {
    return isSchema(schema.items) ? value.map((item) => stripNulls(schema.items as JsonSchema, item)) : value;
  }
  if (value === null || typeof value !== 'object' || !isSchema(schema.properties)) return value;
  const properties = schema.properties;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const property = properties[key];
    if (!isSchema(property)) {
      out[key] = item;
    } else if (item === null && !required.has(key) && !acceptsNull(property)) {
      continue;
    } else {
      out[key] = stripNulls(property, item);
    }
  }
  return out;
}
