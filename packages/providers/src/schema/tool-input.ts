import { SchemaLevel, resolveTool, type BaseTool, type JsonSchema } from '@victor-tools/core';
import { describeValue, outputSchemaOf } from '@victor-tools/core/internal';
import type { ExportableTool, ExportOptions } from '../types';
import { cloneSchema, type DropLog } from './walk';

/** What every exporter starts from: the tool's own schema at the asked level. */
export interface ToolInput {
  readonly tool: BaseTool;
  readonly name: string;
  readonly description: string;
  /** A deep copy of the parameters, free to rewrite. */
  readonly parameters: JsonSchema;
  /** A deep copy of the declared output schema (core's `outputSchemaOf`), or undefined. */
  readonly outputSchema: JsonSchema | undefined;
}

/** Resolves `value` to its `BaseTool` and renders its schema at `options.level`. */
export function readTool(value: ExportableTool, options: ExportOptions = {}): ToolInput {
  const tool = requireTool(value);
  const { function: fn } = tool.toSchema(SchemaLevel.from(options.level ?? SchemaLevel.FULL));
  const outputSchema = outputSchemaOf(tool.outputSchema);
  return {
    tool,
    name: fn.name,
    description: fn.description,
    parameters: cloneSchema(fn.parameters ?? {}),
    outputSchema: outputSchema === undefined ? undefined : cloneSchema(outputSchema),
  };
}

/** For formats without an output-schema field: a declared output schema is left out and reported. */
export function dropOutputSchema(input: ToolInput, log: DropLog, provider: string): void {
  if (input.outputSchema === undefined) return;
  log.removed(
    'outputSchema',
    '',
    `${provider} tools have no output schema; the tool's outputs are still checked against it, but the model is not told their shape`,
  );
}

/** The `BaseTool` behind `value`, or a `TypeError` saying what to pass instead. */
export function requireTool(value: unknown): BaseTool {
  const tool = resolveTool(value);
  if (tool) return tool;
  throw new TypeError(
    `Cannot export ${describeValue(value)} as a tool: pass a BaseTool, an instance of a @Tool class or a function tool from tool().`,
  );
}
