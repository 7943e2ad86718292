// Building blocks of the framework adapters (@victor-tools/ai-sdk, langchain,
// openai-agents), for any other adapter: which tools to offer, the context of
// one call, the text a model reads of a result, and a check of their options.
export { pickTools, asksPerson, type AdaptableRegistry, type PickedTool, type ToolChoice, type ToolsOption } from './registry-tools';
export { withFrameworkCall, type FrameworkCall } from './call-context';
export {
  resultReply,
  resultText,
  outputText,
  outputJson,
  toJsonValue,
  limitText,
  DEFAULT_MAX_TEXT_LENGTH,
  type JsonValue,
  type ResultReply,
  type ResultTextOptions,
} from './result-text';
export { checkAdapterOptions } from './adapter-options';
export { offeredOnly, type ListingRegistry } from './offered-only';
export { ApprovalLedger, ledgerOf } from './approval-ledger';
