// The public API of @victor-tools/providers: a tool, or a set of tools, as
// each provider's format, with what the format dropped. Any new export here
// becomes public API: named exports only. What code building on the
// exporters needs (renderers, name rules, the adapters' shared glue) is in
// ./framework (`@victor-tools/providers/framework`, semver-covered too).

// Registers the providers' schema renderers with core when the package loads
// (selectTools' `provider: 'anthropic'`), as the framework entry does.
import './renderers';

export type { DroppedKeyword, ProviderExport, ExportOptions } from './types';
export { toOpenAITool, type OpenAIChatTool, type OpenAIResponsesTool, type OpenAIExportOptions } from './openai/to-openai-tool';
export { toAnthropicTool, anthropicToolSearchTool, type AnthropicTool, type AnthropicExportOptions } from './anthropic';
export { toGeminiFunction, type GeminiFunctionDeclaration } from './gemini';
export { toMcpTool, type McpTool } from './mcp';
export { toOpenAITools, toAnthropicTools, toGeminiFunctions, toMcpTools, type ToolsToExport, type BatchExport, type AnthropicBatchOptions } from './batch';
