// `@victor-tools/providers/framework`: for code that builds on the exporters
// rather than calling them: an adapter to another agent framework (what
// @victor-tools/ai-sdk, langchain and openai-agents share), a schema renderer
// for selectTools or the CLI, the providers' naming rules. Public API,
// covered by semver like the root (its report is
// api/providers-framework.api.md). Named exports only.
export type { DropAction, ObjectSchema, ProviderName } from './types';
export { InvalidPropertyKeyError, InvalidToolNameError, UnknownProviderError } from './errors';
export { TOOL_NAME_RULES, assertToolName, type ToolNameRule } from './names';
export { OPENAI_STRICT_KEYWORDS, OPENAI_STRICT_FORMATS, OPENAI_STRICT_LIMITS } from './openai/strict-schema';
export { normalizeStrictArguments, createStrictArgumentsNormalizer } from './openai/normalize-strict-arguments';
export type { AnthropicToolSearchTool } from './anthropic';
export { GEMINI_KEYWORDS, GEMINI_FORMATS, type GeminiSchema } from './gemini';
export { mcpAnnotations, MCP_SCHEMA_DIALECT, type McpToolAnnotations } from './mcp';
export {
  openaiRenderer,
  anthropicRenderer,
  geminiRenderer,
  mcpRenderer,
  providerRenderers,
  createOpenAIRenderer,
  getRenderer,
} from './renderers';
// The building blocks of a framework adapter (see adapters/index.ts): which
// tools to offer, the context of one call, the text a model reads of a
// result, and a check of the adapter's options.
export * from './adapters';
