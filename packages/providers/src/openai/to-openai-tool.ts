import { capText } from '@victor-tools/core/internal';
import type { RegistrableTool } from '@victor-tools/core';
import type { JsonSchema } from '@victor-tools/core';
import { TOOL_NAME_RULES, assertToolName } from '../names';
import { checkAdapterOptions } from '../adapters/adapter-options';
import { checkOption } from '../options';
import { dropOutputSchema, readTool } from '../schema/tool-input';
import { DropLog, asObjectRoot, liftRootKeywords } from '../schema/walk';
import type { ExportOptions, ObjectSchema, ProviderExport } from '../types';
import { UndeclaredRequiredError, checkStrictLimits, toStrictSchema } from './strict-schema';

// OpenAI answers 400 "schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'const'/'not' at the top level".
const OPENAI_ROOT_REFUSED = ['anyOf', 'oneOf', 'allOf', 'enum', 'const', 'not'] as const;

/** A Chat Completions function tool; assignable to the OpenAI SDK's `ChatCompletionFunctionTool`. */
export interface OpenAIChatTool {
  type: 'function';
  function: {
    name: string;
    description: string;
    parameters: ObjectSchema;
    strict?: boolean;
  };
}

/** A Responses API function tool; assignable to the OpenAI SDK's `FunctionTool`. */
export interface OpenAIResponsesTool {
  type: 'function';
  name: string;
  description: string;
  parameters: ObjectSchema;
  strict: boolean;
}

/** Options of `toOpenAITool`. */
export interface OpenAIExportOptions extends ExportOptions {
  /** Structured Outputs: every property required, optional ones nullable, objects closed. */
  strict?: boolean;
  /** Which API's tool shape: Chat Completions (default) or Responses. */
  api?: 'chat' | 'responses';
}

/**
 * A tool as an OpenAI function tool. Without `strict` the parameters pass
 * through unchanged, but for what OpenAI refuses at their top level
 * (`anyOf`, `oneOf`, `allOf`, `enum`, `const`, `not`: an `allOf` of object
 * schemas is merged, the others are removed); with it, they are rewritten
 * for Structured Outputs. `dropped` lists every change. The nulls a strict model sends for optional
 * parameters are taken as absent by core's `ToolRegistry` (elsewhere, use
 * `normalizeStrictArguments`).
 * Throws `InvalidToolNameError` for a name OpenAI rejects, and a
 * `RangeError` for a strict schema over OpenAI's limits (10 nesting levels,
 * 5,000 properties, 1,000 enum values, 120,000 characters of names and
 * values; `OPENAI_STRICT_LIMITS`).
 */
export function toOpenAITool(tool: RegistrableTool, options: OpenAIExportOptions & { api: 'responses' }): ProviderExport<OpenAIResponsesTool>;
export function toOpenAITool(tool: RegistrableTool, options?: OpenAIExportOptions & { api?: 'chat' }): ProviderExport<OpenAIChatTool>;
export function toOpenAITool(tool: RegistrableTool, options?: OpenAIExportOptions): ProviderExport<OpenAIChatTool | OpenAIResponsesTool>;
export function toOpenAITool(
  tool: RegistrableTool,
  options: OpenAIExportOptions = {},
): ProviderExport<OpenAIChatTool | OpenAIResponsesTool> {
  checkAdapterOptions('toOpenAITool', options, ['level', 'strict', 'api']);
  checkOption('toOpenAITool', 'strict', options.strict, [true, false]);
  checkOption('toOpenAITool', 'api', options.api, ['chat', 'responses']);
  const input = readTool(tool, options);
  const { name, description, parameters } = input;
  assertToolName(name, TOOL_NAME_RULES.openai);
  const log = new DropLog();
  dropOutputSchema(input, log, 'OpenAI function');
  const strict = options.strict === true;
  const root: JsonSchema = asObjectRoot(parameters, log);
  liftRootKeywords(root, log, 'OpenAI', 'parameters', OPENAI_ROOT_REFUSED);
  const schema = (strict ? strictParameters(root, name, log) : root) as ObjectSchema;
  if (strict) checkStrictLimits(schema, name);
  if (options.api === 'responses') {
    return { schema: { type: 'function', name, description, parameters: schema, strict }, dropped: log.entries };
  }
  const fn: OpenAIChatTool['function'] = { name, description, parameters: schema };
  if (strict) fn.strict = true;
  return { schema: { type: 'function', function: fn }, dropped: log.entries };
}

/**
 * The strict form of `root`. A name in `required` without a property is
 * refused rather than reported: strict mode closes the object, so no call
 * could carry it, and validation would refuse every call without it.
 */
function strictParameters(root: JsonSchema, tool: string, log: DropLog): JsonSchema {
  try {
    return toStrictSchema(root, '', log);
  } catch (error) {
    if (!(error instanceof UndeclaredRequiredError)) throw error;
    const [property, path] = [capText(error.property), capText(error.path)];
    throw new TypeError(
      `toOpenAITool: tool '${tool}' requires '${property}'${path === '' ? '' : ` in '${path}'`}, which its parameters do not declare in properties. Strict mode closes every object (additionalProperties: false), so a strict model could never send it, and validation refuses every value there without it. Declare '${property}' in properties or remove it from required.`,
    );
  }
}
