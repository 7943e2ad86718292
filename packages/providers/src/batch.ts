import { toAnthropicTool, type AnthropicTool } from './anthropic';
import { toGeminiFunction, type GeminiFunctionDeclaration } from './gemini';
import { toMcpTool, type McpTool } from './mcp';
import { toOpenAITool, type OpenAIChatTool, type OpenAIExportOptions, type OpenAIResponsesTool } from './openai/to-openai-tool';
import type { DroppedKeyword, ExportOptions, ExportableTool, ProviderExport } from './types';

/** Where a batch export takes its tools: a registry (its `listTools()`: enabled and available) or a list. */
export type ToolSource = { listTools(): Iterable<ExportableTool> } | Iterable<ExportableTool>;

/** A batch export: the schemas in order, and what each tool lost, named. */
export interface BatchExport<S> {
  readonly schemas: S[];
  readonly dropped: Array<DroppedKeyword & { readonly tool: string }>;
}

/** Every listed tool as an OpenAI tool: `openai.chat.completions.create({ tools: toOpenAITools(registry).schemas })`. */
export function toOpenAITools(source: ToolSource, options: OpenAIExportOptions & { api: 'responses' }): BatchExport<OpenAIResponsesTool>;
export function toOpenAITools(source: ToolSource, options?: OpenAIExportOptions & { api?: 'chat' }): BatchExport<OpenAIChatTool>;
export function toOpenAITools(source: ToolSource, options: OpenAIExportOptions = {}): BatchExport<OpenAIChatTool | OpenAIResponsesTool> {
  return batch(source, (tool) => toOpenAITool(tool, options), (s) => ('function' in s ? s.function.name : s.name));
}

/** Every listed tool as an Anthropic tool. */
export function toAnthropicTools(source: ToolSource, options: ExportOptions = {}): BatchExport<AnthropicTool> {
  return batch(source, (tool) => toAnthropicTool(tool, options), (s) => s.name);
}

/** Every listed tool as a Gemini function declaration. */
export function toGeminiFunctions(source: ToolSource, options: ExportOptions = {}): BatchExport<GeminiFunctionDeclaration> {
  return batch(source, (tool) => toGeminiFunction(tool, options), (s) => s.name);
}

/** Every listed tool as an MCP tool. */
export function toMcpTools(source: ToolSource, options: ExportOptions = {}): BatchExport<McpTool> {
  return batch(source, (tool) => toMcpTool(tool, options), (s) => s.name);
}

function batch<S>(source: ToolSource, convert: (tool: ExportableTool) => ProviderExport<S>, nameOf: (schema: S) => string): BatchExport<S> {
  const tools = 'listTools' in source && typeof source.listTools === 'function' ? source.listTools() : (source as Iterable<ExportableTool>);
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
