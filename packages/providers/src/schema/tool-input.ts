import { SchemaLevel, resolveTool, type BaseTool, type JsonSchema } from '@victor-tools/core';
import type { ExportableTool, ExportOptions } from '../types';
import { cloneSchema } from './walk';

/** What every exporter starts from: the tool's own schema at the asked level. */
export interface ToolInput {
  readonly tool: BaseTool;
  readonly name: string;
  readonly description: string;
  /** A deep copy of the parameters, free to rewrite. */
  readonly parameters: JsonSchema;
}

/** Resolves `value` to its `BaseTool` and renders its schema at `options.level`. */
export function readTool(value: ExportableTool, options: ExportOptions = {}): ToolInput {
  const tool = requireTool(value);
  const { function: fn } = tool.toSchema(SchemaLevel.from(options.level ?? SchemaLevel.FULL));
  return { tool, name: fn.name, description: fn.description, parameters: cloneSchema(fn.parameters ?? {}) };
}

/** The `BaseTool` behind `value`, or a `TypeError` saying what to pass instead. */
export function requireTool(value: unknown): BaseTool {
  const tool = resolveTool(value);
  if (tool) return tool;
  const shown = value === null ? 'null' : typeof value === 'object' ? (value.constructor?.name ?? 'object') : typeof value;
  throw new TypeError(
    `Cannot export ${shown} as a tool: pass a BaseTool, an instance of a @Tool class or a function tool from tool().`,
  );
}
