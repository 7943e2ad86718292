import type { BaseTool } from '../base-tool';
import type { SchemaLevelLike } from '../enums';
import type { JsonSchema, ToolJSONSchema } from '../json-schema';

function rename(schema: ToolJSONSchema, name: string): ToolJSONSchema {
  if (!schema || typeof schema !== 'object' || !schema.function || schema.function.name === name) return schema;
  return { ...schema, function: { ...schema.function, name } };
}

/**
 * `tool` as the registry hands it out: under the name it was registered with
 * (`name`, `toJSONSchema()` and `toSchema()` say `name`), and with
 * `parameters` as their JSON Schema when the tool declared a Standard Schema,
 * so that every reader of a registry's tools (search, providers, workers)
 * sees JSON Schema. Everything else is the tool's own (methods run on the
 * tool itself, so private fields work). `instanceof` still holds.
 */
export function registeredView(tool: BaseTool, name: string, parameters: JsonSchema): BaseTool {
  const bound = new Map<PropertyKey, unknown>();
  const toJSONSchema = (): ToolJSONSchema => rename(tool.toJSONSchema(), name);
  const toSchema = (level?: SchemaLevelLike): ToolJSONSchema => rename(tool.toSchema(level), name);
  return new Proxy(tool, {
    get(target, property) {
      if (property === 'name') return name;
      if (property === 'parameters') return parameters;
      if (property === 'toJSONSchema') return toJSONSchema;
      if (property === 'toSchema') return toSchema;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function' || property === 'constructor') return value;
      let method = bound.get(property);
      if (method === undefined || (method as { original?: unknown }).original !== value) {
        const wrapper = (value as (...args: unknown[]) => unknown).bind(target);
        Object.defineProperty(wrapper, 'original', { value });
        bound.set(property, wrapper);
        method = wrapper;
      }
      return method;
    },
  });
}
