import { TOOL_NAME_RULES, assertToolName } from './names';
import { dropOutputSchema, readTool } from './schema/tool-input';
import { DropLog, asObjectRoot, isObjectSchema, isSchema, mergeObjects } from './schema/walk';
import type { ExportOptions, ExportableTool, ObjectSchema, ProviderExport } from './types';

/** An Anthropic Messages API tool; assignable to the SDK's `Anthropic.Tool`. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: ObjectSchema;
}

const ROOT_COMBINATORS = ['anyOf', 'oneOf', 'allOf'] as const;

/**
 * A tool as an Anthropic tool. Anthropic takes JSON Schema as it is, except
 * `anyOf`/`oneOf`/`allOf` at the top level of `input_schema`: an `allOf` of
 * object schemas is merged, the others are removed and reported.
 * Throws `InvalidToolNameError` for a name Anthropic rejects.
 */
export function toAnthropicTool(tool: ExportableTool, options: ExportOptions = {}): ProviderExport<AnthropicTool> {
  const input = readTool(tool, options);
  const { name, description, parameters } = input;
  assertToolName(name, TOOL_NAME_RULES.anthropic);
  const log = new DropLog();
  dropOutputSchema(input, log, 'Anthropic');
  const schema = asObjectRoot(parameters, log);
  for (const keyword of ROOT_COMBINATORS) {
    const value = schema[keyword];
    if (value === undefined) continue;
    delete schema[keyword];
    if (keyword === 'allOf' && Array.isArray(value) && value.every((b) => isSchema(b) && isObjectSchema(b))) {
      mergeObjects(schema, value);
      log.rewritten('allOf', '', 'Anthropic does not take allOf at the top level; the object schemas are merged into one');
    } else {
      log.removed(keyword, '', `Anthropic does not take ${keyword} at the top level of input_schema`);
    }
  }
  return { schema: { name, description, input_schema: schema }, dropped: log.entries };
}
