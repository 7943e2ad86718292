import type { RegistrableTool } from '@victor-tools/core';
import { dropNullOptionals, type ToolRegistryLike } from '@victor-tools/core/framework';
import { readSchemaInput } from '@victor-tools/core/internal';
import { requireTool } from '../schema/tool-input';

/**
 * Undoes the strict-mode rewrite on the way back: a `null` the model sent for
 * a parameter the tool declared optional (and not nullable) is removed, so
 * validation applies the tool's defaults and the tool sees exactly what it
 * declared. Nested objects and array items are handled the same way. Returns
 * a copy; `args` is never changed. It is core's `dropNullOptionals` applied
 * to the tool's parameters. core's `ToolRegistry` already does this itself
 * (its `nullAsAbsent` option, on by default), so it is needed only before
 * another registry, one built with `nullAsAbsent: false`, or your own code:
 *
 * ```ts
 * const args = normalizeStrictArguments(tool, JSON.parse(call.function.arguments));
 * await registry.execute(call.function.name, args, ctx);
 * ```
 */
export function normalizeStrictArguments<T>(tool: RegistrableTool, args: T): T {
  const resolved = requireTool(tool);
  // The JSON Schema form the strict export was made from: a tool declared with
  // a Standard Schema (zod, valibot, arktype) returns the library's object from
  // `parameters`, which has no `properties`, and its nulls were kept.
  return dropNullOptionals(readSchemaInput(resolved.parameters, { owner: () => `Tool '${resolved.name}'` }).jsonSchema, args);
}

/**
 * `normalizeStrictArguments` for a registry: looks the tool up by name
 * (aliases too) and leaves the arguments as they are for an unknown name, so
 * `registry.execute` still reports it.
 */
export function createStrictArgumentsNormalizer(registry: Pick<ToolRegistryLike, 'get'>): <T>(name: string, args: T) => T {
  return <T>(name: string, args: T): T => {
    const tool = registry.get(name);
    return tool === undefined ? args : normalizeStrictArguments(tool, args);
  };
}
