import type { RegistrableTool } from '@victor-tools/core';
import { checkAdapterOptions } from './adapters/adapter-options';
import { toAnthropicTool, type AnthropicTool } from './anthropic';
import { toolChoices, type ToolsOption } from './adapters/registry-tools';
import { toGeminiFunction, type GeminiFunctionDeclaration } from './gemini';
import { toMcpTool, type McpTool } from './mcp';
import { toOpenAITool, type OpenAIChatTool, type OpenAIExportOptions, type OpenAIResponsesTool } from './openai/to-openai-tool';
import type { DroppedKeyword, ExportOptions, ProviderExport } from './types';

/** The tools a batch export converts: a registry (its `listTools()`: enabled and available) or a list of tools. */
export type ToolsToExport = { listTools(): Iterable<RegistrableTool> } | Iterable<RegistrableTool>;

/** A batch export: the schemas in order, and what each tool lost, named. */
export interface BatchExport<S> {
  readonly schemas: S[];
  readonly dropped: Array<DroppedKeyword & { readonly tool: string }>;
}

/** Every listed tool as an OpenAI tool: `openai.chat.completions.create({ tools: toOpenAITools(registry).schemas })`. */
export function toOpenAITools(source: ToolsToExport, options: OpenAIExportOptions & { api: 'responses' }): BatchExport<OpenAIResponsesTool>;
export function toOpenAITools(source: ToolsToExport, options?: OpenAIExportOptions & { api?: 'chat' }): BatchExport<OpenAIChatTool>;
export function toOpenAITools(source: ToolsToExport, options?: OpenAIExportOptions): BatchExport<OpenAIChatTool | OpenAIResponsesTool>;
export function toOpenAITools(source: ToolsToExport, options: OpenAIExportOptions = {}): BatchExport<OpenAIChatTool | OpenAIResponsesTool> {
  checkAdapterOptions('toOpenAITools', options, ['level', 'strict', 'api']);
  return batch(source, (tool) => toOpenAITool(tool, options), (s) => ('function' in s ? s.function.name : s.name));
}

/** Options of `toAnthropicTools`. */
export interface AnthropicBatchOptions extends ExportOptions {
  /**
   * The tools the model sees from the start: names (or aliases), or
   * `selectTools(...)`'s answer. Every other tool is marked
   * `defer_loading: true`, for Anthropic's tool search to find when the model
   * needs it: send `anthropicToolSearchTool()` with them (the export never
   * includes it; an empty `loaded` defers every tool, and Anthropic refuses a
   * request without a loaded tool). Default: every tool loaded, none deferred.
   */
  loaded?: ToolsOption;
}

/** Every listed tool as an Anthropic tool; with `loaded`, the others deferred for Anthropic's tool search. */
export function toAnthropicTools(source: ToolsToExport, options: AnthropicBatchOptions = {}): BatchExport<AnthropicTool> {
  checkAdapterOptions('toAnthropicTools', options, ['level', 'loaded']);
  const loaded = options.loaded === undefined ? undefined : loadedNames(options.loaded);
  const tools = [...toolsOf(source)];
  const namesOf = (tool: RegistrableTool): string[] => {
    const { name, aliases } = tool as { name?: unknown; aliases?: unknown };
    return [name, ...(Array.isArray(aliases) ? aliases : [])].filter((each): each is string => typeof each === 'string');
  };
  if (loaded !== undefined) {
    // As pickTools: a misspelt name would otherwise defer the tool it meant, in silence.
    const known = new Set(tools.flatMap(namesOf));
    for (const name of loaded) {
      if (!known.has(name)) throw new Error(`Tool '${name}' is not registered: pick tools by their registered name or an alias.`);
    }
  }
  const isLoaded = (tool: RegistrableTool): boolean => loaded === undefined || namesOf(tool).some((name) => loaded.has(name));
  return batch(tools, (tool) => toAnthropicTool(tool, { level: options.level, deferLoading: !isLoaded(tool) }), (s) => s.name);
}

function loadedNames(option: ToolsOption): Set<string> {
  const choices = toolChoices('toAnthropicTools: loaded', option);
  const names = new Set<string>();
  for (const choice of choices) {
    const name = typeof choice === 'string' ? choice : (choice as { name?: unknown } | null)?.name;
    if (typeof name !== 'string') throw new TypeError(`toAnthropicTools: loaded must hold tool names or { name }, got ${JSON.stringify(choice)}`);
    names.add(name);
  }
  return names;
}

/** Every listed tool as a Gemini function declaration. */
export function toGeminiFunctions(source: ToolsToExport, options: ExportOptions = {}): BatchExport<GeminiFunctionDeclaration> {
  checkAdapterOptions('toGeminiFunctions', options, ['level']);
  return batch(source, (tool) => toGeminiFunction(tool, options), (s) => s.name);
}

/** Every listed tool as an MCP tool. */
export function toMcpTools(source: ToolsToExport, options: ExportOptions = {}): BatchExport<McpTool> {
  checkAdapterOptions('toMcpTools', options, ['level']);
  return batch(source, (tool) => toMcpTool(tool, options), (s) => s.name);
}

function toolsOf(source: ToolsToExport): Iterable<RegistrableTool> {
  return 'listTools' in source && typeof source.listTools === 'function' ? source.listTools() : (source as Iterable<RegistrableTool>);
}

function batch<S>(source: ToolsToExport, convert: (tool: RegistrableTool) => ProviderExport<S>, nameOf: (schema: S) => string): BatchExport<S> {
  const tools = toolsOf(source);
  const schemas: S[] = [];
  const dropped: Array<DroppedKeyword & { tool: string }> = [];
  for (const tool of tools) {
    const result = convert(tool);
    schemas.push(result.schema);
    const name = nameOf(result.schema);
    for (const entry of result.dropped) dropped.push({ tool: name, ...entry });
  }
  return { schemas, dropped };
}
