// Any new export here becomes public API: named exports only.
export type { DropAction, DroppedKeyword, ProviderExport, ExportableTool, ExportOptions, ObjectSchema, ProviderName } from './types';
export { InvalidToolNameError, UnknownProviderError } from './errors';
export { TOOL_NAME_RULES, assertToolName, type ToolNameRule } from './names';
export { toOpenAITool, type OpenAIChatTool, type OpenAIResponsesTool, type OpenAIExportOptions } from './openai/to-openai-tool';
export { OPENAI_STRICT_KEYWORDS, OPENAI_STRICT_FORMATS } from './openai/strict-schema';
export { normalizeStrictArguments, createStrictArgumentsNormalizer } from './openai/normalize-strict-arguments';
export { toAnthropicTool, anthropicToolSearchTool, type AnthropicTool, type AnthropicExportOptions, type AnthropicToolSearchTool } from './anthropic';
export { toGeminiFunction, GEMINI_KEYWORDS, GEMINI_FORMATS, type GeminiFunctionDeclaration, type GeminiSchema } from './gemini';
export { toMcpTool, mcpAnnotations, MCP_SCHEMA_DIALECT, type McpTool, type McpToolAnnotations } from './mcp';
export {
  openaiRenderer,
  anthropicRenderer,
  geminiRenderer,
  mcpRenderer,
  providerRenderers,
  createOpenAIRenderer,
  getRenderer,
} from './renderers';
export { toOpenAITools, toAnthropicTools, toGeminiFunctions, toMcpTools, type ToolSource, type BatchExport, type AnthropicBatchOptions } from './batch';
export {
  pickTools,
  asksPerson,
  frameworkCallContext,
  resultText,
  outputText,
  toJsonValue,
  type AdaptableRegistry,
  type PickedTool,
  type ToolChoice,
  type ToolsOption,
  type FrameworkCall,
  type JsonValue,
} from './framework';
