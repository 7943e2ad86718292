import type { JsonSchema, RegistrableTool } from '@victor-tools/core';
import { TOOL_NAME_RULES, assertToolName } from './names';
import { checkAdapterOptions } from './adapters/adapter-options';
import { InvalidPropertyKeyError } from './errors/invalid-property-key-error';
import { checkOption } from './options';
import { dropOutputSchema, readTool } from './schema/tool-input';
import { DropLog, asObjectRoot, eachSchema, isSchema, liftRootKeywords } from './schema/walk';
import type { ExportOptions, ObjectSchema, ProviderExport } from './types';

/** An Anthropic Messages API tool; assignable to the SDK's `Anthropic.Tool`. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: ObjectSchema;
  /** Left out of the model's context until Anthropic's tool search finds it (see `anthropicToolSearchTool`). */
  defer_loading?: boolean;
}

/** Options of `toAnthropicTool`. */
export interface AnthropicExportOptions extends ExportOptions {
  /** Marks the tool `defer_loading: true`, for Anthropic's server-side tool search. */
  deferLoading?: boolean;
}

/** Anthropic's server-side tool search tool, as the Messages API takes it in `tools`; assignable to the SDK's type of each variant. */
export type AnthropicToolSearchTool =
  | { type: 'tool_search_tool_bm25_20251119'; name: 'tool_search_tool_bm25' }
  | { type: 'tool_search_tool_regex_20251119'; name: 'tool_search_tool_regex' };

/**
 * Anthropic's tool search tool, to send beside tools marked `defer_loading`
 * (`toAnthropicTools(registry, { loaded })`): the model searches the deferred
 * tools, with natural-language queries (`'bm25'`, the default) or regular
 * expressions (`'regex'`), and Anthropic loads the ones it finds. It is
 * never deferred itself, so the request always holds a loaded tool.
 */
export function anthropicToolSearchTool(variant: 'bm25' | 'regex' = 'bm25'): AnthropicToolSearchTool {
  if (variant === 'bm25') return { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' };
  if (variant === 'regex') return { type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' };
  throw new TypeError(`anthropicToolSearchTool: the variant must be 'bm25' or 'regex', got ${JSON.stringify(variant)}`);
}

const ROOT_COMBINATORS = ['anyOf', 'oneOf', 'allOf'] as const;

/**
 * A tool as an Anthropic tool. Anthropic takes JSON Schema as it is, except
 * `anyOf`/`oneOf`/`allOf` at the top level of `input_schema`: an `allOf` of
 * object schemas is merged, the others are removed and reported.
 * Throws `InvalidToolNameError` for a name Anthropic rejects and
 * `InvalidPropertyKeyError` for a property key it rejects. With
 * `deferLoading`, the tool is marked `defer_loading: true`.
 */
export function toAnthropicTool(tool: RegistrableTool, options: AnthropicExportOptions = {}): ProviderExport<AnthropicTool> {
  checkAdapterOptions('toAnthropicTool', options, ['level', 'deferLoading']);
  checkOption('toAnthropicTool', 'deferLoading', options.deferLoading, [true, false]);
  const input = readTool(tool, options);
  const { name, description, parameters } = input;
  assertToolName(name, TOOL_NAME_RULES.anthropic);
  const log = new DropLog();
  dropOutputSchema(input, log, 'Anthropic');
  const schema = asObjectRoot(parameters, log);
  liftRootKeywords(schema, log, 'Anthropic', 'input_schema', ROOT_COMBINATORS);
  eachSchema(schema, (each, path) => {
    assertPropertyKeys(each, path, name);
    draft7TupleToPrefixItems(each, path, log);
  });
  const exported: AnthropicTool = { name, description, input_schema: schema };
  if (options.deferLoading === true) exported.defer_loading = true;
  return { schema: exported, dropped: log.entries };
}

/**
 * Anthropic checks `input_schema` against JSON Schema draft 2020-12 (400
 * "JSON schema is invalid"), where a tuple is `prefixItems` and the items
 * after it are `items`; draft 7 (TypeBox's `Type.Tuple`, zod's `z.tuple`)
 * writes `items: [...]` and `additionalItems`. Same meaning, other words.
 */
function draft7TupleToPrefixItems(schema: JsonSchema, path: string, log: DropLog): void {
  const { items, additionalItems } = schema;
  if (Array.isArray(items)) {
    delete schema.items;
    delete schema.additionalItems;
    schema.prefixItems = items;
    // `items: false` (no more items) is a boolean schema, which JsonSchema does not type.
    if (additionalItems !== undefined) (schema as Record<string, unknown>).items = additionalItems;
    log.rewritten('items', path, 'Anthropic takes JSON Schema draft 2020-12, where a tuple is prefixItems; items: [...] becomes prefixItems (and additionalItems items)');
  } else if (additionalItems !== undefined) {
    delete schema.additionalItems;
    log.removed('additionalItems', path, 'additionalItems is not draft 2020-12 and meant nothing here (items is not a list)');
  }
}

// Anthropic answers 400 for the whole request: "property key ... does not match pattern ^[a-zA-Z0-9_.-]{1,64}$".
const PROPERTY_KEY = /^[a-zA-Z0-9_.-]{1,64}$/;
const PROPERTY_KEY_RULE = "letters, digits, '_', '.' and '-' only, 1 to 64 characters";

/** Throws an `InvalidPropertyKeyError` for the first key of `schema.properties` Anthropic would refuse. */
function assertPropertyKeys(schema: JsonSchema, path: string, tool: string): void {
  const properties = schema.properties;
  if (!isSchema(properties)) return;
  for (const key of Object.keys(properties)) {
    if (PROPERTY_KEY.test(key)) continue;
    const suggestion = (key.replace(/[^a-zA-Z0-9_.-]/g, '_') || 'value').slice(0, 64);
    throw new InvalidPropertyKeyError(key, path, tool, 'Anthropic', PROPERTY_KEY_RULE, suggestion);
  }
}
